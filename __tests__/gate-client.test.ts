// The retry loop against the stand-in on loopback: real HTTP, with the waits recorded on a virtual
// clock instead of slept, so that a 30-second reset costs no time.
import { afterEach, describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { evaluateGate, sleep, USER_AGENT, type GateDeps, type GateRequest } from '../src/service/gate-client.js'
import { RESET_MARGIN_MS } from '../src/service/retry-timing.js'
import { VERSION } from '../src/version.js'
import { SCENARIOS, startStandIn } from '../__fixtures__/stand-in.mjs'

type StandIn = Awaited<ReturnType<typeof startStandIn>>
const servers: StandIn[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function standIn(options: Parameters<typeof startStandIn>[0]): Promise<StandIn> {
  const server = await startStandIn(options)
  servers.push(server)
  return server
}

const KEY = 'egk_test_key_123'
const request = (baseUrl: string, timeoutMs = 300_000): GateRequest => ({
  baseUrl,
  apiKey: KEY,
  projectId: 'proj-1',
  commitSha: '3f786850e387550fdab836ed7e6dc881de23001b',
  branch: 'feature/x',
  timeoutMs
})

/** A clock that advances only when the loop sleeps; `waits` records each sleep. */
function virtualClock(random = 0) {
  let offset = 0
  const waits: number[] = []
  const logs: string[] = []
  const deps: GateDeps = {
    now: () => Date.now() + offset,
    random: () => random,
    sleep: (ms) => {
      waits.push(ms)
      offset += ms
      return Promise.resolve()
    },
    log: (m) => logs.push(m)
  }
  return { deps, waits, logs }
}

describe('evaluateGate', () => {
  it('sends exactly the documented request', async () => {
    const server = await standIn({ script: SCENARIOS.pass, apiKey: KEY })
    const { deps } = virtualClock()
    const result = await evaluateGate(request(server.baseUrl), deps)
    expect(result).toMatchObject({ kind: 'verdict', verdict: 'pass', requests: 1 })
    const [seen] = server.requests
    expect(seen.method).toBe('POST')
    expect(seen.url).toBe('/v1/gates/evaluate')
    expect(JSON.parse(seen.body)).toEqual({
      project_id: 'proj-1',
      commit_sha: '3f786850e387550fdab836ed7e6dc881de23001b',
      branch: 'feature/x'
    })
    expect(seen.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(seen.headers['content-type']).toBe('application/json')
    expect(seen.headers['user-agent']).toBe(`eval-gate-action/${VERSION}`)
  })

  it('names the version that package.json names', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
    expect(VERSION).toBe(pkg.version)
    expect(USER_AGENT).toContain(pkg.version)
  })

  it.each([
    ['seconds from now', () => '30', 30_000],
    ['Unix seconds', () => String(Math.ceil(Date.now() / 1000) + 30), 29_000],
    ['Unix milliseconds', () => String(Date.now() + 30_000), 29_000],
    ['an HTTP date', () => new Date(Date.now() + 31_000).toUTCString(), 29_000],
    ['an ISO date', () => new Date(Date.now() + 30_000).toISOString(), 29_000]
  ])('waits until an X-RateLimit-Reset given as %s, then retries', async (_, reset, atLeast) => {
    const server = await standIn({
      script: [
        { status: 429, headers: { 'X-RateLimit-Reset': reset, 'X-RateLimit-Remaining': '0' } },
        { json: { verdict: 'pass' } }
      ]
    })
    const { deps, waits, logs } = virtualClock()
    const result = await evaluateGate(request(server.baseUrl), deps)
    expect(result).toMatchObject({ kind: 'verdict', verdict: 'pass', requests: 2 })
    expect(waits).toHaveLength(1)
    expect(waits[0]).toBeGreaterThanOrEqual(atLeast)
    expect(waits[0]).toBeLessThan(33_000)
    expect(logs.join('\n')).toContain('Rate limit: "0" request(s) left in this window.')
  })

  it('falls back to Retry-After, then to backoff', async () => {
    const server = await standIn({
      script: [
        { status: 429, headers: { 'Retry-After': '7' } },
        { status: 429 },
        { status: 429, headers: { 'X-RateLimit-Reset': 'soon' } },
        { json: { verdict: 'pass' } }
      ]
    })
    const { deps, waits } = virtualClock()
    expect(await evaluateGate(request(server.baseUrl), deps)).toMatchObject({ verdict: 'pass', requests: 4 })
    expect(waits).toEqual([7_000 + RESET_MARGIN_MS, 2_000, 4_000])
  })

  it('refuses at once when the reset lies beyond the budget, saying when it is', async () => {
    const resetAt = Math.ceil(Date.now() / 1000) + 3_600
    const server = await standIn({ script: [{ status: 429, headers: { 'X-RateLimit-Reset': String(resetAt) } }] })
    const { deps, waits } = virtualClock()
    const result = await evaluateGate(request(server.baseUrl, 60_000), deps)
    expect(result.kind).toBe('error')
    expect(result).toMatchObject({ requests: 1 })
    if (result.kind === 'error') expect(result.message).toContain(new Date(resetAt * 1000).toISOString())
    expect(waits).toEqual([])
  })

  it('retries 5xx and dropped connections with growing waits', async () => {
    const server = await standIn({
      script: [
        { status: 502 },
        { fault: 'drop' },
        { fault: 'reset-mid-body' },
        { status: 503 },
        { json: { verdict: 'blocked', blocked_metrics: ['x'] } }
      ]
    })
    const { deps, waits } = virtualClock()
    expect(await evaluateGate(request(server.baseUrl), deps)).toMatchObject({
      kind: 'verdict',
      verdict: 'blocked',
      requests: 5
    })
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000])
  })

  it('gives up on a 5xx storm before the budget runs out', async () => {
    const server = await standIn({ script: [{ status: 500, json: { message: 'boom' } }] })
    const { deps, waits } = virtualClock()
    const result = await evaluateGate(request(server.baseUrl, 20_000), deps)
    expect(result).toMatchObject({ kind: 'error', requests: 5 })
    if (result.kind === 'error')
      expect(result.message).toMatch(/Gave up after 5 request\(s\): the service answered 500: "boom"/)
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThan(20_000)
  })

  it.each([
    [401, { error: 'invalid API key' }, /api-key/],
    [403, { message: 'key lacks access' }, /api-key/],
    [404, { detail: 'project not found' }, /project-id/],
    [422, { error: 'bad sha' }, /rejected the request/]
  ])('does not retry %s and passes on the server message', async (status, json, hint) => {
    const server = await standIn({ script: [{ status, json }] })
    const { deps } = virtualClock()
    const result = await evaluateGate(request(server.baseUrl), deps)
    expect(result).toMatchObject({ kind: 'error', requests: 1 })
    if (result.kind !== 'error') return
    expect(result.message).toContain(`with ${status}: ${JSON.stringify(Object.values(json)[0])}`)
    expect(result.hint).toMatch(hint)
  })

  it('never follows a redirect, so the key cannot reach another origin', async () => {
    const elsewhere = await standIn({ script: SCENARIOS.pass })
    const server = await standIn({
      script: [{ status: 307, headers: { Location: `${elsewhere.baseUrl}/gates/evaluate` } }]
    })
    const { deps } = virtualClock()
    const result = await evaluateGate(request(server.baseUrl), deps)
    expect(result).toMatchObject({ kind: 'error', requests: 1 })
    if (result.kind === 'error') expect(result.message).toContain(`redirect to "${elsewhere.baseUrl}`)
    expect(elsewhere.requests).toHaveLength(0)
  })

  it.each([
    ['a body that is not JSON', SCENARIOS['not-json']],
    ['an unknown verdict', SCENARIOS['unknown-verdict']],
    ['truncated JSON', [{ body: '{"verdict":"pass"' }]],
    ['a body over the size cap', [{ body: `{"verdict":"pass","pad":"${'x'.repeat(17 * 1024 * 1024)}"}` }]]
  ])('reports %s as an error without retrying', async (_, script) => {
    const server = await standIn({ script })
    const { deps } = virtualClock()
    expect(await evaluateGate(request(server.baseUrl), deps)).toMatchObject({ kind: 'error', requests: 1 })
  })

  it('stops a body that drips forever at the deadline', async () => {
    const server = await standIn({ script: SCENARIOS.drip })
    const started = Date.now()
    const result = await evaluateGate(request(server.baseUrl, 1_500), {
      now: Date.now,
      random: () => 0,
      sleep,
      log: () => {}
    })
    expect(result.kind).toBe('error')
    if (result.kind === 'error') expect(result.message).toMatch(/No verdict within timeout-seconds \(1\.5 s\)/)
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('gives up on one hung request after its own limit and tries again', async () => {
    const server = await standIn({ script: [{ fault: 'hang' }, { json: { verdict: 'pass' } }] })
    const { deps, waits, logs } = virtualClock()
    const result = await evaluateGate({ ...request(server.baseUrl, 10_000), perRequestMs: 300 }, deps)
    expect(result).toMatchObject({ kind: 'verdict', verdict: 'pass', requests: 2 })
    expect(waits).toEqual([1_000])
    expect(logs[0]).toBe('Request 1 failed: no answer within 0.3 s. Retrying in 1.0 s.')
  })

  it('stops when cancelled', async () => {
    const server = await standIn({ script: SCENARIOS.hang })
    const cancel = new AbortController()
    setTimeout(() => cancel.abort(), 200)
    const result = await evaluateGate(request(server.baseUrl), {
      now: Date.now,
      random: () => 0,
      sleep,
      log: () => {},
      signal: cancel.signal
    })
    expect(result).toMatchObject({ kind: 'error', message: 'The check was cancelled before a verdict arrived.' })
  })

  it('retries after a refused connection and reports the network error', async () => {
    const server = await standIn({ script: SCENARIOS.pass })
    const baseUrl = server.baseUrl
    await server.close()
    servers.pop()
    const { deps, waits } = virtualClock()
    const result = await evaluateGate(request(baseUrl, 5_000), deps)
    expect(result.kind).toBe('error')
    if (result.kind === 'error') {
      expect(result.message).toMatch(/ECONNREFUSED/)
      expect(result.hint).toMatch(/reachable/)
    }
    expect(waits).toEqual([1_000, 2_000])
  })
})

describe('sleep', () => {
  it('ends early when its signal aborts', async () => {
    const started = Date.now()
    await sleep(10_000, AbortSignal.timeout(50))
    expect(Date.now() - started).toBeLessThan(5_000)
    await sleep(10_000, AbortSignal.abort())
  })
})
