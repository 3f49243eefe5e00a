/**
 * When to try again: reading the service's rate-limit headers, exponential backoff, jitter and the
 * deadline. Pure: the clock and the random source are arguments.
 */

/** Unix times in seconds pass this after September 2001; smaller numbers are read as seconds from now. */
const UNIX_SECONDS_FLOOR = 1e9
/** Unix times in milliseconds pass this after September 2001. */
const UNIX_MILLIS_FLOOR = 1e12

export const BACKOFF_BASE_MS = 1_000
export const BACKOFF_CAP_MS = 30_000
/** Jitter spreads the retries of parallel jobs that were told the same reset time. */
export const JITTER_MAX_MS = 1_000
/**
 * Added after a reset the service named: the runner's and the service's clocks differ a little, and a
 * timer may fire a millisecond early, so a retry aimed exactly at the reset could arrive just before it.
 */
export const RESET_MARGIN_MS = 100

/**
 * Reads `X-RateLimit-Reset` as an absolute time (milliseconds since the epoch), whatever its form:
 * Unix seconds, Unix milliseconds, seconds from now, an HTTP date or an ISO 8601 date.
 * Returns undefined when the value is none of these.
 */
export function parseResetHeader(value: string | undefined, nowMs: number): number | undefined {
  const text = value?.trim()
  if (!text) return undefined
  if (/^\d+(?:\.\d+)?$/.test(text)) {
    const n = Number(text)
    if (!Number.isFinite(n)) return undefined
    if (n >= UNIX_MILLIS_FLOOR) return n
    if (n >= UNIX_SECONDS_FLOOR) return n * 1000
    return nowMs + n * 1000
  }
  return parseDate(text)
}

/** Reads `Retry-After`: delay-seconds or an HTTP date (RFC 9110), as an absolute time. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  const text = value?.trim()
  if (!text) return undefined
  if (/^\d+(?:\.\d+)?$/.test(text)) return nowMs + Number(text) * 1000
  return parseDate(text)
}

const ISO_8601 = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i
// IMF-fixdate, the obsolete RFC 850 form, and asctime: each starts with a day name.
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? +[\w -]+\d{2}:\d{2}:\d{2}(?: +(?:GMT|UTC|\d{4}))?$/i

function parseDate(text: string): number | undefined {
  let candidate: string
  const iso = ISO_8601.exec(text)
  if (iso) {
    // A time without a zone is read as UTC, as the runners' clocks are, not as this machine's local time.
    candidate = text.replace(' ', 'T').replace(',', '.') + (iso[1] ? '' : 'Z')
  } else if (HTTP_DATE.test(text)) {
    candidate = /GMT|UTC/i.test(text) ? text : `${text} GMT`
  } else {
    return undefined
  }
  const ms = Date.parse(candidate)
  return Number.isFinite(ms) ? ms : undefined
}

/** `min(cap, base * 2^attempt)`: attempt 0 waits the base. */
export function backoffMs(attempt: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt))
}

/** A random extra wait in [0, JITTER_MAX_MS); `random` returns a number in [0, 1). */
export function jitterMs(random: () => number): number {
  return Math.floor(Math.max(0, Math.min(0.999999, random())) * JITTER_MAX_MS)
}

export interface RateLimitHeaders {
  reset?: string
  retryAfter?: string
}

export interface Wait {
  /** How long to sleep, jitter included. Always positive. */
  delayMs: number
  /** The time the service named, if it named one we could read. */
  resetAtMs?: number
  /** How the wait was chosen, for the log. */
  basis: 'X-RateLimit-Reset' | 'Retry-After' | 'backoff' | 'backoff (reset already past)'
}

/**
 * The wait before retrying after a 429: until the reset the service gave, then Retry-After, then
 * exponential backoff. A reset in the past still waits a backoff, never zero, and jitter always adds,
 * so a retry never arrives before the time it was told.
 */
export function rateLimitWait(headers: RateLimitHeaders, attempt: number, nowMs: number, random: () => number): Wait {
  const jitter = jitterMs(random)
  const fromReset = parseResetHeader(headers.reset, nowMs)
  const named = fromReset ?? parseRetryAfter(headers.retryAfter, nowMs)
  if (named !== undefined) {
    const basis = fromReset !== undefined ? 'X-RateLimit-Reset' : 'Retry-After'
    if (named > nowMs) return { delayMs: named - nowMs + RESET_MARGIN_MS + jitter, resetAtMs: named, basis }
    return { delayMs: backoffMs(attempt) + jitter, resetAtMs: named, basis: 'backoff (reset already past)' }
  }
  return { delayMs: backoffMs(attempt) + jitter, basis: 'backoff' }
}

/** The wait before retrying after a network fault, a timeout or a 5xx answer. */
export function faultWait(attempt: number, random: () => number): number {
  return backoffMs(attempt) + jitterMs(random)
}

/** True when sleeping `delayMs` from `nowMs` and then making at least a short request still fits the deadline. */
export function fitsBudget(delayMs: number, nowMs: number, deadlineMs: number): boolean {
  return Number.isFinite(delayMs) && nowMs + delayMs < deadlineMs
}

/** The largest time a Date can hold (±8.64e15 ms); a reset past it cannot be shown as a date. */
const MAX_DATE_MS = 8.64e15

/** "at 2026-11-21T12:00:30.000Z", or undefined for no time or one no date can hold (it would throw). */
export function formatTime(ms: number | undefined): string | undefined {
  if (ms === undefined || !Number.isFinite(ms) || Math.abs(ms) > MAX_DATE_MS) return undefined
  return `at ${new Date(ms).toISOString()}`
}

/** A duration for a log line: "1.5 s". */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}

/** How far away a wait ends, readable at any size: "in 12.0 s", "in 3.2 hours", "more than a year away". */
export function describeWait(ms: number): string {
  if (!Number.isFinite(ms) || ms > 366 * 86_400_000) return 'more than a year away'
  if (ms > 2 * 86_400_000) return `in ${(ms / 86_400_000).toFixed(1)} days`
  if (ms > 2 * 3_600_000) return `in ${(ms / 3_600_000).toFixed(1)} hours`
  return `in ${seconds(ms)}`
}
