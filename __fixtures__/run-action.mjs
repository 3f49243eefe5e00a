// Runs the committed dist/index.js as the runner does: `node <action>/dist/index.js` with the working
// directory set to a workspace, INPUT_* variables for every input action.yml declares ("" where neither
// a value nor a default is given), the GITHUB_* context, an event payload file, and empty output and
// summary files that are read back after the process exits.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureNode24 } from './node24.mjs'

export const ACTION_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')
export const PR_HEAD_SHA = '3f786850e387550fdab836ed7e6dc881de23001b'
export const PR_MERGE_SHA = '89e6c98d92887913cadf06b2adb97f26cde4849b'

/** @type {ReturnType<typeof ensureNode24> | undefined} */
let node24

/**
 * The Node that action.yml names (node24): EVAL_GATE_NODE, or one found or installed (once, from the npm
 * registry) by node24.mjs. Looked up once per process, since each look runs `node --version`.
 */
export function actionNode() {
  node24 ??= ensureNode24()
  return node24
}

/** Inputs declared in action.yml with their defaults, read from the file so the two cannot drift. */
export function declaredInputs() {
  const yml = readFileSync(join(ACTION_DIR, 'action.yml'), 'utf8')
  const block = yml.slice(yml.indexOf('\ninputs:'), yml.indexOf('\noutputs:'))
  const inputs = {}
  for (const match of block.matchAll(/^ {2}([a-z][a-z0-9-]*):\n((?: {4}.*\n)*)/gm)) {
    const def = /^ {4}default: '?([^'\n]*)'?$/m.exec(match[2])
    // An expression default (`${{ github.token }}`) is the runner's to fill in; here it is given or empty.
    inputs[match[1]] = def && !def[1].includes('${{') ? def[1] : ''
  }
  return inputs
}

/** A pull_request payload from the same repository, head at PR_HEAD_SHA on branch feature/better-answers. */
export function pullRequestEvent(overrides = {}) {
  return {
    name: 'pull_request',
    payload: {
      number: 42,
      pull_request: {
        number: 42,
        head: { sha: PR_HEAD_SHA, ref: 'feature/better-answers', repo: { full_name: 'acme/assistant' } },
        base: { sha: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', ref: 'main', repo: { full_name: 'acme/assistant' } }
      },
      repository: { full_name: 'acme/assistant' },
      ...overrides
    },
    env: {
      GITHUB_SHA: PR_MERGE_SHA,
      GITHUB_REF: 'refs/pull/42/merge',
      GITHUB_REF_NAME: '42/merge',
      GITHUB_HEAD_REF: 'feature/better-answers',
      GITHUB_BASE_REF: 'main'
    }
  }
}

/**
 * @param {object} options
 * @param {Record<string, string>} options.inputs  given inputs (others get their action.yml defaults)
 * @param {{ name: string, payload: object, env?: Record<string, string> }} [options.event]
 * @param {Record<string, string>} [options.env]  extra variables (proxy settings, say)
 * @param {number} [options.killAfterMs]  a safety net so a broken build cannot hang the suite
 * @param {string} [options.entry]  the script to run instead of dist/index.js (the benchmark's floor)
 * @param {string[]} [options.nodeArgs]  options for node before the script
 * @param {{ signal: NodeJS.Signals, afterMs: number }} [options.sendSignal]  as the runner does on cancel
 */
export async function runAction({
  inputs,
  event = pullRequestEvent(),
  env = {},
  killAfterMs = 120_000,
  entry = join(ACTION_DIR, 'dist', 'index.js'),
  nodeArgs = [],
  sendSignal = undefined
}) {
  const dir = mkdtempSync(join(tmpdir(), 'eval-gate-run-'))
  const files = { output: join(dir, 'output'), summary: join(dir, 'summary'), event: join(dir, 'event.json') }
  writeFileSync(files.output, '')
  writeFileSync(files.summary, '')
  writeFileSync(files.event, JSON.stringify(event.payload))
  const inputVars = {}
  for (const [name, fallback] of Object.entries(declaredInputs())) {
    inputVars[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = name in inputs ? inputs[name] : fallback
  }
  for (const [name, value] of Object.entries(inputs))
    inputVars[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  const childEnv = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_WORKSPACE: dir,
    GITHUB_EVENT_NAME: event.name,
    GITHUB_EVENT_PATH: files.event,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_REPOSITORY: 'acme/assistant',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '1',
    RUNNER_TEMP: dir,
    ...(event.env ?? {}),
    ...inputVars,
    ...env
  }
  // Found (or installed) before the clock starts, so the lookup never counts in a run's duration.
  const node = await actionNode()
  const started = Date.now()
  const child = spawn(node.path, [...nodeArgs, entry], {
    cwd: dir,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (c) => (stdout += c))
  child.stderr.on('data', (c) => (stderr += c))
  const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs)
  const signaller = sendSignal && setTimeout(() => child.kill(sendSignal.signal), sendSignal.afterMs)
  const code = await new Promise((resolve) => child.on('close', (c, signal) => resolve(c ?? signal)))
  clearTimeout(killer)
  clearTimeout(signaller)
  const outputs = parseOutputs(readFileSync(files.output, 'utf8'))
  const reportPath = outputs['report-file']
  const reportBytes = reportPath && existsSync(reportPath) ? readFileSync(reportPath) : Buffer.alloc(0)
  const result = {
    code,
    stdout,
    stderr,
    durationMs: Date.now() - started,
    outputs,
    summary: readFileSync(files.summary, 'utf8'),
    /** The report file's bytes, and its text, read before the run's folder is removed (empty when there is none). */
    reportBytes,
    reportText: reportBytes.toString('utf8')
  }
  rmSync(dir, { recursive: true, force: true })
  return result
}

/**
 * Reads GITHUB_OUTPUT the way the runner does: `name<<DELIM` heredocs (and plain `name=value` lines).
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function parseOutputs(text) {
  /** @type {Record<string, string>} */
  const outputs = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    if (line === '') continue
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line)
    if (heredoc) {
      const end = lines.indexOf(heredoc[2], i + 1)
      if (end < 0) throw new Error(`unterminated output ${heredoc[1]}`)
      outputs[heredoc[1]] = lines.slice(i + 1, end).join('\n')
      i = end
    } else {
      const eq = line.indexOf('=')
      if (eq < 1) throw new Error(`malformed output line: ${line}`)
      outputs[line.slice(0, eq)] = line.slice(eq + 1)
    }
  }
  return outputs
}

/**
 * The workflow commands a runner would see in this output, read as it reads them: lines split on \n
 * and bare \r, `::name` after leading blanks, and `##[name]` anywhere in a line that is not a `::` command.
 */
export function workflowCommands(text) {
  const commands = []
  for (const line of text.split(/\r\n|\n|\r/)) {
    const trimmed = line.trimStart()
    const colon = /^::([^\s:]+)(?: [^:]*)?::(.*)$/.exec(trimmed)
    if (colon) {
      // The runner turns %0D, %0A and %25 in a command's data back into \r, \n and %.
      const data = colon[2].replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')
      commands.push({ name: colon[1], data })
      continue
    }
    const legacy = /##\[([^\]\s]+)[^\]]*\](.*)$/.exec(line)
    if (legacy) commands.push({ name: legacy[1], data: legacy[2] })
  }
  return commands
}
