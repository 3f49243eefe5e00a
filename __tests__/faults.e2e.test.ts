// The fault matrix, end to end against the bundled action: every way the service can fail ends inside
// its budget with a failed step (or a warning with fail-on-error false), `verdict` = error, an error
// summary, and never a pass.
import { afterEach, describe, expect, it } from '@jest/globals'
import { createServer, type Server } from 'node:net'
import { SCENARIOS, startStandIn } from '../__fixtures__/stand-in.mjs'
import { startConnectProxy } from '../__fixtures__/connect-proxy.mjs'
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ACTION_DIR, runAction, workflowCommands } from '../__fixtures__/run-action.mjs'

type StandIn = Awaited<ReturnType<typeof startStandIn>>
type Script = NonNullable<Parameters<typeof startStandIn>[0]>['script']
const KEY = 'egk_fault_matrix_key'
const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

async function standIn(script: Script): Promise<StandIn> {
  const server = await startStandIn({ script, apiKey: KEY })
  closers.push(server.close)
  return server
}

/** A TCP server that accepts and then does the given thing to each connection, for faults below HTTP. */
async function rawServer(onConnection: (socket: import('node:net').Socket) => void): Promise<string> {
  const server: Server = createServer(onConnection)
  const sockets = new Set<import('node:net').Socket>()
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(async () => {
    for (const s of sockets) s.destroy()
    await new Promise((resolve) => server.close(resolve))
  })
  const address = server.address() as import('node:net').AddressInfo
  return `http://127.0.0.1:${address.port}/v1`
}

const BUDGET_S = 3
function gate(baseUrl: string, inputs: Record<string, string> = {}) {
  return runAction({
    inputs: {
      'api-key': KEY,
      'project-id': 'proj-1',
      'base-url': baseUrl,
      'timeout-seconds': String(BUDGET_S),
      ...inputs
    }
  })
}

function expectNoVerdict(run: Awaited<ReturnType<typeof gate>>): void {
  expect(run.code).toBe(1)
  expect(run.outputs.verdict).toBe('error')
  expect(run.summary.split('\n')[0]).toBe('## ⚠️ Eval gate: no verdict (error)')
  // Node's own start-up takes part of this; a hang would run to the harness's two-minute kill.
  expect(run.durationMs).toBeLessThan(BUDGET_S * 1000 + 12_000)
  const commands = workflowCommands(run.stdout + '\n' + run.stderr)
  expect(commands.filter((c) => c.name === 'add-mask')).toEqual([{ name: 'add-mask', data: KEY }])
  expect(run.stdout.split('\n').filter((l) => l.includes(KEY))).toEqual([`::add-mask::${KEY}`])
}

describe('fault matrix', () => {
  it('connection refused', async () => {
    const url = await rawServer(() => {})
    await closers.pop()?.() // close it again: the port is now refused
    const run = await gate(url)
    expectNoVerdict(run)
    expect(run.summary).toMatch(/ECONNREFUSED/)
  })

  it('connection reset mid-request', async () => {
    const url = await rawServer((socket) => socket.once('data', () => socket.resetAndDestroy()))
    expectNoVerdict(await gate(url))
  })

  it('connection reset mid-body', async () => {
    expectNoVerdict(await gate((await standIn([{ fault: 'reset-mid-body' }])).baseUrl))
  })

  it('accepts and never answers', async () => {
    const url = await rawServer(() => {})
    const run = await gate(url)
    expectNoVerdict(run)
    expect(run.summary).toMatch(/No verdict within timeout-seconds/)
  })

  it('sends headers, then drips a byte at a time forever', async () => {
    const run = await gate((await standIn(SCENARIOS.drip)).baseUrl)
    expectNoVerdict(run)
    expect(run.summary).toMatch(/No verdict within timeout-seconds/)
  })

  it('truncated JSON', async () => {
    expectNoVerdict(await gate((await standIn([{ body: '{"verdict":"pass","blocked_metrics":[' }])).baseUrl))
  })

  it('a huge body', async () => {
    const run = await gate(
      (await standIn([{ body: `{"verdict":"pass","x":"${'a'.repeat(20 * 1024 * 1024)}"}` }])).baseUrl
    )
    expectNoVerdict(run)
    expect(run.summary).toMatch(/too large/)
  })

  it('a 5xx storm that outlasts the budget', async () => {
    const server = await standIn([{ status: 503, json: { error: 'down' } }])
    const run = await gate(server.baseUrl)
    expectNoVerdict(run)
    expect(server.requests.length).toBeGreaterThanOrEqual(2)
    expect(server.requests.length).toBeLessThanOrEqual(3)
  })

  it('a 429 storm with reset headers', async () => {
    const server = await standIn([{ status: 429, headers: { 'X-RateLimit-Reset': '1' } }])
    const run = await gate(server.baseUrl)
    expectNoVerdict(run)
    expect(server.requests.length).toBeGreaterThanOrEqual(2)
    for (let i = 1; i < server.requests.length; i++) {
      expect(server.requests[i].at - server.requests[i - 1].at).toBeGreaterThanOrEqual(1_000)
    }
  })

  it('a 429 storm without reset headers', async () => {
    const server = await standIn([{ status: 429 }])
    expectNoVerdict(await gate(server.baseUrl))
    expect(server.requests.length).toBeGreaterThanOrEqual(2)
  })

  it('warns and passes with fail-on-error false, but never says pass', async () => {
    const run = await gate((await standIn(SCENARIOS.drip)).baseUrl, { 'fail-on-error': 'false' })
    expect(run.code).toBe(0)
    expect(run.outputs.verdict).toBe('error')
  })
})

describe('the action itself', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'stops waiting on %s, as the runner sends on cancel, and reports it',
    async (signal) => {
      const server = await standIn(SCENARIOS.hang)
      const run = await runAction({
        inputs: { 'api-key': KEY, 'project-id': 'proj-1', 'base-url': server.baseUrl },
        sendSignal: { signal, afterMs: 1_000 }
      })
      expect(run.code).toBe(1)
      expect(run.durationMs).toBeLessThan(15_000)
      expect(run.outputs.verdict).toBe('error')
      expect(run.summary).toContain('The check was cancelled before a verdict arrived.')
    }
  )

  it('fails, never passes, when it cannot write its outputs', async () => {
    const server = await standIn(SCENARIOS.pass)
    const run = await runAction({
      inputs: { 'api-key': KEY, 'project-id': 'proj-1', 'base-url': server.baseUrl },
      env: { GITHUB_OUTPUT: '/nonexistent/eval-gate/output' }
    })
    expect(run.code).toBe(1)
    expect(workflowCommands(run.stdout).find((c) => c.name === 'error')?.data).toMatch(
      /^eval-gate could not finish: .*output/i
    )
  })
})

describe('behind a proxy', () => {
  it('reaches a host that only the proxy knows, through a CONNECT tunnel', async () => {
    const server = await standIn(SCENARIOS.blocked)
    const port = Number(new URL(server.baseUrl).port)
    const proxy = await startConnectProxy({ 'eval-service.corp.test:8080': port })
    closers.push(proxy.close)
    const run = await runAction({
      inputs: { 'api-key': KEY, 'project-id': 'proj-1', 'base-url': 'http://eval-service.corp.test:8080/v1' },
      env: { http_proxy: proxy.url, https_proxy: proxy.url }
    })
    expect(proxy.tunnels).toEqual(['eval-service.corp.test:8080'])
    expect(server.requests).toHaveLength(1)
    expect(run.code).toBe(1)
    expect(run.outputs['blocked-count']).toBe('3')
  })

  it('fails at once, without retrying, when the proxy agent\u2019s chunk of the bundle is missing', async () => {
    const server = await standIn(SCENARIOS.blocked)
    const proxy = await startConnectProxy({ 'eval-service.corp.test:8080': Number(new URL(server.baseUrl).port) })
    closers.push(proxy.close)
    const copy = mkdtempSync(join(tmpdir(), 'eval-gate-dist-'))
    closers.push(() => Promise.resolve(rmSync(copy, { recursive: true, force: true })))
    for (const file of readdirSync(join(ACTION_DIR, 'dist'))) {
      if (!/^\d+\.index\.js$/.test(file)) copyFileSync(join(ACTION_DIR, 'dist', file), join(copy, file))
    }
    const run = await runAction({
      inputs: { 'api-key': KEY, 'project-id': 'proj-1', 'base-url': 'http://eval-service.corp.test:8080/v1' },
      env: { http_proxy: proxy.url },
      entry: join(copy, 'index.js')
    })
    expectNoVerdict(run)
    expect(run.durationMs).toBeLessThan(10_000)
    expect(server.requests).toHaveLength(0)
    expect(run.summary).toMatch(/could not load a part of itself/)
  })

  it('bypasses the proxy for hosts in no_proxy', async () => {
    const server = await standIn(SCENARIOS.pass)
    const proxy = await startConnectProxy({})
    closers.push(proxy.close)
    const run = await runAction({
      inputs: { 'api-key': KEY, 'project-id': 'proj-1', 'base-url': server.baseUrl.replace('127.0.0.1', 'localhost') },
      env: { http_proxy: proxy.url, no_proxy: 'localhost' }
    })
    expect(proxy.tunnels).toEqual([])
    expect(run.code).toBe(0)
  })
})
