// npm run local-action [-- blocked | pass | rate-limited | error]
//
// Runs src/main.ts (not the bundle) through @github/local-action, against the stand-in of the service
// started here on port 8787. Settings come from .env when it exists, otherwise from .env.example.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { ACTION_DIR } from './run-action.mjs'
import { SCENARIOS, startStandIn } from './stand-in.mjs'

const scenario = process.argv[2] ?? 'blocked'
if (!SCENARIOS[scenario]) {
  console.error(`Unknown scenario '${scenario}'. Try one of: ${Object.keys(SCENARIOS).join(', ')}.`)
  process.exit(2)
}
const envFile = existsSync(join(ACTION_DIR, '.env')) ? '.env' : '.env.example'
const standIn = await startStandIn({ script: SCENARIOS[scenario], port: 8787 })
console.log(`Stand-in answering '${scenario}' at ${standIn.baseUrl}; settings from ${envFile}.`)
const bin = join(ACTION_DIR, 'node_modules', '.bin', 'local-action')
const child = spawn(bin, ['.', 'src/main.ts', envFile], { cwd: ACTION_DIR, stdio: 'inherit' })
const code = await new Promise((resolve) => child.on('close', (c) => resolve(c ?? 1)))
await standIn.close()
process.exitCode = code
