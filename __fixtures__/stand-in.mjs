// A stand-in of the evaluation service on loopback, for the tests, the demo and the workflow's `uses: ./`
// job. It checks requests the way the service documents them, records each one, and answers from a
// script of behaviours: verdicts, 429s with each reset form, 5xx, dropped connections, hangs, a body
// that drips forever, redirects and malformed bodies. An optional fixed-window limiter per project
// answers 429 like the service when more than N requests arrive in one window.
//
// Run by itself: node __fixtures__/stand-in.mjs [--port 8787] [--scenario blocked] [--key KEY]
import { createServer } from 'node:http'
import { pathToFileURL } from 'node:url'

/**
 * @typedef {object} Behaviour
 * @property {number} [status]      HTTP status (default 200)
 * @property {Record<string, string | ((ctx: {now: number}) => string)>} [headers]
 * @property {unknown} [json]       a body to send as JSON
 * @property {string} [body]        a raw body (wins over json; with reset-mid-body, what is sent before the reset)
 * @property {'drop' | 'hang' | 'drip' | 'reset-mid-body'} [fault]
 */

/** Metrics that look like what the service is likely to send. */
export const SAMPLE_METRICS = [
  { name: 'faithfulness', score: 0.71, threshold: 0.8, dataset: 'support-qa' },
  { name: 'answer_relevancy', score: 0.64, threshold: 0.75, dataset: 'support-qa' },
  { name: 'toxicity', score: 0.12, threshold: 0.05, dataset: 'red-team' }
]

const inSeconds = (s) => () => String(s)
const unixSeconds =
  (s) =>
  ({ now }) =>
    String(Math.ceil(now / 1000 + s))

/** Named behaviours, shared by the demo and the tests. Each is a list: one entry per request, the last repeats. */
/** @type {Record<string, Behaviour[]>} */
export const SCENARIOS = {
  pass: [{ json: { verdict: 'pass' } }],
  'pass-empty-list': [{ json: { verdict: 'pass', blocked_metrics: [] } }],
  blocked: [{ json: { verdict: 'blocked', blocked_metrics: SAMPLE_METRICS } }],
  'blocked-no-list': [{ json: { verdict: 'blocked' } }],
  'rate-limited': [
    {
      status: 429,
      headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': unixSeconds(2) },
      json: { error: 'rate limit exceeded' }
    },
    { json: { verdict: 'blocked', blocked_metrics: SAMPLE_METRICS } }
  ],
  'rate-limited-delta': [
    { status: 429, headers: { 'X-RateLimit-Reset': inSeconds(1) } },
    { json: { verdict: 'pass' } }
  ],
  error: [{ status: 503, json: { error: 'evaluation backend unavailable' } }],
  unauthorized: [{ status: 401, json: { error: 'invalid API key' } }],
  'not-found': [{ status: 404, json: { detail: 'project not found' } }],
  'not-json': [{ body: '<html>maintenance</html>', headers: { 'Content-Type': 'text/html' } }],
  'unknown-verdict': [{ json: { verdict: 'maybe' } }],
  drop: [{ fault: 'drop' }],
  hang: [{ fault: 'hang' }],
  drip: [{ fault: 'drip' }]
}

/**
 * Starts the stand-in on 127.0.0.1 and a free port.
 * @param {object} [options]
 * @param {Behaviour[]} [options.script]  answers in order; the last one repeats
 * @param {string} [options.apiKey]       when set, other keys get 401
 * @param {{ limit: number, windowMs: number }} [options.rateLimit]  a fixed window per project_id
 * @param {number} [options.port]        a fixed port (default: any free one)
 */
export async function startStandIn(options = {}) {
  const script = options.script ?? SCENARIOS.pass
  /** @type {Array<{ at: number, method: string, url: string, headers: import('node:http').IncomingHttpHeaders, body: string, status: number | string, resetAt?: number }>} */
  const requests = []
  const sockets = new Set()
  const timers = new Set()
  const windows = new Map()
  let served = 0

  const server = createServer((req, res) => {
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      /** @type {(typeof requests)[number]} */
      const record = {
        at: Date.now(),
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        status: 0
      }
      requests.push(record)
      const send = (status, headers, body) => {
        record.status = status
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
        res.end(body)
      }
      const problem = checkRequest(req, record.body, options.apiKey)
      if (problem) return send(problem.status, {}, JSON.stringify({ error: problem.error }))

      if (options.rateLimit) {
        const project = JSON.parse(record.body).project_id
        const { limit, windowMs } = options.rateLimit
        const start = Math.floor(record.at / windowMs) * windowMs
        const window = windows.get(project)
        const count = window && window.start === start ? window.count + 1 : 1
        windows.set(project, { start, count })
        const reset = String(Math.ceil((start + windowMs) / 1000))
        if (count > limit) {
          record.resetAt = start + windowMs
          return send(
            429,
            { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': reset },
            JSON.stringify({ error: 'rate limit exceeded' })
          )
        }
        res.setHeader('X-RateLimit-Remaining', String(limit - count))
        res.setHeader('X-RateLimit-Reset', reset)
      }
      const behaviour = script[Math.min(served++, script.length - 1)]
      answer(behaviour, res, record, timers)
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
  const origin = `http://127.0.0.1:${port}`
  return {
    origin,
    baseUrl: `${origin}/v1`,
    requests,
    close: async () => {
      for (const t of timers) clearInterval(t)
      for (const s of sockets) s.destroy()
      await new Promise((resolve) => server.close(resolve))
    }
  }
}

/** What the documented API requires of a gate request; anything else is a 4xx, as a real service would answer. */
function checkRequest(req, body, apiKey) {
  if (req.method !== 'POST' || req.url !== '/v1/gates/evaluate')
    return { status: 404, error: `no route ${req.method} ${req.url}` }
  const auth = req.headers.authorization ?? ''
  if (!/^Bearer \S+$/.test(auth)) return { status: 401, error: 'missing bearer token' }
  if (apiKey !== undefined && auth !== `Bearer ${apiKey}`) return { status: 401, error: 'invalid API key' }
  if (!/^application\/json\b/.test(req.headers['content-type'] ?? ''))
    return { status: 415, error: 'expected application/json' }
  let parsed
  try {
    parsed = JSON.parse(body)
  } catch {
    return { status: 400, error: 'body is not JSON' }
  }
  const keys = Object.keys(parsed ?? {})
    .sort()
    .join(',')
  if (keys !== 'branch,commit_sha,project_id' || Object.values(parsed).some((v) => typeof v !== 'string' || v === '')) {
    return { status: 422, error: `expected exactly project_id, commit_sha, branch as strings; got ${keys}` }
  }
  return undefined
}

// Bodies are serialised once, so a large answer costs the server nothing per request (the benchmark
// measures the action, not the stand-in).
const bodies = new WeakMap()
function serialized(json) {
  if (json === undefined) return ''
  if (typeof json !== 'object' || json === null) return JSON.stringify(json)
  if (!bodies.has(json)) bodies.set(json, JSON.stringify(json))
  return bodies.get(json)
}

function answer(behaviour, res, record, timers) {
  const now = Date.now()
  switch (behaviour.fault) {
    case 'drop':
      record.status = 'drop'
      return res.socket?.destroy()
    case 'hang':
      record.status = 'hang'
      return // never answers; close() ends the socket
    case 'drip': {
      record.status = 'drip'
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.write('{"verdict":')
      const timer = setInterval(() => res.write(' '), 200)
      timers.add(timer)
      res.on('close', () => clearInterval(timer))
      return
    }
    case 'reset-mid-body':
      record.status = 'reset-mid-body'
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' })
      res.write(behaviour.body ?? '{"verdict":"pa')
      return setTimeout(() => res.socket?.destroy(), 20)
  }
  const headers = {}
  for (const [name, value] of Object.entries(behaviour.headers ?? {}))
    headers[name] = typeof value === 'function' ? value({ now }) : value
  const body = behaviour.body ?? serialized(behaviour.json)
  record.status = behaviour.status ?? 200
  res.writeHead(record.status, { 'Content-Type': 'application/json', ...headers })
  res.end(body)
}

// Run by itself for the workflow's `uses: ./` job: serve one scenario until killed.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`)
    return i >= 0 ? process.argv[i + 1] : fallback
  }
  const scenario = arg('scenario', 'blocked')
  if (!SCENARIOS[scenario]) {
    console.error(`Unknown scenario ${scenario}; one of: ${Object.keys(SCENARIOS).join(', ')}`)
    process.exit(2)
  }
  const standIn = await startStandIn({
    script: SCENARIOS[scenario],
    apiKey: arg('key'),
    port: Number(arg('port', '0'))
  })
  console.log(`stand-in serving '${scenario}' at ${standIn.baseUrl}`)
}
