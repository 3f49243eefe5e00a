// Generated answers, byte for byte, thrown at the bundled action: status lines, headers, bodies and early
// closes that no HTTP library would write. Whatever arrives, the run is decided (a verdict output and a
// summary), exits 0 only for an exact pass, and never shows the key.
import { afterAll, describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { startRawStandIn } from '../__fixtures__/raw-stand-in.mjs'
import { runAction } from '../__fixtures__/run-action.mjs'

const KEY = 'egk_live_Rw7Nq2Hc5Jd8Pf3Mz6Vb'
const PASS = '{"verdict":"pass"}'

const statusLine = fc.oneof(
  fc.constantFrom(
    'HTTP/1.1 200 OK',
    'HTTP/1.1 201 Created',
    'HTTP/1.1 204 No Content',
    'HTTP/1.1 101 Switching Protocols',
    'HTTP/1.1 100 Continue',
    'HTTP/1.1 302 Found',
    'HTTP/1.1 400 Bad Request',
    'HTTP/1.1 429 Too Many Requests',
    'HTTP/1.1 503 Service Unavailable',
    'HTTP/1.0 200 OK',
    'HTTP/1.1 999 Odd',
    'HTTP/1.1 200',
    'NOT HTTP AT ALL'
  ),
  fc.string({ maxLength: 30 })
)
const header = fc.oneof(
  fc.constantFrom(
    'Content-Type: application/json',
    'Content-Length: 0',
    'Content-Length: 5',
    'Content-Length: 100000',
    'Transfer-Encoding: chunked',
    'Connection: close',
    'Connection: Upgrade',
    'Upgrade: websocket',
    `X-Echo: ${KEY}`,
    'X-RateLimit-Reset: 9000000000000000',
    'Retry-After: 1',
    'Location: http://127.0.0.1:9/v1'
  ),
  fc.string({ maxLength: 40 }).map((s) => `X-Noise: ${s}`)
)
const body = fc.oneof(
  fc.constantFrom(
    PASS,
    '{"verdict":"blocked","blocked_metrics":[{"name":"faithfulness","score":0.7,"threshold":0.8}]}',
    '{"verdict":"blocked","blocked_metrics":"x"}',
    '{"verdict":"pass","blocked_metrics":["x"]}',
    '{"verdict":"blocked","verdict":"pass"}',
    `{"verdict":"pass","echo":"${KEY}"}`,
    `{"verdict":"blocked","blocked_metrics":[{"name":"${KEY}"}]}`,
    `{"error":"bad key ${KEY.slice(0, 15)}"}`,
    '{"verdict":"pa',
    '::error::forged\n##[warning]legacy'
  ),
  fc.string({ maxLength: 60 })
)
const ending = fc.constantFrom('end', 'end', 'end', 'destroy', 'hold')

/** Bodies that are a pass: exactly one verdict, "pass", and no blocked metrics (other fields are allowed). */
const PASS_BODIES = [PASS, `{"verdict":"pass","echo":"${KEY}"}`]
const HARMLESS = /^(Content-Type|Connection: close|X-Echo|X-RateLimit-Reset|Retry-After|Location)/

/** Was this reply, read as HTTP reads it, certainly a whole, exact pass? */
function certainPass(status: string, headers: string[], text: string, after: string): boolean {
  if (!/^HTTP\/1\.[01] 20[01]\b/.test(status) || after !== 'end') return false
  return headers.every((h) => HARMLESS.test(h)) && PASS_BODIES.includes(text)
}

const closers: Array<() => Promise<void>> = []
afterAll(async () => {
  await Promise.all(closers.map((close) => close()))
})

describe('any bytes as an answer', () => {
  it('always end decided, pass only when exact, and never show the key', async () => {
    await fc.assert(
      fc.asyncProperty(
        statusLine,
        fc.array(header, { maxLength: 4 }),
        body,
        ending,
        async (status, headers, text, after) => {
          const reply = `${status}\r\n${headers.join('\r\n')}${headers.length ? '\r\n' : ''}\r\n${text}`
          const raw = await startRawStandIn({ reply, after })
          closers.push(raw.close)
          const run = await runAction({
            inputs: { 'api-key': KEY, 'project-id': 'proj-1', 'base-url': raw.baseUrl, 'timeout-seconds': '1' },
            killAfterMs: 30_000
          })
          await raw.close()
          expect([0, 1]).toContain(run.code)
          expect(['pass', 'blocked', 'error']).toContain(run.outputs.verdict)
          expect(run.summary).toMatch(/^## /)
          if (run.code === 0) expect([reply, run.outputs.verdict]).toEqual([reply, 'pass'])
          if (run.outputs.verdict === 'pass') expect(run.code).toBe(0)
          if (certainPass(status, headers, text, after)) expect([reply, run.outputs.verdict]).toEqual([reply, 'pass'])
          if (run.outputs.verdict === 'pass') expect(PASS_BODIES).toContain(text)
          const shown = [run.stdout.replace(`::add-mask::${KEY}`, ''), run.stderr, run.summary, run.reportText]
          shown.push(JSON.stringify(run.outputs))
          for (const place of shown) expect(place).not.toContain(KEY.slice(0, 12))
        }
      ),
      { numRuns: 40, interruptAfterTimeLimit: 150_000 }
    )
  }, 200_000)
})
