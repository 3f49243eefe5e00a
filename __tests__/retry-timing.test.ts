import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import {
  BACKOFF_CAP_MS,
  JITTER_MAX_MS,
  RESET_MARGIN_MS,
  backoffMs,
  faultWait,
  fitsBudget,
  parseResetHeader,
  parseRetryAfter,
  rateLimitWait
} from '../src/service/retry-timing.js'

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0) // 2026-11-21T12:00:00Z
const zero = () => 0

describe('parseResetHeader', () => {
  it.each([
    ['Unix seconds', String(NOW / 1000 + 30), NOW + 30_000],
    ['fractional Unix seconds', String(NOW / 1000 + 1.5), NOW + 1_500],
    ['Unix milliseconds', String(NOW + 30_000), NOW + 30_000],
    ['seconds from now', '30', NOW + 30_000],
    ['zero seconds from now', '0', NOW],
    ['an HTTP date', 'Sat, 21 Nov 2026 12:00:30 GMT', NOW + 30_000],
    ['an RFC 850 date', 'Saturday, 21-Nov-26 12:00:30 GMT', NOW + 30_000],
    ['an asctime date', 'Sat Nov 21 12:00:30 2026', NOW + 30_000],
    ['ISO 8601 in UTC', '2026-11-21T12:00:30Z', NOW + 30_000],
    ['ISO 8601 with milliseconds', '2026-11-21T12:00:30.250Z', NOW + 30_250],
    ['ISO 8601 with an offset', '2026-11-21T13:00:30+01:00', NOW + 30_000],
    ['ISO 8601 without a zone (read as UTC)', '2026-11-21T12:00:30', NOW + 30_000],
    ['padded with blanks', '  30 ', NOW + 30_000]
  ])('reads %s', (_, header, expected) => {
    expect(parseResetHeader(header, NOW)).toBe(expected)
  })

  it.each(['', 'soon', '-5', '1e3', 'NaN', '30s', '12:00', '2026-13-45T99:99:99Z', '0x1F', 'Infinity'])(
    'returns undefined for %p',
    (header) => {
      expect(parseResetHeader(header, NOW)).toBeUndefined()
    }
  )

  it('for any text, returns no reading or a finite time', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.stringMatching(/^[\d.\-: TZGMT,a-zA-Z+]{0,40}$/), fc.constant('9'.repeat(400))),
        (header) => {
          const at = parseResetHeader(header, NOW)
          if (at !== undefined) expect(Number.isFinite(at)).toBe(true)
        }
      ),
      { numRuns: 500 }
    )
  })

  it('returns undefined for a missing header', () => {
    expect(parseResetHeader(undefined, NOW)).toBeUndefined()
  })
})

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(parseRetryAfter('5', NOW)).toBe(NOW + 5_000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:01:00 GMT', NOW)).toBe(NOW + 60_000)
    expect(parseRetryAfter('later', NOW)).toBeUndefined()
  })
})

describe('rateLimitWait', () => {
  it('waits until the reset, plus jitter that only adds', () => {
    expect(rateLimitWait({ reset: '10' }, 0, NOW, zero)).toEqual({
      delayMs: 10_000 + RESET_MARGIN_MS,
      resetAtMs: NOW + 10_000,
      basis: 'X-RateLimit-Reset'
    })
    expect(rateLimitWait({ reset: '10' }, 0, NOW, () => 0.5).delayMs).toBe(10_000 + RESET_MARGIN_MS + JITTER_MAX_MS / 2)
  })

  it('prefers X-RateLimit-Reset over Retry-After, and falls back to it', () => {
    expect(rateLimitWait({ reset: '10', retryAfter: '20' }, 0, NOW, zero).delayMs).toBe(10_000 + RESET_MARGIN_MS)
    expect(rateLimitWait({ reset: 'garbage', retryAfter: '20' }, 0, NOW, zero)).toMatchObject({
      delayMs: 20_000 + RESET_MARGIN_MS,
      basis: 'Retry-After'
    })
  })

  it('backs off exponentially when neither header is readable', () => {
    expect(rateLimitWait({}, 0, NOW, zero)).toEqual({ delayMs: 1_000, basis: 'backoff' })
    expect(rateLimitWait({ reset: '??' }, 3, NOW, zero).delayMs).toBe(8_000)
  })

  it('never waits zero for a reset already past', () => {
    const wait = rateLimitWait({ reset: String(NOW / 1000 - 60) }, 0, NOW, zero)
    expect(wait.basis).toBe('backoff (reset already past)')
    expect(wait.delayMs).toBeGreaterThanOrEqual(1_000)
  })

  it('reports a far reset as it is, for the caller to refuse', () => {
    const wait = rateLimitWait({ reset: String(NOW / 1000 + 3_600) }, 0, NOW, zero)
    expect(wait.delayMs).toBe(3_600_000 + RESET_MARGIN_MS)
    expect(fitsBudget(wait.delayMs, NOW, NOW + 300_000)).toBe(false)
  })

  it('for any header, waits a finite positive time, never before the named reset', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.integer({ min: 0, max: 2 ** 53 }).map(String),
          fc.date({ noInvalidDate: true }).map((d) => d.toUTCString())
        ),
        fc.nat(20),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        (reset, attempt, r) => {
          const wait = rateLimitWait({ reset }, attempt, NOW, () => r)
          expect(Number.isFinite(wait.delayMs)).toBe(true)
          expect(wait.delayMs).toBeGreaterThan(0)
          if (wait.resetAtMs !== undefined && wait.resetAtMs > NOW)
            expect(NOW + wait.delayMs).toBeGreaterThanOrEqual(wait.resetAtMs)
        }
      )
    )
  })
})

describe('backoff and budget', () => {
  it('doubles from one second up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(backoffMs)).toEqual([
      1_000,
      2_000,
      4_000,
      8_000,
      16_000,
      30_000,
      30_000,
      BACKOFF_CAP_MS
    ])
  })

  it('adds jitter within its bound', () => {
    expect(faultWait(0, zero)).toBe(1_000)
    expect(faultWait(0, () => 0.999)).toBeLessThan(1_000 + JITTER_MAX_MS)
    expect(faultWait(0, () => 5)).toBeLessThan(1_000 + JITTER_MAX_MS)
  })

  it('fits only waits that end before the deadline', () => {
    expect(fitsBudget(999, 0, 1_000)).toBe(true)
    expect(fitsBudget(1_000, 0, 1_000)).toBe(false)
    expect(fitsBudget(Number.POSITIVE_INFINITY, 0, 1_000)).toBe(false)
  })
})
