/**
 * Asks the service for a verdict: `POST {base-url}/gates/evaluate`, retried through rate limits,
 * network faults and 5xx answers, all inside one deadline. It never decides the step's outcome; it
 * returns either a verdict or an error that says what went wrong and what to do.
 */
import { BodyTooLargeError, postJson, type HttpAnswer } from './http.js'
import { errorMessage } from './log-text.js'
import { faultWait, fitsBudget, rateLimitWait } from './retry-timing.js'
import { interpretAnswer, serverMessage } from './verdict.js'
import { VERSION } from './version.js'

export interface GateRequest {
  baseUrl: string
  apiKey: string
  projectId: string
  commitSha: string
  branch: string
  timeoutMs: number
  /** The limit for one request; PER_REQUEST_MS unless a test needs a shorter one. */
  perRequestMs?: number
}

export type GateResult =
  | { kind: 'verdict'; verdict: 'pass' | 'blocked'; items: unknown[]; requests: number }
  | { kind: 'error'; message: string; hint: string; requests: number }

export interface GateDeps {
  now: () => number
  random: () => number
  sleep: (ms: number, signal: AbortSignal) => Promise<void>
  /** Receives plain text that may contain server text; the caller makes it safe to print. */
  log: (message: string) => void
  /** Aborts the whole check early (the runner's cancel). */
  signal?: AbortSignal
}

/** No single request may take longer than this, so one hung connection cannot eat the whole budget. */
export const PER_REQUEST_MS = 60_000
/** Verdicts are small; this bounds memory whatever the server sends (30,000 metrics fit easily). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024
export const USER_AGENT = `eval-gate-action/${VERSION}`

const HINTS = {
  auth: 'Check the api-key secret: the service did not accept the key for this project.',
  notFound:
    'Check project-id, and that base-url is the service address ending in /v1 (for example https://eval.example.com/v1).',
  rejected: 'The service rejected the request; its message says why. Check project-id, commit-sha and branch.',
  network:
    'Check that base-url is reachable from the runner: its host name, the network, and any proxy settings (https_proxy, no_proxy).',
  timeout: 'The service did not answer in time. Check its status, or raise timeout-seconds.',
  server: 'The service kept failing. Check its status and run the job again.',
  invalid:
    'The service answered, but not with a verdict. Check that base-url points at the evaluation service (ending in /v1).',
  redirect:
    'Set base-url to the address the service redirects to. Redirects are not followed, so that the API key is never sent to another address.',
  rateLimit: 'Raise timeout-seconds, or spread the jobs that share this project\u2019s rate limit.'
}

export async function evaluateGate(request: GateRequest, deps: GateDeps): Promise<GateResult> {
  const deadline = deps.now() + request.timeoutMs
  const perRequestMs = request.perRequestMs ?? PER_REQUEST_MS
  const budget = AbortSignal.timeout(request.timeoutMs)
  const stop = deps.signal ? AbortSignal.any([budget, deps.signal]) : budget
  const url = `${request.baseUrl}/gates/evaluate`
  // Exactly the three documented fields, nothing else.
  const payload = JSON.stringify({
    project_id: request.projectId,
    commit_sha: request.commitSha,
    branch: request.branch
  })
  const headers = {
    // Passed per request, never through a shared agent option, and redirects are not followed.
    Authorization: `Bearer ${request.apiKey}`,
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'User-Agent': USER_AGENT
  }
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`
  const budgetText = `timeout-seconds (${seconds(request.timeoutMs)})`

  let requests = 0
  let faults = 0
  let limited = 0
  let lastProblem = ''
  let lastHint = HINTS.server
  const error = (message: string, hint: string): GateResult => ({ kind: 'error', message, hint, requests })
  const outOfTime = (): GateResult =>
    deps.signal?.aborted
      ? error('The check was cancelled before a verdict arrived.', 'Run the job again.')
      : error(`No verdict within ${budgetText}${lastProblem ? `; last problem: ${lastProblem}` : ''}.`, HINTS.timeout)

  /** Sleeps before the next try if that still fits the deadline; returns an error result if it does not. */
  const retryAfter = async (delayMs: number, why: string): Promise<GateResult | undefined> => {
    if (!fitsBudget(delayMs, deps.now(), deadline)) {
      return error(
        `Gave up after ${requests} request(s): ${why}. The next try would not fit in ${budgetText}.`,
        lastHint
      )
    }
    deps.log(`Request ${requests} failed: ${why}. Retrying in ${seconds(delayMs)}.`)
    await deps.sleep(delayMs, stop)
    return stop.aborted ? outOfTime() : undefined
  }

  for (;;) {
    if (stop.aborted || deps.now() >= deadline) return outOfTime()
    requests++
    // A per-request limit only when it ends before the whole check does; otherwise the two would race.
    const perRequest = perRequestMs < deadline - deps.now() ? AbortSignal.timeout(perRequestMs) : undefined
    let answer: HttpAnswer
    try {
      answer = await postJson(url, payload, {
        headers,
        signal: perRequest ? AbortSignal.any([stop, perRequest]) : stop,
        maxBodyBytes: MAX_BODY_BYTES
      })
    } catch (cause) {
      if (stop.aborted || deps.now() >= deadline) return outOfTime()
      if (cause instanceof BodyTooLargeError)
        return error(`The service's answer was too large: ${cause.message}.`, HINTS.invalid)
      lastProblem = perRequest?.aborted ? `no answer within ${seconds(perRequestMs)}` : describeNetworkError(cause)
      lastHint = perRequest?.aborted ? HINTS.timeout : HINTS.network
      const stopped = await retryAfter(faultWait(faults++, deps.random), lastProblem)
      if (stopped) return stopped
      continue
    }

    const remaining = header(answer, 'x-ratelimit-remaining')
    if (remaining !== undefined) deps.log(`Rate limit: ${remaining} request(s) left in this window.`)
    const { status } = answer

    if (status >= 200 && status < 300) {
      const read = interpretAnswer(answer.body)
      if (read.kind === 'invalid') return error(`The service answered ${status}, but ${read.problem}.`, HINTS.invalid)
      return { kind: 'verdict', verdict: read.verdict, items: read.items, requests }
    }
    if (status === 429) {
      const reset = header(answer, 'x-ratelimit-reset')
      const wait = rateLimitWait(
        { reset, retryAfter: header(answer, 'retry-after') },
        limited++,
        deps.now(),
        deps.random
      )
      const resetText = wait.resetAtMs !== undefined ? ` at ${new Date(wait.resetAtMs).toISOString()}` : ''
      lastProblem = `rate limited (429); the limit resets${resetText || ' at a time the service did not give'}`
      lastHint = HINTS.rateLimit
      if (!fitsBudget(wait.delayMs, deps.now(), deadline)) {
        return error(
          `Rate limited (429): the project's limit resets${resetText} (in ${seconds(wait.delayMs)}), after ${budgetText} runs out. ` +
            'Not waiting for it.',
          HINTS.rateLimit
        )
      }
      const shown = reset !== undefined ? ` (X-RateLimit-Reset: ${JSON.stringify(reset.slice(0, 64))})` : ''
      deps.log(`Request ${requests}: rate limited (429)${shown}; waiting ${seconds(wait.delayMs)} by ${wait.basis}.`)
      await deps.sleep(wait.delayMs, stop)
      if (stop.aborted) return outOfTime()
      continue
    }
    const message = serverMessage(answer.body)
    const said = message ? `: ${message}` : ''
    if (status >= 500 || status === 408) {
      lastProblem = `the service answered ${status}${said}`
      lastHint = HINTS.server
      const stopped = await retryAfter(faultWait(faults++, deps.random), lastProblem)
      if (stopped) return stopped
      continue
    }
    if (status >= 300 && status < 400) {
      const location = header(answer, 'location')
      return error(
        `The service answered ${status}, a redirect${location ? ` to ${location.slice(0, 200)}` : ''}.`,
        HINTS.redirect
      )
    }
    const hint = status === 401 || status === 403 ? HINTS.auth : status === 404 ? HINTS.notFound : HINTS.rejected
    return error(`The service refused the request with ${status}${said}.`, hint)
  }
}

function header(answer: HttpAnswer, name: string): string | undefined {
  const value = answer.headers[name]
  const text = Array.isArray(value) ? value[0] : value
  return text === undefined || text.trim() === '' ? undefined : text.trim()
}

function describeNetworkError(cause: unknown): string {
  const err = cause as NodeJS.ErrnoException
  const code = typeof err?.code === 'string' ? `${err.code}: ` : ''
  return `network error (${code}${errorMessage(cause)})`
}

/** A sleep that ends early when the signal aborts (deadline or cancel). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const done = (): void => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}
