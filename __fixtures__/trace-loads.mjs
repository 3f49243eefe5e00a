// Preloaded with `node --import` by startup.e2e.test.ts: records every module the action resolves (its
// own files and the built-ins it requires) and writes them, one a line, to TRACE_LOADS_FILE at exit.
// Needs module.registerHooks (Node 22.15 and later); on older Nodes it writes nothing.
import { appendFileSync } from 'node:fs'
import * as nodeModule from 'node:module'

const seen = []
if (typeof nodeModule.registerHooks === 'function') {
  nodeModule.registerHooks({
    resolve(specifier, context, next) {
      const result = next(specifier, context)
      seen.push(result.url)
      return result
    }
  })
  process.on('exit', () => appendFileSync(process.env.TRACE_LOADS_FILE, seen.join('\n') + '\n'))
}
