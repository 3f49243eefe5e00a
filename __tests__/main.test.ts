// run() in this process, against the stand-in on loopback, with the runner's files in a temp folder.
// The same paths run through the bundle in action.e2e.test.ts; this copy lets coverage see main.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SCENARIOS, startStandIn } from '../__fixtures__/stand-in.mjs'
import { parseOutputs, pullRequestEvent, PR_HEAD_SHA } from '../__fixtures__/run-action.mjs'

const KEY = 'egk_in_process_key'
const dir = mkdtempSync(join(tmpdir(), 'eval-gate-main-'))
const saved = { ...process.env }
let printed = ''
const realWrite = process.stdout.write.bind(process.stdout)

beforeAll(() => {
  // @actions/core prints workflow commands on stdout; keep them to read back.
  process.stdout.write = (chunk: string | Uint8Array): boolean => {
    printed += chunk.toString()
    return true
  }
})
afterAll(() => {
  process.stdout.write = realWrite
  rmSync(dir, { recursive: true, force: true })
})
afterEach(() => {
  process.env = { ...saved }
  process.exitCode = undefined
  printed = ''
})

async function runInProcess(
  script: NonNullable<Parameters<typeof startStandIn>[0]>['script'],
  inputs: Record<string, string> = {},
  env: Record<string, string> = {}
) {
  const server = await startStandIn({ script, apiKey: KEY })
  const event = pullRequestEvent()
  const files = { output: join(dir, 'output'), summary: join(dir, 'summary'), event: join(dir, 'event.json') }
  writeFileSync(files.output, '')
  writeFileSync(files.summary, '')
  writeFileSync(files.event, JSON.stringify(event.payload))
  const all = { 'api-key': KEY, 'project-id': 'proj-1', 'base-url': server.baseUrl, 'timeout-seconds': '3', ...inputs }
  Object.assign(process.env, event.env, {
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: files.event,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_REPOSITORY: 'acme/assistant',
    GITHUB_SERVER_URL: 'https://github.com',
    ...env
  })
  for (const [name, value] of Object.entries(all)) process.env[`INPUT_${name.toUpperCase()}`] = value
  const { run } = await import('../src/main.js')
  try {
    await run()
  } finally {
    await server.close()
  }
  return {
    code: process.exitCode ?? 0,
    outputs: parseOutputs(readFileSync(files.output, 'utf8')),
    summary: readFileSync(files.summary, 'utf8'),
    printed,
    requests: server.requests
  }
}

describe('run', () => {
  it('passes a pass', async () => {
    const result = await runInProcess(SCENARIOS.pass)
    expect(result.code).toBe(0)
    expect(result.outputs).toMatchObject({ verdict: 'pass', 'commit-sha': PR_HEAD_SHA })
    expect(result.printed).toContain(`::add-mask::${KEY}`)
  })

  it('fails a block, annotating each metric', async () => {
    const metrics = Array.from({ length: 60 }, (_, i) => ({ name: `m${i}` }))
    const result = await runInProcess([{ json: { verdict: 'blocked', blocked_metrics: metrics } }])
    expect(result.code).toBe(1)
    expect(result.outputs['blocked-count']).toBe('60')
    expect(result.printed).toContain('::error title=Blocked metric::…and 52 more blocked metric(s)')
    expect(result.printed).toContain('  …and 10 more.')
  })

  it('warns on a block with fail-on-blocked false, keeping one warning slot for the headline', async () => {
    const metrics = Array.from({ length: 12 }, (_, i) => ({ name: `m${i}` }))
    const result = await runInProcess([{ json: { verdict: 'blocked', blocked_metrics: metrics } }], {
      'fail-on-blocked': 'false'
    })
    expect(result.code).toBe(0)
    expect(result.printed.match(/^::warning/gm)).toHaveLength(9)
  })

  it('reports an error with fail-on-error false as a warning', async () => {
    const result = await runInProcess(SCENARIOS['not-found'], { 'fail-on-error': 'false' })
    expect(result.code).toBe(0)
    expect(result.outputs.verdict).toBe('error')
    expect(result.printed).toMatch(
      /::warning::No verdict: The service refused the request with 404: "project not found"/
    )
  })

  it('fails an input error without a request', async () => {
    const result = await runInProcess(SCENARIOS.pass, { 'base-url': 'ftp://x/v1' })
    expect(result.code).toBe(1)
    expect(result.requests).toHaveLength(0)
    expect(result.summary).toContain("**What went wrong:** `Input 'base-url'")
  })

  it('says when the event payload cannot be read, and then cannot find the commit', async () => {
    const result = await runInProcess(SCENARIOS.pass, {}, { GITHUB_EVENT_PATH: join(dir, 'missing.json') })
    expect(result.code).toBe(1)
    expect(result.requests).toHaveLength(0)
    expect(result.printed).toMatch(/::warning::Could not read the event payload/)
    expect(result.printed).toMatch(/Could not find the commit to gate for the 'pull_request' event/)
  })
})
