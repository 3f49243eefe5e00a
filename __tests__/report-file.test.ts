// The report file as written to disk, with the answer's bytes in the pieces they arrived in: a character
// may be split between two pieces, and a slow answer can come in far more pieces than one writev takes.
import { afterAll, describe, expect, it } from '@jest/globals'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildReport } from '../src/report/report.js'
import { writeReportFile } from '../src/show/report-file.js'
import { redactor } from '../src/untrusted/redact.js'

const dir = mkdtempSync(join(tmpdir(), 'eval-gate-report-file-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Cuts bytes into `count` pieces at offsets that ignore character boundaries. */
function pieces(bytes: Buffer, count: number): Buffer[] {
  const out: Buffer[] = []
  for (let i = 0; i < count; i++) {
    out.push(bytes.subarray(Math.floor((i * bytes.length) / count), Math.floor(((i + 1) * bytes.length) / count)))
  }
  return out
}

function reportOf(answer: object, count: number) {
  const text = JSON.stringify(answer)
  const bytes = pieces(Buffer.from(text), count)
  expect(bytes.some((piece) => piece.length > 0 && (piece[0] & 0xc0) === 0x80)).toBe(true) // a split character
  return buildReport(
    {
      outcome: 'blocked',
      warnOnly: false,
      eventName: 'pull_request',
      startedAt: 0,
      answerText: text,
      answerBytes: bytes
    },
    redactor()
  )
}

describe('writeReportFile', () => {
  it.each([
    ['a small answer, written at once', 40, 7],
    ['a large answer in more pieces than one writev takes', 30_000, 3_000]
  ])('%s', (name, metrics, count) => {
    const answer = {
      verdict: 'blocked',
      blocked_metrics: Array.from({ length: metrics }, (_, i) => ({ name: `métrique-€-𝄞-${i}`, score: 0.1 }))
    }
    const path = writeReportFile(reportOf(answer, count), { RUNNER_TEMP: dir, GITHUB_ACTION: name.slice(0, 7) })
    const written = JSON.parse(readFileSync(path, 'utf8')) as { answer: unknown; verdict: string }
    expect(written.verdict).toBe('blocked')
    expect(written.answer).toEqual(answer)
    expect(statSync(path).mode & 0o777).toBe(0o600)
  })

  it('throws at once when the folder cannot be made', () => {
    const notAFolder = join(dir, 'not-a-folder')
    writeFileSync(notAFolder, '')
    expect(() => writeReportFile(reportOf({ verdict: 'blocked' }, 3), { RUNNER_TEMP: notAFolder })).toThrow()
  })

  it('throws, and leaves no half-written file, when the answer cannot all be written (a full disk)', () => {
    if (!existsSync('/dev/full')) return
    mkdirSync(join(dir, 'eval-gate'), { recursive: true })
    const path = join(dir, 'eval-gate', 'report-full.json')
    symlinkSync('/dev/full', path)
    const answer = { verdict: 'blocked', pad: 'é'.repeat(300_000) }
    expect(() => writeReportFile(reportOf(answer, 50), { RUNNER_TEMP: dir, GITHUB_ACTION: 'full' })).toThrow(/ENOSPC/)
    expect(existsSync(path)).toBe(false)
  })
})

describe('the answer in the report file', () => {
  const KEY = 'egk_live_Report7FileKey9x'
  /** The report of a blocked answer given as JSON text, with the key known to the redactor. */
  function reportOfText(text: string) {
    const answer = JSON.parse(text) as Record<string, unknown>
    return buildReport(
      {
        outcome: 'blocked',
        warnOnly: false,
        eventName: 'pull_request',
        startedAt: 0,
        items: answer.blocked_metrics as unknown[],
        answer,
        answerText: text,
        answerBytes: [Buffer.from(text)]
      },
      redactor(KEY)
    )
  }
  const answerIn = (report: ReturnType<typeof reportOfText>): string => {
    const text = readFileSync(writeReportFile(report, { RUNNER_TEMP: dir, GITHUB_ACTION: 'answer' }), 'utf8')
    return text.slice(text.indexOf('"answer": ') + 10, -3)
  }

  it('is the text as sent when it holds escapes or a % but nothing to remove', () => {
    const text =
      '{"verdict":"blocked","blocked_metrics":[{"name":"recall@50%","score":1e400,"id":12345678901234567890,"note":"caf\\u00e9"}]}'
    expect(answerIn(reportOfText(text))).toBe(text)
  })

  it('is written again, key removed, when the key is in it (even escaped)', () => {
    const text = `{"verdict":"blocked","blocked_metrics":[{"name":"x","echo":"\\u0065${KEY.slice(1)}","n":1e400}]}`
    const filed = answerIn(reportOfText(text))
    expect(filed).not.toContain(KEY.slice(1, 12))
    expect(JSON.parse(filed)).toEqual({ verdict: 'blocked', blocked_metrics: [{ name: 'x', echo: '***', n: null }] })
  })

  /** The key with every fourth character escaped, so that no 8 characters of it stand as they are. */
  const escapedKey = (escape: (c: string) => string): string =>
    [...KEY].map((c, i) => (i % 4 === 3 ? escape(c) : c)).join('')
  const unicode = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
  const percent = (c: string): string => `%${c.charCodeAt(0).toString(16)}`

  it.each([
    ['an escaped key under a repeated key that JSON.parse drops', `"m":{"a":"${escapedKey(unicode)}","a":1}`],
    ['a %-escaped key under a repeated key', `"m":{"a":"${escapedKey(percent)}","a":1}`],
    ['an escaped key under a repeated top-level key', `"note":"${escapedKey(unicode)}","note":"ok"`]
  ])('is written again, key removed, for %s', (_, field) => {
    const text = `{"verdict":"blocked","blocked_metrics":[{"name":"x"}],${field}}`
    const filed = answerIn(reportOfText(text))
    expect(filed).not.toBe(text)
    const decoded = filed.replace(/\\u([0-9a-f]{4})|%([0-9a-f]{2})/gi, (_, u?: string, p?: string) =>
      String.fromCharCode(parseInt(u ?? p!, 16))
    )
    for (let i = 0; i + 8 <= KEY.length; i++) expect(decoded).not.toContain(KEY.slice(i, i + 8))
  })

  it('is written again when it nests too deeply to show, and says so', () => {
    const deep = `${'['.repeat(40)}"%"${']'.repeat(40)}`
    const report = reportOfText(`{"verdict":"blocked","blocked_metrics":[{"name":"a","d":${deep}},{"name":"b"}]}`)
    expect(answerIn(report)).toContain('[nested too deeply to show]')
    expect(report.notes.join(' ')).toMatch(/nest too deeply/)
  })
})
