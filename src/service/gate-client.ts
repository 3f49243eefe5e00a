/**
 * Asks the service for a verdict: `POST {base-url}/gates/evaluate`, retried through rate limits,
 * network faults and 5xx answers, all inside one deadline. It never decides the step's outcome; it
 * returns either a verdict or an error that says what went wrong and what to do. Every message it
 * returns or logs has had the API key removed already; the items are left to the report.
 */
import { redactor, type TextScan } from '../untrusted/redact.js'
import { quoted } from '../untrusted/visible.js'
import { blockedInErrorBody, interpretAnswer, serverMessage, type Answer } from './answer.js'
import { AbortedError, BodyTooLargeError, partialAnswer, postJson, type HttpAnswer } from './http.js'
import { describeWait, faultWait, fitsBudget, formatTime, rateLimitWait, seconds } from './retry-timing.js'
import { VERSION } from '../version.js'

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

/** One pause between requests, for the report file. */
export interface WaitRecord {
  afterRequest: number
  ms: number
  why: string
}

interface Exchange {
  requests: number
  waits: WaitRecord[]
}

export type GateResult =
  | ({
      kind: 'verdict'
      verdict: 'pass' | 'blocked'
      items: unknown[]
      notes: string[]
      /** The whole answer as parsed, and the JSON text it came from: both still as sent, key and all. */
      answer: Record<string, unknown>
      answerText?: string
      /** The same text as it arrived, when it is exactly the body's bytes (valid UTF-8, no byte-order mark). */
      answerBytes?: Buffer[]
      /**
       * When `items` are only the first of a large list read in slices: how many it holds (its text is
       * clean); null when the answer says blocked but its list could not be read.
       */
      itemCount?: number | null
      /** True when the slicing scan found, as the text arrived, that it holds no piece of a secret. */
      answerClean?: boolean
    } & Exchange)
  | ({ kind: 'error'; message: string; hint: string } & Exchange)

export interface GateDeps {
  now: () => number
  random: () => number
  sleep: (ms: number, signal: AbortSignal) => Promise<void>
  /** Receives plain text that may contain server text (key removed); the caller makes it safe to print. */
  log: (message: string) => void
  /** Aborts the whole check early (the runner's cancel). */
  signal?: AbortSignal
  /**
   * Lets a large blocked answer be read a slice at a time, holding only the items the report shows:
   * `scan` looks for pieces of a secret in each answer's text while it arrives, `keep` picks the items.
   */
  slicing?: { scan: () => TextScan; keep: (kept: unknown[]) => boolean }
}

/** No single request may take longer than this, so one hung connection cannot eat the whole budget. */
export const PER_REQUEST_MS = 60_000
/** Verdicts are small; this bounds memory whatever the server sends (30,000 metrics fit easily). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024
export const USER_AGENT = `eval-gate-action/${VERSION}`
/** A host name that does not resolve twice is a typo, not a passing fault: waiting out the budget helps no one. */
export const MAX_DNS_FAILURES = 2

export const HINTS = {
  auth: 'Check the api-key secret: the service did not accept the key for this project.',
  notFound:
    'Check project-id, and that base-url is the service address ending in /v1 (for example https://eval.example.com/v1).',
  rejected: 'The service rejected the request; its message says why. Check project-id, commit-sha and branch.',
  network:
    'Check that base-url is reachable from the runner: its host name, the network, and any proxy settings (https_proxy, no_proxy).',
  dns: 'Check the host name in base-url (and, behind a proxy, that https_proxy is set): it does not resolve from the runner.',
  tls:
    'The service\u2019s TLS certificate was not accepted. Check that base-url names the host the certificate is for; ' +
    'if a private certificate authority signed it, set NODE_EXTRA_CA_CERTS on the runner to that CA\u2019s bundle.',
  timeout: 'The service did not answer in time. Check its status, or raise timeout-seconds.',
  server: 'The service kept failing. Check its status and run the job again.',
  invalid:
    'The service answered, but not with a verdict. Check that base-url points at the evaluation service (ending in /v1).',
  redirect:
    'Set base-url to the address the service redirects to. Redirects are not followed, so that the API key is never sent to another address.',
  rateLimit: 'Raise timeout-seconds, or spread the jobs that share this project\u2019s rate limit.',
  cancelled: 'Run the job again.',
  broken:
    'The action\u2019s files are incomplete: use a released version (uses: eval-gate/eval-gate@v1) or rebuild dist/.'
}

/** Error codes for a certificate the runner does not trust: no retry can change that. */
const TLS_CODES =
  /^(?:CERT_|ERR_TLS_|ERR_SSL_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH)/

export async function evaluateGate(request: GateRequest, deps: GateDeps): Promise<GateResult> {
  const deadline = deps.now() + request.timeoutMs
  const perRequestMs = request.perRequestMs ?? PER_REQUEST_MS
  // Timers that keep the process alive until they fire: AbortSignal.timeout's do not, and a request
  // that never settles would then let the process drain and exit as if nothing had happened.
  const budget = timerSignal(request.timeoutMs)
  const stop = deps.signal ? AbortSignal.any([budget.signal, deps.signal]) : budget.signal
  const redact = redactor(request.apiKey)
  const log = (message: string): void => deps.log(redact(message))
  /** The service's own words inside a sentence: key removed first, then cut, then quoted as JSON. */
  const theirs = (text: string, max = 500): string => quoted(redact(text), max)
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
  const budgetText = `timeout-seconds (${seconds(request.timeoutMs)})`

  const exchange: Exchange = { requests: 0, waits: [] }
  let faults = 0
  let limited = 0
  let dnsFailures = 0
  let lastProblem = ''
  let lastHint = HINTS.server
  /**
   * The last answer that was not a verdict but still said blocked (a refusal, a 5xx, a body cut off or
   * too large): if no verdict follows, the result is that block, whatever failed after it.
   */
  let saidBlocked: Extract<Answer, { kind: 'verdict' }> | undefined
  const heard = (body: string, why: string): void => {
    const read = body.trim() === '' ? undefined : blockedInErrorBody(body, why, theirs)
    if (read?.kind === 'verdict') saidBlocked = read
  }

  // The items are returned as sent: the report removes the key from them, once, with everything else.
  const verdict = (
    answer: Extract<Answer, { kind: 'verdict' }>,
    answerBytes?: Buffer[],
    answerClean?: boolean
  ): GateResult => ({
    kind: 'verdict',
    verdict: answer.verdict,
    items: answer.items,
    notes: answer.notes.map(redact),
    answer: answer.answer,
    answerText: answer.text,
    answerBytes,
    itemCount: answer.itemCount,
    answerClean,
    ...exchange
  })
  const error = (message: string, hint: string): GateResult => {
    if (saidBlocked) return verdict(saidBlocked)
    return { kind: 'error', message: redact(message), hint, ...exchange }
  }
  const outOfTime = (): GateResult =>
    deps.signal?.aborted
      ? error('The check was cancelled before a verdict arrived.', HINTS.cancelled)
      : error(`No verdict within ${budgetText}${lastProblem ? `; last problem: ${lastProblem}` : ''}.`, HINTS.timeout)
  const pause = async (ms: number, why: string): Promise<void> => {
    exchange.waits.push({ afterRequest: exchange.requests, ms, why })
    await deps.sleep(ms, stop)
  }

  /** Sleeps before the next try if that still fits the deadline; returns an error result if it does not. */
  const retryAfter = async (delayMs: number, why: string): Promise<GateResult | undefined> => {
    if (!fitsBudget(delayMs, deps.now(), deadline)) {
      return error(
        `Gave up after ${exchange.requests} request(s): ${why}. The next try would not fit in ${budgetText}.`,
        lastHint
      )
    }
    log(`Request ${exchange.requests} failed: ${why}. Retrying in ${seconds(delayMs)}.`)
    await pause(delayMs, why)
    return stop.aborted ? outOfTime() : undefined
  }

  try {
    for (;;) {
      if (stop.aborted || deps.now() >= deadline) return outOfTime()
      exchange.requests++
      // A per-request limit only when it ends before the whole check does; otherwise the two would race.
      const perRequest = perRequestMs < deadline - deps.now() ? timerSignal(perRequestMs) : undefined
      let answer: HttpAnswer
      const scan = deps.slicing?.scan()
      try {
        answer = await postJson(url, payload, {
          headers,
          signal: perRequest ? AbortSignal.any([stop, perRequest.signal]) : stop,
          maxBodyBytes: MAX_BODY_BYTES,
          onText: scan?.add
        })
      } catch (cause) {
        // An answer cut off (by its size, the network, the deadline or a cancel) still blocks if what
        // arrived says so.
        const partial = partialAnswer(cause)
        if (partial) {
          const tooLarge = cause instanceof BodyTooLargeError
          heard(
            partial.body,
            tooLarge
              ? `The answer was larger than ${cause.limit} bytes`
              : `The answer (HTTP ${partial.status}) was cut off`
          )
        }
        if (stop.aborted || deps.now() >= deadline) return outOfTime()
        if (cause instanceof BodyTooLargeError) {
          return error(`The service's answer was too large: ${cause.message}.`, HINTS.invalid)
        }
        const code = errorCode(cause)
        if (TLS_CODES.test(code)) return error(`Could not connect securely: ${describeNetworkError(cause)}.`, HINTS.tls)
        if (code.startsWith('ERR_MODULE_')) {
          // A file of the action's own bundle is missing (the proxy agent loads on demand): no retry finds it.
          return error(`eval-gate could not load a part of itself: ${describeNetworkError(cause)}.`, HINTS.broken)
        }
        const timedOut = cause instanceof AbortedError && perRequest?.signal.aborted === true
        lastProblem = timedOut ? `no answer within ${seconds(perRequestMs)}` : describeNetworkError(cause)
        lastHint = timedOut ? HINTS.timeout : code === 'ENOTFOUND' ? HINTS.dns : HINTS.network
        if (code === 'ENOTFOUND' && ++dnsFailures >= MAX_DNS_FAILURES) {
          return error(`The host name in base-url does not resolve: ${lastProblem}, ${dnsFailures} tries.`, HINTS.dns)
        }
        const stopped = await retryAfter(faultWait(faults++, deps.random), lastProblem)
        if (stopped) return stopped
        continue
      } finally {
        perRequest?.clear()
      }

      const remaining = header(answer, 'x-ratelimit-remaining')
      if (remaining !== undefined) log(`Rate limit: ${theirs(remaining, 40)} request(s) left in this window.`)
      const { status } = answer

      if (status >= 200 && status < 300) {
        const clean = scan !== undefined && !scan.mayHide()
        const read = interpretAnswer(answer.body, theirs, deps.slicing && { clean, keep: deps.slicing.keep })
        if (read.kind === 'invalid') return error(`The service answered ${status}, but ${read.problem}.`, HINTS.invalid)
        return verdict(read, read.text === answer.body ? answer.bytes : undefined, clean)
      }
      heard(answer.body, `The service answered HTTP ${status}`)
      if (status === 429) {
        const reset = header(answer, 'x-ratelimit-reset')
        const wait = rateLimitWait(
          { reset, retryAfter: header(answer, 'retry-after') },
          limited++,
          deps.now(),
          deps.random
        )
        const at = formatTime(wait.resetAtMs)
        lastProblem = `rate limited (429); the limit resets ${at ?? 'at a time the service did not give'}`
        lastHint = HINTS.rateLimit
        if (!fitsBudget(wait.delayMs, deps.now(), deadline)) {
          return error(
            `Rate limited (429): the project's limit resets ${at ? `${at}, ` : ''}${describeWait(wait.delayMs)}, ` +
              `after ${budgetText} runs out. Not waiting for it.`,
            HINTS.rateLimit
          )
        }
        const shown = reset !== undefined ? ` (X-RateLimit-Reset: ${theirs(reset, 64)})` : ''
        log(
          `Request ${exchange.requests}: rate limited (429)${shown}; waiting ${seconds(wait.delayMs)} by ${wait.basis}.`
        )
        await pause(wait.delayMs, `rate limited (429); waited by ${wait.basis}`)
        if (stop.aborted) return outOfTime()
        continue
      }
      const message = serverMessage(answer.body)
      const said = message ? `: ${theirs(message)}` : ''
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
          `The service answered ${status}, a redirect${location ? ` to ${theirs(location, 300)}` : ''}.`,
          HINTS.redirect
        )
      }
      const hint = status === 401 || status === 403 ? HINTS.auth : status === 404 ? HINTS.notFound : HINTS.rejected
      return error(`The service refused the request with ${status}${said}.`, hint)
    }
  } finally {
    budget.clear()
  }
}

/** An AbortSignal that fires after `ms` on a timer that keeps the process alive until then. */
function timerSignal(ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), ms)
  return { signal: controller.signal, clear: () => clearTimeout(timer) }
}

function header(answer: HttpAnswer, name: string): string | undefined {
  const value = answer.headers[name]
  const text = Array.isArray(value) ? value[0] : value
  return text === undefined || text.trim() === '' ? undefined : text.trim()
}

function errorCode(cause: unknown): string {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code
  return typeof code === 'string' ? code : ''
}

function describeNetworkError(cause: unknown): string {
  const code = errorCode(cause)
  const message = cause instanceof Error ? cause.message : String(cause)
  return `network error (${code ? `${code}: ` : ''}${message})`
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
