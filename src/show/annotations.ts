/**
 * The annotations and log lines of a report. GitHub shows 10 annotations of each type per step: one
 * error is kept for the step's own failure (or, warn-only, one warning for the headline), the rest name
 * metrics. Annotation text goes through `@actions/core`, which escapes it inside the command; log lines
 * carry the service's text only in `quoted` form (see log-text.ts).
 */
import { describeMetric } from '../report/metric.js'
import { blockedCount, type Report } from '../report/report.js'
import { clipText, quoted, showHidden } from '../untrusted/visible.js'

/** The part of `@actions/core` this needs, so tests can hand in a recorder. `info` makes its line safe for the log. */
export interface Console {
  info(message: string): void
  /** Several lines in one write: the log reads them as lines, and a pipe is written to once. */
  infoLines(lines: string[]): void
  warning(message: string, properties?: { title?: string }): void
  error(message: string, properties?: { title?: string }): void
}

const ANNOTATION_SLOTS = 9
const LOG_ROWS = 50

/** For an annotation: the text as it is, hidden characters shown, cut at `max`. */
const plain = (text: string, max: number): string => showHidden(clipText(text, max))

/** The one-line reason the step failed (or warned), naming the first few metrics. */
export function headline(report: Report): string {
  if (report.outcome === 'pass') return 'The evaluation service passed this commit.'
  if (report.outcome === 'error') {
    const problem = report.problem ?? { message: 'No verdict.' }
    return plain(`${problem.message} ${problem.hint ?? ''}`.trim(), 3_000)
  }
  const named = report.metrics.slice(0, 3).map((m) => plain(m.name, 60))
  const count = report.itemCount ?? 0
  const more = count > 3 ? ` and ${count - 3} more` : ''
  const list = named.length > 0 ? ` (${named.join(', ')}${more})` : ''
  return `The evaluation service blocked this commit: ${blockedCount(report)}${list}.`
}

export function annotateMetrics(report: Report, out: Console): void {
  const annotate = (message: string): void =>
    report.warnOnly
      ? out.warning(message, { title: 'Blocked metric' })
      : out.error(message, { title: 'Blocked metric' })
  const slots = report.warnOnly ? ANNOTATION_SLOTS - 1 : ANNOTATION_SLOTS
  const count = report.itemCount ?? 0
  const shown = count <= slots ? report.metrics : report.metrics.slice(0, slots - 1)
  for (const metric of shown) annotate(describeMetric(metric, plain))
  if (shown.length < count) annotate(`…and ${count - shown.length} more blocked metric(s); the job summary lists them.`)
}

export function logMetrics(report: Report, out: Console): void {
  const lines = report.metrics.slice(0, LOG_ROWS).map((metric) => `  blocked: ${describeMetric(metric, quoted)}`)
  const count = report.itemCount ?? 0
  if (count > LOG_ROWS) lines.push(`  …and ${count - LOG_ROWS} more.`)
  for (const note of report.notes) lines.push(`  note: ${quoted(note, 300)}`)
  if (lines.length > 0) out.infoLines(lines)
}
