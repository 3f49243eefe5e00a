// The one renderer of the summary and the comment, with plain values: no mocks, no files.
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import {
  codeCell,
  codeSpan,
  commentPlace,
  escapeHtml,
  COMMENT_BUDGET_CHARS,
  renderMarkdown,
  SUMMARY_BUDGET_BYTES,
  SUMMARY_PLACE
} from '../src/show/markdown.js'
import { showHidden } from '../src/untrusted/visible.js'
import { buildReport, type ReportFacts } from '../src/report/report.js'
import { outputsOf } from '../src/show/outputs.js'
import { redactor } from '../src/untrusted/redact.js'

const SHA = '3f786850e387550fdab836ed7e6dc881de23001b'
const KEY = 'egk_live_markdown_secret_key'
const facts: ReportFacts = {
  outcome: 'blocked',
  warnOnly: false,
  projectId: 'proj-1',
  eventName: 'pull_request',
  target: { commitSha: SHA, branch: 'feature/x', shaSource: '', branchSource: '' },
  commitUrl: `https://github.com/acme/app/commit/${SHA}`,
  startedAt: 0
}
const report = (more: Partial<ReportFacts> = {}) => buildReport({ ...facts, ...more }, redactor(KEY), 10)
const summary = (more: Partial<ReportFacts> = {}) => renderMarkdown(report(more), SUMMARY_PLACE)
const comment = (more: Partial<ReportFacts> = {}) =>
  renderMarkdown(report(more), commentPlace(['<!-- marker -->'], ['footer']))

/** The rows of the blocked-metrics table. */
const metricRows = (md: string): string[] =>
  md
    .slice(md.indexOf('### Blocked metrics'))
    .split('\n')
    .filter((line) => line.startsWith('<tr><td>'))

/** Text outside `<code>` elements and code spans: where GitHub would interpret anything. */
const outsideCode = (md: string): string => md.replace(/<code>[^<]*<\/code>/g, '').replace(/(`+)(?:(?!\1).)*?\1/g, '')

describe('codeCell and codeSpan', () => {
  it('escape HTML inside code, on one line, with hidden characters shown', () => {
    expect(codeCell('<b>&"x"</b>\nnext\u202e')).toBe('<code>&lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt; next\\u202e</code>')
  })

  it('fence a code span past any backticks inside', () => {
    expect(codeSpan('a`b')).toBe('``a`b``')
    expect(codeSpan('`x`')).toBe('`` `x` ``')
    expect(codeSpan('')).toBe('`-`')
  })

  it('cut by code points, never inside an emoji', () => {
    expect(codeCell('😀'.repeat(300), 10)).toBe(`<code>${'😀'.repeat(9)}…</code>`)
  })

  it('show what the whole text, on one line with its hidden characters shown and then cut, would', () => {
    // The reference reads all of the text; the cells read only as far as the cut needs.
    const whole = (text: string, max: number): string => {
      const chars = Array.from(showHidden(text.replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, ' ')))
      return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`
    }
    const unit = fc.constantFrom(
      'a',
      ' ',
      '`',
      '<',
      '\r',
      '\n',
      '\u2028',
      '\u202e',
      '\u200b',
      '\u{e0041}',
      '😀',
      '\ud800'
    )
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), fc.integer({ min: 1, max: 25 }), (text, max) => {
        expect(codeCell(text, max)).toBe(text === '' ? '' : `<code>${escapeHtml(whole(text, max))}</code>`)
        const shown = whole(text, max)
        if (shown.trim() === '') expect(codeSpan(text, max)).toBe('`-`')
        else expect(codeSpan(text, max)).toContain(shown)
      }),
      { numRuns: 3000 }
    )
  })

  it('read a long text of hidden characters only as far as the cut', () => {
    const text = `${'\u007f'.repeat(4_000_000)}end`
    expect(codeCell(text, 5)).toBe('<code>\\u00…</code>')
  })
})

describe('renderMarkdown', () => {
  it('puts the verdict first, then project, linked commit, branch and event', () => {
    const md = summary({ outcome: 'pass' })
    expect(md.split('\n')[0]).toBe('## ✅ Eval gate: pass')
    expect(md).toContain(`[\`3f78685\`](https://github.com/acme/app/commit/${SHA})`)
    expect(md).toContain('<td><code>proj-1</code></td>')
    expect(md).toContain('<code>feature/x</code>')
    expect(md).toContain('<code>pull_request</code>')
  })

  it('shows each metric against its threshold: which side, by how much, and a bar', () => {
    const md = summary({
      items: [
        { name: 'faithfulness', score: 0.71, threshold: 0.8, dataset: 'qa' },
        { name: 'toxicity', score: 0.093, threshold: 0.05 },
        'plain'
      ]
    })
    expect(md).toContain('The evaluation service **blocked** commit')
    expect(md).toContain(': 3 metrics blocked it.')
    const rows = metricRows(md)
    expect(rows).toHaveLength(3)
    expect(rows[0]).toContain('<code>0.71 &lt; 0.8</code>')
    expect(rows[0]).toContain('0.09 below the threshold (11.3%)')
    expect(rows[0]).toContain('<code>██████████████░░│░░░</code>')
    expect(rows[0]).toContain('<code>dataset</code>: <code>qa</code>')
    expect(rows[1]).toContain('<code>0.093 &gt; 0.05</code>')
    expect(rows[1]).toContain('0.043 above the threshold (86%)')
    expect(rows[2]).toContain('<td><code>plain</code></td><td>-</td>')
    expect(md).toContain('**What to do next:**')
  })

  it('counts metrics that failed their thresholds when every one has both numbers', () => {
    const md = summary({
      items: [
        { name: 'a', score: 1, threshold: 2 },
        { name: 'b', score: '3', threshold: '2' }
      ]
    })
    expect(md).toContain(': 2 metrics failed their thresholds.')
    expect(md).not.toMatch(/below threshold/)
  })

  it('says none were named only when the list was read, and that it could not be when it was not', () => {
    expect(summary({ items: [] })).toContain(': it named no metrics.')
    const unread = summary({ items: [], itemCount: null })
    expect(unread).toContain(': its list of metrics could not be read.')
    expect(unread).not.toContain('### Blocked metrics')
    expect(outputsOf(report({ items: [], itemCount: null }), '')['blocked-count']).toBe('')
    expect(outputsOf(report({ items: [] }), '')['blocked-count']).toBe('0')
    // No verdict: no count either.
    expect(outputsOf(report({ outcome: 'error', problem: { message: 'x' } }), '')['blocked-count']).toBe('')
  })

  it('says why on error and warns that warn-only did not check the commit', () => {
    const md = summary({
      outcome: 'error',
      warnOnly: true,
      problem: { message: 'The service refused the request with 401: "bad key"', hint: 'Check the api-key secret.' }
    })
    expect(md.split('\n')[0]).toBe('## ⚠️ Eval gate: no verdict (error)')
    expect(md).toContain('**What went wrong:** `The service refused the request with 401: "bad key"`')
    expect(md).toContain('**What to do:** `Check the api-key secret.`')
    expect(md).toContain('`fail-on-error` is `false`')
  })

  it('renders without a target (an input error)', () => {
    const md = renderMarkdown(
      buildReport(
        { outcome: 'error', warnOnly: false, eventName: '', startedAt: 0, problem: { message: 'Input x' } },
        redactor(KEY)
      ),
      SUMMARY_PLACE
    )
    expect(md).toContain('<tr><td>-</td><td>-</td><td>-</td><td><code>-</code></td></tr>')
  })

  it('lists what could not be shown', () => {
    expect(summary({ notes: ['blocked_metrics was a string, not a list'] })).toContain(
      '- `blocked_metrics was a string, not a list`'
    )
  })

  it('sheds whole rows past 200, and says how many it shows of how many', () => {
    const items = Array.from({ length: 30_000 }, (_, i) => ({ name: `metric-${i}`, score: 0.1, threshold: 0.9 }))
    const md = summary({ items })
    expect(metricRows(md)).toHaveLength(200)
    expect(md).toContain('_Showing 200 of 30000 blocked metrics; the file named by the `report-file` output')
  })

  it('keeps a comment under 65,536 characters with the marker and footer, shedding rows', () => {
    const huge = 'x'.repeat(190)
    const items = Array.from({ length: 30_000 }, () => ({ name: huge, score: 0.1, threshold: 0.9, a: huge }))
    const md = comment({ items })
    expect(md.length).toBeLessThanOrEqual(COMMENT_BUDGET_CHARS)
    expect(md.startsWith('<!-- marker -->\n')).toBe(true)
    expect(md.trimEnd().endsWith('footer')).toBe(true)
    const shown = metricRows(md).length
    expect(shown).toBeGreaterThan(10)
    expect(md).toContain(`_Showing ${shown} of 30000 blocked metrics; the job summary lists up to 200`)
  })

  it('stays under the 1 MiB cap with huge hostile metrics', () => {
    const huge = '<|`*'.repeat(50_000)
    const items = Array.from({ length: 900 }, () => ({ name: huge, score: huge, threshold: huge, a: huge, b: huge }))
    const md = summary({ items })
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(SUMMARY_BUDGET_BYTES)
    expect(md).toMatch(/_Showing \d+ of 900 blocked metrics/)
  })

  it('never shows the key, even echoed in a name, a field name, a note or an error', () => {
    const md = summary({
      items: [{ name: `key is ${KEY}`, [KEY]: KEY.slice(3, 20) }],
      notes: [`note ${KEY}`],
      problem: { message: `echo ${KEY}` }
    })
    expect(md).not.toContain(KEY.slice(0, 8))
    expect(md).not.toContain(KEY.slice(10, 18))
    expect(md).toContain('***')
  })

  it('for any metric text, keeps it inside code, keeps the table whole, and fits both caps', () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom('<', '>', '|', '`', '*', '_', '[', ']', '\n', '\r', '&', '@', '#', ':', '\u202e', '\u200b'),
        fc.constantFrom('www.x.io', 'https://evil.test', '@team', '&#64;', '<img src=x>', '</code>', '</table>'),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })
      )
    })
    const item = fc.oneof(
      text,
      fc.record({ name: text, score: fc.oneof(fc.double(), text), threshold: fc.oneof(fc.double(), text), note: text })
    )
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), text, (items, branch) => {
        for (const md of [
          summary({ items, target: { ...facts.target!, branch } }),
          comment({ items, target: { ...facts.target!, branch } })
        ]) {
          expect(Buffer.byteLength(md)).toBeLessThanOrEqual(SUMMARY_BUDGET_BYTES)
          const bare = outsideCode(md)
          // Outside code only the renderer's own markup remains: no server text to autolink or mention.
          expect(bare).not.toMatch(/www\.|evil|@team|&#64;|<img|[\u202e\u200b]/)
          if (items.length > 0) expect(metricRows(md)).toHaveLength(items.length)
          for (const row of metricRows(md)) expect(row.match(/<td>/g)).toHaveLength(5)
        }
      }),
      { numRuns: 200 }
    )
  })
})
