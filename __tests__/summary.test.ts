import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { escapeMarkdown, MAX_METRIC_ROWS, renderSummary, SUMMARY_BUDGET_BYTES, type Report } from '../src/summary.js'
import { readMetric } from '../src/verdict.js'

const SHA = '3f786850e387550fdab836ed7e6dc881de23001b'
const base: Report = {
  outcome: 'blocked',
  projectId: 'proj-1',
  eventName: 'pull_request',
  target: { commitSha: SHA, branch: 'feature/x', shaSource: '', branchSource: '' },
  commitUrl: `https://github.com/acme/app/commit/${SHA}`,
  items: [],
  warnOnly: false
}

/** The cells of a Markdown table row, split on the pipes that Markdown would split on. */
const cells = (row: string): string[] => row.replace(/^\|/, '').replace(/\|$/, '').split('|')
const tableRows = (md: string): string[] => md.split('\n').filter((line) => line.startsWith('| '))

describe('escapeMarkdown', () => {
  it('escapes HTML and Markdown so server text is shown, not obeyed', () => {
    const hostile = '<img src=x onerror=alert(1)> | **bold** [link](http://evil) `code` @team $x$ ~~s~~ _i_ # \\'
    const escaped = escapeMarkdown(hostile, 1_000)
    const withoutEntities = escaped.replace(/&(?:#\d+|lt|gt|amp|quot);/g, '')
    expect(withoutEntities).not.toMatch(/[<>|`*_[\]@$~#\\&]/)
    expect(escaped).toContain('&lt;img')
  })

  it('keeps text on one line and cuts it short', () => {
    expect(escapeMarkdown('a\nb\r\nc')).toBe('a b c')
    expect(Array.from(escapeMarkdown('é'.repeat(500), 10))).toHaveLength(10)
  })
})

describe('renderSummary', () => {
  it('puts the verdict first, then project, linked commit, branch and event', () => {
    const md = renderSummary({ ...base, outcome: 'pass' })
    expect(md.split('\n')[0]).toBe('## ✅ Eval gate: pass')
    expect(md).toContain(`[3f78685](https://github.com/acme/app/commit/${SHA})`)
    expect(md).toContain('| proj-1 | [3f78685]')
    expect(md).toContain('feature/x')
    expect(md).toContain('pull&#95;request')
  })

  it('lists blocked metrics with name, score, threshold and other fields', () => {
    const items = [{ name: 'faithfulness', score: 0.71, threshold: 0.8, dataset: 'qa' }, 'toxicity']
    const md = renderSummary({ ...base, items })
    expect(md.split('\n')[0]).toBe('## ❌ Eval gate: blocked')
    expect(md).toContain('| Metric | Score | Threshold | dataset |')
    expect(md).toContain('| faithfulness | 0.71 | 0.8 | qa |')
    expect(md).toContain('| toxicity |  |  |  |')
    expect(md).toContain('2 metrics blocked it.')
  })

  it('gathers fields past the sixth extra column into one', () => {
    const item = Object.fromEntries([['name', 'm'], ...Array.from({ length: 8 }, (_, i) => [`f${i}`, `v${i}`])])
    const md = renderSummary({ ...base, items: [item] })
    expect(md).toContain('| Metric | Score | Threshold | f0 | f1 | f2 | f3 | f4 | f5 | Other fields |')
    expect(md).toContain('| v5 | f6: v6; f7: v7 |')
  })

  it('says why on error and warns that warn-only did not check the commit', () => {
    const md = renderSummary({
      ...base,
      outcome: 'error',
      warnOnly: true,
      problem: { message: 'The service refused the request with 401: bad key', hint: 'Check the api-key secret.' }
    })
    expect(md.split('\n')[0]).toBe('## ⚠️ Eval gate: no verdict (error)')
    expect(md).toContain('**What went wrong:** The service refused the request with 401: bad key')
    expect(md).toContain('**What to do:** Check the api-key secret.')
    expect(md).toContain('`fail-on-error` is `false`')
  })

  it('renders without a target (an input error)', () => {
    const md = renderSummary({
      outcome: 'error',
      eventName: '',
      items: [],
      warnOnly: false,
      problem: { message: "Input 'api-key': is required but empty." }
    })
    expect(md).toContain('| - | - | - | - |')
  })

  it('trims a long list with a line saying how many were left out', () => {
    const metrics = Array.from({ length: 30_000 }, (_, i) =>
      readMetric({ name: `metric-${i}`, score: 0.1, threshold: 0.9 })
    )
    const md = renderSummary({ ...base, items: metrics })
    expect(tableRows(md.slice(md.indexOf('### Blocked metrics'))).length - 2).toBe(MAX_METRIC_ROWS)
    expect(md).toContain(`… and ${30_000 - MAX_METRIC_ROWS} more metrics not shown here`)
  })

  it('stays under the 1 MiB cap with huge hostile metrics', () => {
    const huge = '<|`*'.repeat(50_000)
    const metrics = Array.from({ length: 900 }, () =>
      readMetric({
        name: huge,
        score: huge,
        threshold: huge,
        a: huge,
        b: huge,
        c: huge,
        d: huge,
        e: huge,
        f: huge,
        g: huge
      })
    )
    const md = renderSummary({ ...base, items: metrics })
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(SUMMARY_BUDGET_BYTES)
    expect(md).toMatch(/more metrics not shown here/)
  })

  it('for any metric text, stays escaped, keeps its table shape, and fits the cap', () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom('<', '>', '|', '`', '*', '_', '[', ']', '\n', '\r', '&', '@', '$', '\\', '#', ':'),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })
      )
    })
    const item = fc.oneof(
      text,
      fc.record({ name: text, score: fc.oneof(fc.double(), text), threshold: fc.oneof(fc.double(), text), note: text })
    )
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), (items) => {
        const md = renderSummary({ ...base, items })
        expect(Buffer.byteLength(md)).toBeLessThanOrEqual(SUMMARY_BUDGET_BYTES)
        expect(md).not.toMatch(/[<>`$@\\]/)
        const context = tableRows(md.split('### Blocked metrics')[0])
        expect(context).toHaveLength(3)
        for (const row of context) expect(cells(row)).toHaveLength(4)
        if (items.length === 0) return
        const rows = tableRows(md.slice(md.indexOf('### Blocked metrics')))
        expect(rows).toHaveLength(2 + items.length)
        for (const row of rows) expect(cells(row)).toHaveLength(cells(rows[0]).length)
      }),
      { numRuns: 200 }
    )
  })
})
