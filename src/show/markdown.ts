/**
 * The report as GitHub Flavored Markdown, for the job summary and the pull-request comment: one
 * renderer, two budgets. Pure: it takes a report and returns text that fits its place's cap (over 1 MiB
 * the runner shows no summary at all; over 65,536 characters GitHub refuses a comment). Rows are shed
 * whole, never cut mid-way, and the true count is always given.
 *
 * Text from the service or the event is shown only inside code: a code span in a sentence, or
 * `<code>` with HTML escaped in the tables, which are HTML blocks. GitHub interprets nothing there: no
 * Markdown, no entities (so a masked secret cannot come back through `&#95;`), no autolinked URLs,
 * no @mentions, no #references. Hidden and reordering characters are shown as `\uXXXX`.
 */
import { blockedCount, MAX_SHOWN_METRICS, NEXT_STEPS_BLOCKED, type Report } from '../report/report.js'
import { marginText, relationText, scoreBar, type Metric } from '../report/metric.js'
import { clipText, showHidden } from '../untrusted/visible.js'

export interface Place {
  /** The cap, and how the place counts it. */
  budget: number
  measure: (text: string) => number
  /** The most metric rows to show before pointing elsewhere for the rest. */
  maxRows: number
  /** Where the rest of the list is, for the "… and N more" line. */
  elsewhere: string
  /** Lines that open the text (a comment's hidden marker) and close it (links back to the run). */
  header?: string[]
  footer?: string[]
}

/** The runner drops any summary over 1,048,576 bytes; this leaves room to spare. */
export const SUMMARY_BUDGET_BYTES = 1_000_000
/** GitHub refuses a comment body over 65,536 characters; this leaves room to spare. */
export const COMMENT_BUDGET_CHARS = 65_000

export const SUMMARY_PLACE: Place = {
  budget: SUMMARY_BUDGET_BYTES,
  measure: (text) => Buffer.byteLength(text, 'utf8'),
  maxRows: MAX_SHOWN_METRICS,
  elsewhere: 'the file named by the `report-file` output has the full list'
}

export function commentPlace(header: string[], footer: string[]): Place {
  return {
    budget: COMMENT_BUDGET_CHARS,
    measure: (text) => text.length,
    maxRows: 100,
    elsewhere: `the job summary lists up to ${MAX_SHOWN_METRICS} and the \`report-file\` output has them all`,
    header,
    footer
  }
}

const MAX_CELL_CHARS = 200

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c])
}

/** Printable ASCII with nothing HTML would read (no `"&'<>`): text that every step below leaves as it is. */
const PLAIN = /^[ !#-%(-;=?-~]*$/

/** Untrusted text for an HTML table cell: one line, hidden characters shown, clipped, escaped, in `<code>`. */
export function codeCell(text: string, max = MAX_CELL_CHARS): string {
  if (text === '') return ''
  if (text.length <= max && PLAIN.test(text)) return `<code>${text}</code>`
  return `<code>${escapeHtml(shownText(text, max))}</code>`
}

/** Untrusted text for a Markdown sentence: a code span whose fence is longer than any run of backticks inside. */
export function codeSpan(text: string, max = MAX_CELL_CHARS): string {
  const clean = shownText(text, max)
  if (clean.trim() === '') return '`-`'
  const longest = Math.max(0, ...(clean.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(longest + 1)
  const pad = clean.startsWith('`') || clean.endsWith('`') || clean.startsWith(' ') ? ' ' : ''
  return `${fence}${pad}${clean}${pad}${fence}`
}

/**
 * Untrusted text on one line, hidden characters shown, clipped to `max` characters. The text is clipped
 * first to twice that, which changes nothing (a line break takes at most two characters and becomes one;
 * showing a hidden character only lengthens it) but spares writing out the hidden characters of a 16 MiB
 * text to keep a hundred.
 */
function shownText(text: string, max: number): string {
  return clipText(showHidden(oneLine(clipText(text, 2 * max))), max)
}

function oneLine(text: string): string {
  return text.replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, ' ')
}

const HEADINGS = {
  pass: '## ✅ Eval gate: pass',
  blocked: '## ❌ Eval gate: blocked',
  error: '## ⚠️ Eval gate: no verdict (error)'
}

export function renderMarkdown(report: Report, place: Place): string {
  const head = [
    ...(place.header ?? []),
    HEADINGS[report.outcome],
    '',
    leadSentence(report),
    '',
    ...contextTable(report),
    ''
  ]
  const tail = [...closingLines(report), ...(place.footer ?? [])]
  const join = (lines: string[]): string => `${lines.join('\n')}\n`
  if (report.outcome !== 'blocked' || !report.itemCount) return join([...head, ...tail])

  const fixed = place.measure(join([...head, ...tail])) + 600
  return join([...head, ...metricsTable(report, place, place.budget - fixed), '', ...tail])
}

function leadSentence(report: Report): string {
  const commit = report.target ? `commit ${commitLink(report)}` : 'the commit'
  const on = report.target ? ` on ${codeSpan(report.target.branch)}` : ''
  switch (report.outcome) {
    case 'pass':
      return `The evaluation service passed ${commit}${on}.`
    case 'blocked':
      return `The evaluation service **blocked** ${commit}${on}: ${blockedCount(report)}.`
    case 'error':
      return `No trustworthy verdict could be had for ${commit}${on}, so it was not checked.`
  }
}

function commitLink(report: Report): string {
  const short = report.target!.commitSha.slice(0, 7)
  return report.commitUrl ? `[\`${short}\`](${report.commitUrl})` : `\`${short}\``
}

function contextTable(report: Report): string[] {
  const commit = report.target
    ? report.commitUrl
      ? `<a href="${escapeHtml(report.commitUrl)}"><code>${report.target.commitSha.slice(0, 7)}</code></a>`
      : `<code>${report.target.commitSha.slice(0, 7)}</code>`
    : '-'
  const cells = [
    report.projectId === undefined ? '-' : codeCell(report.projectId),
    commit,
    report.target ? codeCell(report.target.branch) : '-',
    codeCell(report.eventName || '-')
  ]
  return [
    '<table>',
    '<tr><th>Project</th><th>Commit</th><th>Branch</th><th>Event</th></tr>',
    `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`,
    '</table>'
  ]
}

function closingLines(report: Report): string[] {
  const lines: string[] = []
  if (report.notes.length > 0) {
    lines.push('**What could not be shown:**', '')
    for (const note of report.notes.slice(0, 10)) lines.push(`- ${codeSpan(note, 300)}`)
    lines.push('')
  }
  if (report.problem) {
    lines.push(`**What went wrong:** ${codeSpan(report.problem.message, 2_000)}`, '')
    if (report.problem.hint) lines.push(`**What to do:** ${codeSpan(report.problem.hint, 2_000)}`, '')
  }
  if (report.outcome === 'blocked') lines.push(`**What to do next:** ${NEXT_STEPS_BLOCKED}`, '')
  if (report.warnOnly && report.outcome === 'blocked') {
    lines.push(
      '> [!WARNING]',
      '> The step did not fail because `fail-on-blocked` is `false`. This commit did **not** pass the gate.',
      ''
    )
  }
  if (report.warnOnly && report.outcome === 'error') {
    lines.push(
      '> [!WARNING]',
      '> The step did not fail because `fail-on-error` is `false`. This commit was **not** checked.',
      ''
    )
  }
  return lines
}

function metricsTable(report: Report, place: Place, budget: number): string[] {
  const lines = [
    '### Blocked metrics',
    '',
    '<table>',
    '<tr><th>Metric</th><th>Score vs threshold</th><th>Margin</th><th>Score against threshold</th><th>Other fields</th></tr>'
  ]
  let used = place.measure(lines.join('\n'))
  let rows = 0
  for (const metric of report.metrics.slice(0, place.maxRows)) {
    const row = metricRow(metric)
    const size = place.measure(row) + 1
    if (used + size > budget) break
    lines.push(row)
    used += size
    rows++
  }
  lines.push('</table>')
  const left = (report.itemCount ?? 0) - rows
  if (left > 0) {
    lines.push('', `_Showing ${rows} of ${report.itemCount} blocked metrics; ${place.elsewhere}._`)
  }
  return lines
}

function metricRow(metric: Metric): string {
  const c = metric.comparison
  const result = c
    ? `<code>${relationText(c).replace('<', '&lt;').replace('>', '&gt;')}</code>`
    : [
        metric.score !== undefined ? `score ${codeCell(metric.score, 60)}` : '',
        metric.threshold !== undefined ? `threshold ${codeCell(metric.threshold, 60)}` : ''
      ]
        .filter(Boolean)
        .join(', ') || '-'
  const bar = c && scoreBar(c)
  const other = metric.extra
    .slice(0, 6)
    .map(([key, value]) => `${codeCell(key, 40)}: ${codeCell(value, 80)}`)
    .join('<br>')
  const more = metric.extra.length > 6 ? `<br>and ${metric.extra.length - 6} more field(s)` : ''
  const cells = [
    codeCell(metric.name),
    result,
    c ? marginText(c) : '-',
    bar ? `<code>${bar}</code>` : '-',
    other + more
  ]
  return `<tr>${cells.map((cell) => `<td>${cell || '-'}</td>`).join('')}</tr>`
}
