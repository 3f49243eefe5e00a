/**
 * The job summary, as Markdown. Pure: it takes a report and returns text that is always under the
 * runner's 1 MiB cap (over the cap the runner shows no summary at all). Every piece of text that came
 * from the server, the event or the inputs is escaped for both HTML and Markdown.
 */
import type { GateTarget } from './commit.js'
import { readMetric, type Metric } from './verdict.js'

export type Outcome = 'pass' | 'blocked' | 'error'

export interface Report {
  outcome: Outcome
  projectId?: string
  eventName: string
  target?: GateTarget
  /** A link to the commit on GitHub, when the repository is known. */
  commitUrl?: string
  /** The blocked metrics as the service sent them; only the rows shown are read. */
  items: unknown[]
  /** For the error outcome: what went wrong and what to do about it. */
  problem?: { message: string; hint?: string }
  /** True when the step passes although the outcome is not a pass (fail-on-blocked or fail-on-error false). */
  warnOnly: boolean
}

/** The runner drops any summary over 1,048,576 bytes; this leaves room to spare. */
export const SUMMARY_BUDGET_BYTES = 1_000_000
/** More rows than this cannot be read at a glance; the full list is in the `blocked-metrics` output. */
export const MAX_METRIC_ROWS = 500
const MAX_CELL_CHARS = 200
const MAX_EXTRA_COLUMNS = 6

/** HTML's own entities where they exist, numeric ones for the characters only Markdown cares about. */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }
for (const c of "'|\\`*_[]~@$#") ESCAPES[c] = `&#${c.charCodeAt(0)};`

/**
 * Makes untrusted text inert in a Markdown table cell: HTML is escaped, and every character that
 * Markdown (or GitHub's extensions: tables, mentions, math, strikethrough) gives a meaning becomes a
 * numeric entity. Line breaks and other controls become spaces, so the text stays in its cell.
 */
export function escapeMarkdown(text: string, maxChars = MAX_CELL_CHARS): string {
  // Cut by code points, not UTF-16 units, so an emoji is never split; only long texts pay for that.
  const chars = text.length > maxChars ? Array.from(text) : undefined
  const clipped = chars && chars.length > maxChars ? `${chars.slice(0, maxChars - 1).join('')}…` : text
  return clipped
    .replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ')
    .replace(/[&<>"'|\\`*_[\]~@$#]/g, (c) => ESCAPES[c])
}

const HEADINGS: Record<Outcome, string> = {
  pass: '## ✅ Eval gate: pass',
  blocked: '## ❌ Eval gate: blocked',
  error: '## ⚠️ Eval gate: no verdict (error)'
}

export function renderSummary(report: Report): string {
  const head = [HEADINGS[report.outcome], '', leadSentence(report), '', ...contextTable(report), '']
  const tail = closingLines(report)
  if (report.outcome !== 'blocked' || report.items.length === 0) return [...head, ...tail, ''].join('\n')

  const fixed = Buffer.byteLength([...head, ...tail].join('\n'), 'utf8') + 400
  return [...head, ...metricsTable(report.items, SUMMARY_BUDGET_BYTES - fixed), '', ...tail, ''].join('\n')
}

function leadSentence(report: Report): string {
  const commit = report.target ? shortCommit(report) : 'the commit'
  const on = report.target ? ` on ${escapeMarkdown(report.target.branch)}` : ''
  switch (report.outcome) {
    case 'pass':
      return `The evaluation service passed ${commit}${on}.`
    case 'blocked': {
      const count = report.items.length
      const what = count === 0 ? 'It named no metrics.' : `${count} metric${count === 1 ? '' : 's'} blocked it.`
      return `The evaluation service **blocked** ${commit}${on}. ${what}`
    }
    case 'error':
      return `No trustworthy verdict could be had for ${commit}${on}, so it was not checked.`
  }
}

function shortCommit(report: Report): string {
  const short = report.target!.commitSha.slice(0, 7)
  return report.commitUrl ? `commit [${short}](${report.commitUrl})` : `commit ${short}`
}

function contextTable(report: Report): string[] {
  const cells = [
    report.projectId === undefined ? '-' : escapeMarkdown(report.projectId),
    report.target ? shortCommit(report).replace(/^commit /, '') : '-',
    report.target ? escapeMarkdown(report.target.branch) : '-',
    escapeMarkdown(report.eventName || '-')
  ]
  return ['| Project | Commit | Branch | Event |', '| --- | --- | --- | --- |', `| ${cells.join(' | ')} |`]
}

function closingLines(report: Report): string[] {
  const lines: string[] = []
  if (report.problem) {
    lines.push(`**What went wrong:** ${escapeMarkdown(report.problem.message, 2_000)}`, '')
    if (report.problem.hint) lines.push(`**What to do:** ${escapeMarkdown(report.problem.hint, 2_000)}`, '')
  }
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

function metricsTable(items: unknown[], budgetBytes: number): string[] {
  const shown = items.slice(0, MAX_METRIC_ROWS).map(readMetric)
  const extraKeys = [...new Set(shown.flatMap((m) => m.extra.map(([key]) => key)))]
  const columns = extraKeys.slice(0, MAX_EXTRA_COLUMNS)
  const hasOther = extraKeys.length > columns.length
  const header = ['Metric', 'Score', 'Threshold', ...columns.map((key) => escapeMarkdown(key, 60))]
  if (hasOther) header.push('Other fields')

  const lines = ['### Blocked metrics', '', `| ${header.join(' | ')} |`, `|${' --- |'.repeat(header.length)}`]
  let used = Buffer.byteLength(lines.join('\n'), 'utf8')
  let rows = 0
  for (const metric of shown) {
    const row = metricRow(metric, columns, hasOther)
    const size = Buffer.byteLength(row, 'utf8') + 1
    if (used + size > budgetBytes) break
    lines.push(row)
    used += size
    rows++
  }
  const left = items.length - rows
  if (left > 0) {
    lines.push(
      '',
      `_… and ${left} more metric${left === 1 ? '' : 's'} not shown here; the \`blocked-metrics\` output has the full list._`
    )
  }
  return lines
}

function metricRow(metric: Metric, columns: string[], hasOther: boolean): string {
  const extra = new Map(metric.extra)
  const cells = [
    escapeMarkdown(metric.name),
    escapeMarkdown(metric.score ?? ''),
    escapeMarkdown(metric.threshold ?? '')
  ]
  for (const key of columns) cells.push(escapeMarkdown(extra.get(key) ?? ''))
  if (hasOther) {
    const rest = metric.extra.filter(([key]) => !columns.includes(key)).map(([key, value]) => `${key}: ${value}`)
    cells.push(escapeMarkdown(rest.join('; ')))
  }
  return `| ${cells.join(' | ')} |`
}
