// The ten ways a hostile service, a stalled proxy or an unusual event once broke the gate's two promises
// (never pass by accident, never show the key), each run end to end against the bundled action as the
// runner runs it. Every case checks what a workflow would see: exit code, outputs, summary, report file.
import { afterEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { isUtf8 } from 'node:buffer'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer as createTlsServer } from 'node:tls'
import { fileURLToPath } from 'node:url'
import { startRawStandIn, startSilentServer } from '../__fixtures__/raw-stand-in.mjs'
import { startStandIn } from '../__fixtures__/stand-in.mjs'
import { pullRequestEvent, runAction, workflowCommands } from '../__fixtures__/run-action.mjs'

type Run = Awaited<ReturnType<typeof runAction>>
const KEY = 'egk_live_Zq8Xv3Lp9Tn2Wr6Ys4Uk'
const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

async function service(script: NonNullable<Parameters<typeof startStandIn>[0]>['script']) {
  const server = await startStandIn({ script, apiKey: KEY })
  closers.push(server.close)
  return server
}

function gate(
  baseUrl: string,
  inputs: Record<string, string> = {},
  rest: Partial<Parameters<typeof runAction>[0]> = {}
) {
  return runAction({
    inputs: { 'api-key': KEY, 'project-id': 'proj-1', 'base-url': baseUrl, 'timeout-seconds': '5', ...inputs },
    ...rest
  })
}

/** Every place a run shows text, but the one line that asks the runner to mask the key. */
function everythingShown(run: Run): string {
  const log = `${run.stdout}\n${run.stderr}`
    .split('\n')
    .filter((line) => line !== `::add-mask::${KEY}`)
    .join('\n')
  return [log, run.summary, JSON.stringify(run.outputs), run.reportText].join('\n')
}

function expectNoKey(run: Run): void {
  const shown = everythingShown(run)
  // The whole key, and every piece of it of 8 characters or more.
  for (let i = 0; i + 8 <= KEY.length; i++) expect(shown).not.toContain(KEY.slice(i, i + 8))
}

function expectDecided(run: Run, verdict: 'error' | 'blocked'): void {
  expect(run.code).toBe(1)
  expect(run.outputs.verdict).toBe(verdict)
  expect(run.summary).toMatch(/^## /)
  expect(JSON.parse(run.reportText)).toMatchObject({ schema_version: 1, verdict })
}

const errors = (run: Run) => workflowCommands(`${run.stdout}\n${run.stderr}`).filter((c) => c.name === 'error')

describe('1. an answer that ends the exchange with neither a response nor an error', () => {
  it('switching protocols (101) fails the step with a summary, never exit 0', async () => {
    const raw = await startRawStandIn({
      reply: 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
      after: 'hold'
    })
    closers.push(raw.close)
    const run = await gate(raw.baseUrl, { 'timeout-seconds': '3' })
    expectDecided(run, 'error')
    expect(run.summary).toContain('switch protocols')
  })

  it('a connection closed right after the status line fails the step', async () => {
    const raw = await startRawStandIn({ reply: 'HTTP/1.1 200 OK\r\n', after: 'end' })
    closers.push(raw.close)
    expectDecided(await gate(raw.baseUrl, { 'timeout-seconds': '2' }), 'error')
  })
})

describe('a cancel that arrives while the bundle is still loading', () => {
  it('still ends with verdict error and a summary', async () => {
    const server = await service([{ fault: 'hang' }])
    const run = await gate(
      server.baseUrl,
      { 'timeout-seconds': '60' },
      { nodeArgs: ['--import', fileURLToPath(new URL('../__fixtures__/signal-at-start.mjs', import.meta.url))] }
    )
    expectDecided(run, 'error')
    expect(run.summary).toContain('cancelled')
  })
})

describe('2. a proxy that accepts the connection and then says nothing', () => {
  it('ends at timeout-seconds', async () => {
    const proxy = await startSilentServer()
    closers.push(proxy.close)
    const run = await gate(
      'https://eval.corp.example/v1',
      { 'timeout-seconds': '2' },
      {
        env: { https_proxy: proxy.url, HTTPS_PROXY: proxy.url }
      }
    )
    expectDecided(run, 'error')
    expect(proxy.connections()).toBeGreaterThan(0)
    expect(run.durationMs).toBeLessThan(10_000)
    expect(run.summary).toContain('No verdict within timeout-seconds (2.0 s)')
  })

  it('ends promptly on cancel', async () => {
    const proxy = await startSilentServer()
    closers.push(proxy.close)
    const run = await gate(
      'https://eval.corp.example/v1',
      { 'timeout-seconds': '300' },
      {
        env: { https_proxy: proxy.url },
        sendSignal: { signal: 'SIGINT', afterMs: 1_000 }
      }
    )
    expectDecided(run, 'error')
    expect(run.durationMs).toBeLessThan(8_000)
    expect(run.summary).toContain('cancelled')
  })
})

describe('3. the key echoed back by the service', () => {
  it('is removed from text that is not JSON, in escaped forms too', async () => {
    const escaped = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
    const server = await service([
      {
        status: 400,
        body: `upstream: ${escaped} / ${encodeURIComponent(KEY).replace(/_/g, '%5F')} / ${KEY.toUpperCase()}`
      }
    ])
    const run = await gate(server.baseUrl)
    expectDecided(run, 'error')
    expectNoKey(run)
    const decoded = everythingShown(run).replace(/\\u([0-9a-f]{4})/gi, (_, h: string) =>
      String.fromCharCode(parseInt(h, 16))
    )
    expect(decoded.toLowerCase()).not.toContain(KEY.slice(0, 12).toLowerCase())
  })

  it('is removed from the error message, before it is cut, in every place', async () => {
    // The echo sits where clipping at 500 characters would cut the key in the middle.
    const message = `${'x'.repeat(490)}${KEY} and again ${KEY}`
    const run = await gate((await service([{ status: 400, json: { error: message } }])).baseUrl)
    expectDecided(run, 'error')
    expectNoKey(run)
  })

  it('is removed from metric names, field names and values, and pieces of it', async () => {
    const metrics = [
      { name: `leak ${KEY}`, score: 0.1, threshold: 0.5 },
      { name: 'field', [KEY]: KEY.slice(4, 20), nested: { deeper: [`${KEY.slice(2)}`] } },
      `${KEY.slice(0, 12)}…`
    ]
    const run = await gate((await service([{ json: { verdict: 'blocked', blocked_metrics: metrics } }])).baseUrl)
    expectDecided(run, 'blocked')
    expectNoKey(run)
    expect(run.summary).toContain('***')
  })

  it('is removed from a large answer, however far into it the key arrives', async () => {
    // Over 256 KiB, a clean answer is read in slices and filed as sent: the scan that finds it clean runs
    // while the text arrives, and must see a piece of the key near the end as surely as near the start.
    const metrics = Array.from({ length: 6_000 }, (_, i) => ({ name: `metric_${i}`, score: 0.42, threshold: 0.5 }))
    metrics[5_000] = { ...metrics[5_000], name: `metric_${KEY.slice(3, 15)}` }
    const run = await gate((await service([{ json: { verdict: 'blocked', blocked_metrics: metrics } }])).baseUrl)
    expectDecided(run, 'blocked')
    expectNoKey(run)
    expect(run.outputs['blocked-count']).toBe('6000')
    const filed = JSON.parse(run.reportText).answer.blocked_metrics as Array<{ name: string }>
    expect(filed).toHaveLength(6_000)
    expect(filed[5_000].name).toBe('metric_***')
    expect(filed[4_999]).toEqual(metrics[4_999])
  })

  it('is removed when the service hides it behind JSON escapes', async () => {
    const escaped = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
    const body = `{"verdict":"blocked","blocked_metrics":[{"name":"${escaped}"}]}`
    const run = await gate((await service([{ body }])).baseUrl)
    expectDecided(run, 'blocked')
    expectNoKey(run)
  })
})

describe('4. a blocked verdict with a broken list', () => {
  it.each([
    ['a list that is a string', '{"verdict":"blocked","blocked_metrics":"faithfulness"}'],
    ['a list that is an object', '{"verdict":"blocked","blocked_metrics":{"faithfulness":0.7}}'],
    ['items nested 5,000 deep', `{"verdict":"blocked","blocked_metrics":[${'['.repeat(5_000)}${']'.repeat(5_000)}]}`],
    ['a verdict in capitals', '{"verdict":"BLOCKED"}']
  ])('%s stays blocked even with fail-on-error false', async (_, body) => {
    const run = await gate((await service([{ body }])).baseUrl, { 'fail-on-error': 'false' })
    expectDecided(run, 'blocked')
    expect(run.summary).toContain('**What could not be shown:**')
  })

  it.each([
    ['a verdict repeated, padded far apart', `{"verdict"${' '.repeat(80)}:"blocked","verdict":"pass"}`],
    ['a byte-order mark', '\ufeff{"verdict":"blocked","blocked_metrics":["toxicity"]}'],
    ['trailing junk', '{"verdict":"blocked"}\n\u0000'],
    [
      'an answer over 16 MiB',
      `{"verdict":"blocked","blocked_metrics":[{"name":"t","e":"${'a'.repeat(17 * 1024 * 1024)}"}]}`
    ],
    [
      'an answer over 16 MiB, its verdict after the first 64 KiB',
      `{"pad":"${'a'.repeat(100 * 1024)}","verdict":"blocked","e":"${'b'.repeat(17 * 1024 * 1024)}"}`
    ],
    ['a verdict key spelt with escapes, then repeated', '{"\\u0076erdict":"blocked","verdict":"pass"}'],
    ['a verdict spelt with escapes, in a broken answer', '{"verdict":"\\u0062locked","blocked_metrics":[{'],
    ['a verdict in an object', '{"verdict":{"state":"Blocked"}}']
  ])('%s that says blocked stays blocked even with fail-on-error false', async (_, body) => {
    const run = await gate((await service([{ body }])).baseUrl, { 'fail-on-error': 'false' })
    expectDecided(run, 'blocked')
  })

  it.each([
    ['cut off in the middle', 'destroy' as const, /cut off/],
    ['still arriving when timeout-seconds ends', 'hold' as const, /cut off/]
  ])('a blocked answer %s stays blocked even with fail-on-error false', async (_, after, note) => {
    const head = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n'
    const raw = await startRawStandIn({ reply: `${head}{"verdict":"blocked","blocked_metrics":[{"name":"faith`, after })
    closers.push(raw.close)
    const run = await gate(raw.baseUrl, { 'fail-on-error': 'false', 'timeout-seconds': '2' })
    expectDecided(run, 'blocked')
    expect(run.summary).toMatch(note)
  })

  it('a blocked answer cut off, then a failure that says nothing, stays blocked', async () => {
    const cut = { fault: 'reset-mid-body' as const, body: '{"verdict":"blocked","blocked_metrics":[{"na' }
    const server = await service([cut, { status: 503 }])
    const run = await gate(server.baseUrl, { 'fail-on-error': 'false', 'timeout-seconds': '3' })
    expectDecided(run, 'blocked')
    expect(server.requests.length).toBeGreaterThanOrEqual(2)
    expect(run.summary).toMatch(/cut off/)
  })

  it('a pass that also lists blocked metrics under a repeated key never passes', async () => {
    const body = '{"verdict":"pass","blocked_metrics":[{"name":"toxicity"}],"blocked_metrics":[]}'
    const run = await gate((await service([{ body }])).baseUrl)
    expectDecided(run, 'error')
  })

  it('a refusal whose body says blocked is a block, not an error that fail-on-error false lets through', async () => {
    const run = await gate(
      (await service([{ status: 409, json: { verdict: 'blocked', blocked_metrics: ['x'] } }])).baseUrl,
      { 'fail-on-error': 'false' }
    )
    expectDecided(run, 'blocked')
  })
})

describe('5. rate-limit times no date can hold', () => {
  it.each([
    ['X-RateLimit-Reset', '9000000000000000'],
    ['Retry-After', '99999999999999999999']
  ])('%s: %s is a clear error, and fail-on-error still decides', async (name, value) => {
    const server = await service([{ status: 429, headers: { [name]: value } }])
    const run = await gate(server.baseUrl)
    expectDecided(run, 'error')
    expect(errors(run)[0].data).toMatch(/resets .*after timeout-seconds \(5\.0 s\) runs out/)
    const warned = await gate(server.baseUrl, { 'fail-on-error': 'false' })
    expect(warned.code).toBe(0)
    expect(warned.outputs.verdict).toBe('error')
  })
})

describe('6. outputs a later step can use', () => {
  it('cuts blocked-metrics to 64 KiB of whole items, keeps the true count, and files them all', async () => {
    const metrics = Array.from({ length: 4_000 }, (_, i) => ({
      name: `metric_${i}`,
      score: 0.42,
      threshold: 0.5,
      dataset: 'support-qa-long-dataset-name'
    }))
    const run = await gate((await service([{ json: { verdict: 'blocked', blocked_metrics: metrics } }])).baseUrl)
    expectDecided(run, 'blocked')
    const output = run.outputs['blocked-metrics']
    expect(Buffer.byteLength(output)).toBeLessThanOrEqual(64 * 1024)
    const shown = JSON.parse(output) as unknown[]
    expect(shown).toEqual(metrics.slice(0, shown.length))
    expect(shown.length).toBeLessThan(4_000)
    expect(run.outputs['blocked-count']).toBe('4000')
    expect(run.summary).toContain(`The blocked-metrics output holds the first ${shown.length} of 4000 metrics`)
    // Over 256 KiB, the answer is read in slices: the summary still shows its first 200, in order.
    expect(run.reportText.length).toBeGreaterThan(256 * 1024)
    expect(run.summary).toContain('<code>metric_199</code>')
    expect(run.summary).not.toContain('<code>metric_200</code>')
    const report = JSON.parse(run.reportText)
    expect(report.answer.blocked_metrics).toEqual(metrics)
    expect(report).toMatchObject({ blocked_count: 4000, requests: 1, commit_sha: expect.any(String) })
  })

  it('writes a large answer that is not valid UTF-8 to the report file as valid UTF-8', async () => {
    const items = Array.from({ length: 6_000 }, (_, i) => `{"name":"metric-${i}","score":0.5,"threshold":0.8}`)
    const json = Buffer.from(`{"verdict":"blocked","blocked_metrics":[${items.join(',')}],"note":"x"}`)
    const bad = Buffer.concat([json.subarray(0, -3), Buffer.from([0xff, 0xc3]), json.subarray(-3)])
    const head = `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${bad.length}\r\n\r\n`
    const raw = await startRawStandIn({ reply: Buffer.concat([Buffer.from(head), bad]) })
    closers.push(raw.close)
    const run = await gate(raw.baseUrl)
    expectDecided(run, 'blocked')
    const file = run.reportBytes
    expect(file.length).toBeGreaterThan(256 * 1024)
    expect(isUtf8(file)).toBe(true)
    expect(JSON.parse(file.toString()).answer.note).toBe('\ufffd\ufffdx')
  })
})

describe('7. events that carry no commit of their own', () => {
  const other = 'cccccccccccccccccccccccccccccccccccccccc'

  it('fails without a request unless commit-sha and branch are given', async () => {
    const server = await service([{ json: { verdict: 'pass' } }])
    const event = { name: 'issue_comment', payload: { issue: { number: 1 } }, env: { GITHUB_SHA: other } }
    const run = await gate(server.baseUrl, {}, { event })
    expectDecided(run, 'error')
    expect(server.requests).toHaveLength(0)
    expect(errors(run)[0].data).toMatch(/'issue_comment' event does not say which commit to gate/)

    const given = await gate(server.baseUrl, { 'commit-sha': other, branch: 'main' }, { event })
    expect(given.code).toBe(0)
    expect(JSON.parse(server.requests[0].body)).toMatchObject({ commit_sha: other, branch: 'main' })
  })

  it.each([
    ['check_suite', { check_suite: { head_sha: other, head_branch: 'feature/a' } }],
    ['check_run', { check_run: { head_sha: other, check_suite: { head_branch: 'feature/a' } } }]
  ])('%s gates its own head', async (name, payload) => {
    const server = await service([{ json: { verdict: 'pass' } }])
    const run = await gate(server.baseUrl, {}, { event: { name, payload, env: { GITHUB_SHA: 'a'.repeat(40) } } })
    expect(run.code).toBe(0)
    expect(JSON.parse(server.requests[0].body)).toMatchObject({ commit_sha: other, branch: 'feature/a' })
  })
})

// The matchers actions/setup-node registers (tsc, eslint-compact, eslint-stylish's second line), and the
// broad ones of setup-go and setup-python: none may match a line the action prints.
const MATCHERS = [
  /^([^\s].*)[(:](\d+)[,:](\d+)(?:\):\s+|\s+-\s+)(error|warning|info)\s+TS(\d+)\s*:\s*(.*)$/,
  /^(.+):\sline\s(\d+),\scol\s(\d+),\s(Error|Warning|Info)\s-\s(.+)\s\((.+)\)$/,
  /^\s+(\d+):(\d+)\s+(error|warning|info)\s+(.*)\s\s+(.*)$/,
  /^([^:]*: )?((.:)?[^:]*):(\d+)(:(\d+))?: (.*)$/,
  /^\s*File\s"(.*)",\sline\s(\d+),\sin\s(.*)$/
]

describe('8. server text shaped like a compiler error', () => {
  it('matches no problem matcher on any line of the log', async () => {
    const forged = [
      'src/x.ts(12,5): error TS2304: forged',
      'x.js: line 1, col 2, Error - forged (rule)',
      '  12:5  error  forged  rule',
      'main.go:12:5: forged',
      '  File "x.py", line 3, in forged'
    ]
    const metrics = forged.map((name) => ({ name, score: 0.1, threshold: 0.5, note: name }))
    const server = await service([
      { status: 503, json: { error: forged.join('\n') } },
      { json: { verdict: 'blocked', blocked_metrics: metrics } }
    ])
    const run = await gate(server.baseUrl, { 'timeout-seconds': '10' })
    expectDecided(run, 'blocked')
    const lines = `${run.stdout}\n${run.stderr}`.split(/\r\n|\n|\r/).filter((l) => !/^\s*::/.test(l))
    expect(lines.some((l) => l.includes('forged'))).toBe(true)
    for (const line of lines) for (const matcher of MATCHERS) expect([line, matcher.test(line)]).toEqual([line, false])
  })
})

describe('9. links, mentions and reordering characters from the service', () => {
  it('stay inside code in the summary and show as escapes in the log', async () => {
    const name = 'see https://evil.example/x www.evil.example @acme/admins #12 \u202eevil\u200b'
    const server = await service([{ json: { verdict: 'blocked', blocked_metrics: [{ name }] } }])
    const run = await gate(server.baseUrl)
    expectDecided(run, 'blocked')
    const outside = run.summary.replace(/<code>[^<]*<\/code>/g, '').replace(/(`+)(?:(?!\1).)*?\1/g, '')
    expect(outside).not.toMatch(/evil|@acme|#12/)
    expect(run.summary).toContain('\\u202eevil\\u200b')
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/[\u202e\u200b]evil|evil\u200b/)
    // The output holds the same item as JSON, with the reordering characters as JSON escapes.
    expect(run.outputs['blocked-metrics']).not.toMatch(/[\u202e\u200b]/)
    expect(JSON.parse(run.outputs['blocked-metrics'])).toEqual([{ name }])
  })
})

describe('10. faults no retry can mend', () => {
  it('a host name that does not resolve ends after two tries, with a hint', async () => {
    const run = await gate(
      'https://eval.does-not-exist.test/v1',
      { 'timeout-seconds': '300' },
      {
        nodeArgs: ['--import', fileURLToPath(new URL('../__fixtures__/dns-stub.mjs', import.meta.url))]
      }
    )
    expectDecided(run, 'error')
    expect(run.stderr.match(/dns-stub: lookup/g)).toHaveLength(2)
    expect(run.durationMs).toBeLessThan(15_000)
    expect(errors(run)[0].data).toMatch(/does not resolve.*ENOTFOUND.*Check the host name in base-url/)
  })

  it('a certificate the runner does not trust ends at once, pointing to NODE_EXTRA_CA_CERTS', async () => {
    // A TLS server on loopback with a certificate no one signed: the first handshake fails for good.
    const dir = mkdtempSync(join(tmpdir(), 'eval-gate-tls-'))
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem')
      ],
      { stdio: 'ignore' }
    )
    const server = createTlsServer({
      key: readFileSync(join(dir, 'key.pem')),
      cert: readFileSync(join(dir, 'cert.pem'))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    closers.push(() => new Promise((resolve) => server.close(() => resolve())))
    const port = (server.address() as import('node:net').AddressInfo).port
    const run = await gate(`https://127.0.0.1:${port}/v1`, { 'timeout-seconds': '60' })
    expectDecided(run, 'error')
    expect(run.durationMs).toBeLessThan(10_000)
    expect(errors(run)[0].data).toMatch(/Could not connect securely.*NODE_EXTRA_CA_CERTS/)
  })
})

describe('a pull request event as the runner gives it', () => {
  it('still gates the head, never the merge commit', async () => {
    const server = await service([{ json: { verdict: 'pass' } }])
    const run = await gate(server.baseUrl, {}, { event: pullRequestEvent() })
    expect(run.code).toBe(0)
    expect(JSON.parse(server.requests[0].body).commit_sha).toBe(pullRequestEvent().payload.pull_request.head.sha)
  })
})
