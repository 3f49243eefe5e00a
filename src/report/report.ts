/**
 * The one report of a run, built once from what the step learned, and read by every place the result is
 * shown: the log, annotations, outputs, the report file, the job summary and the pull-request comment.
 * Every text in it that came from the service or the event has had the API key removed, so no renderer
 * has to remember to.
 */
import type { GateTarget } from '../commit/resolve-target.js'
import type { WaitRecord } from '../service/gate-client.js'
import { redactValue, type Redact } from '../untrusted/redact.js'
import { boundedItemsJson, itemJson, MAX_ITEMS_JSON_BYTES, outputCutNote, type BoundedJson } from './items-json.js'
import { readMetric, type Metric } from './metric.js'

export type Outcome = 'pass' | 'blocked' | 'error'

/**
 * The most rows any place shows (the job summary); only these items are read into `metrics`. More than
 * this is no longer read at a glance: the report file holds the rest.
 */
export const MAX_SHOWN_METRICS = 200

export interface Report {
  outcome: Outcome
  /** True when the step passes although the outcome is not a pass (fail-on-blocked or fail-on-error false). */
  warnOnly: boolean
  projectId?: string
  eventName: string
  target?: GateTarget
  /** A link to the commit on GitHub, when the repository is known. */
  commitUrl?: string
  /**
   * How many blocked metrics the service listed; null when that is unknown: there is no verdict, or the
   * service said blocked but its list could not be read (text that is not JSON, a `blocked_metrics` that
   * is not a list, or given twice).
   */
  itemCount: number | null
  /** The first MAX_SHOWN_METRICS of them, read for display. */
  metrics: Metric[]
  /** The first of them as the service sent them (key removed), as a JSON list small enough for an output. */
  itemsJson: BoundedJson
  /**
   * The service's whole answer as JSON, key removed, for the report file (its bytes as they arrived when
   * nothing had to be removed); null without a verdict.
   */
  answerJson: string | Buffer[] | null
  /** What about the answer could not be used or shown. */
  notes: string[]
  /** For the error outcome: what went wrong and what to do about it. */
  problem?: { message: string; hint?: string }
  requests: number
  waits: WaitRecord[]
  startedAt: number
  finishedAt: number
}

/** What the step learned, before the key is removed and the answer read for display. */
export interface ReportFacts
  extends
    Pick<Report, 'outcome' | 'warnOnly' | 'projectId' | 'eventName' | 'target' | 'commitUrl' | 'problem' | 'startedAt'>,
    Partial<Pick<Report, 'notes' | 'requests' | 'waits'>> {
  /** The blocked metrics as the service sent them. */
  items?: unknown[]
  /** The answer as parsed, and the JSON text and bytes it came from (for a verdict). */
  answer?: Record<string, unknown>
  answerText?: string
  answerBytes?: Buffer[]
  /**
   * When `items` are only the first of a large list (read in slices, from a text that holds no piece of
   * a secret): how many it holds; null when the list could not be read.
   */
  itemCount?: number | null
  /** True when the answer's text was found, as it arrived, to hold no piece of a secret (always so when sliced). */
  answerClean?: boolean
}

/**
 * Builds the report, and takes the parsed answer out of `facts` as it does: from here on the report
 * holds only what is shown, so a long list (30,000 items, say) is garbage before anything is written,
 * and no garbage collection while the places are written has to copy it.
 */
export function buildReport(facts: ReportFacts, redact: Redact, now = Date.now()): Report {
  const { items, answerJson, cut } = cleanAnswer(facts, redact)
  facts.items = facts.answer = undefined
  const notes = (facts.notes ?? []).map(redact)
  const metrics = items.slice(0, MAX_SHOWN_METRICS).map(readMetric)
  const itemsJson = boundedItemsJson(items)
  if (cut || itemsJson.cut || metrics.some((m) => m.tooDeep)) {
    notes.push('Some metrics nest too deeply to show in full; their deepest parts are left out.')
  }
  const itemCount = facts.outcome === 'error' ? null : facts.itemCount === undefined ? items.length : facts.itemCount
  if (itemCount !== null && itemsJson.count < itemCount) notes.push(outputCutNote(itemsJson.count, itemCount))
  const target = facts.target && {
    ...facts.target,
    branch: redact(facts.target.branch),
    shaSource: redact(facts.target.shaSource),
    branchSource: redact(facts.target.branchSource)
  }
  return {
    outcome: facts.outcome,
    warnOnly: facts.warnOnly,
    projectId: facts.projectId === undefined ? undefined : redact(facts.projectId),
    eventName: redact(facts.eventName),
    target,
    commitUrl: facts.commitUrl,
    itemCount,
    metrics,
    itemsJson,
    answerJson,
    notes,
    problem: facts.problem && {
      message: redact(facts.problem.message),
      hint: facts.problem.hint === undefined ? undefined : redact(facts.problem.hint)
    },
    requests: facts.requests ?? 0,
    waits: facts.waits ?? [],
    startedAt: facts.startedAt,
    finishedAt: now
  }
}

/**
 * The items and the answer's JSON with the key removed. When the raw answer cannot hide a piece of the
 * key (one scan of its text), both are used as they arrived: no walk over 30,000 items, and the answer's
 * own text goes to the report file unchanged. Otherwise every string is cleaned; the answer's text is
 * still filed as sent when cleaning changed nothing (a `50%` in a description, say), so that numbers no
 * JavaScript number holds exactly (`1e400`, 20-digit integers) stay as the service wrote them, and it
 * is written again from the cleaned copy only when something had to be removed or cut.
 */
function cleanAnswer(
  facts: ReportFacts,
  redact: Redact
): { items: unknown[]; answerJson: string | Buffer[] | null; cut: boolean } {
  const items = facts.items ?? []
  // A text found clean as it arrived (every list read in slices was) is not scanned a second time.
  if (facts.answerText !== undefined && (facts.answerClean === true || !redact.mayHide(facts.answerText))) {
    return { items, answerJson: facts.answerBytes ?? facts.answerText, cut: false }
  }
  // No JSON text: no verdict at all, or a block read from text that is not JSON. Nothing to file.
  if (facts.answer === undefined || facts.answerText === undefined) {
    const cleanItems = redactValue(items, redact)
    return { items: cleanItems.value as unknown[], answerJson: null, cut: cleanItems.cut }
  }
  const cleanAnswer = redactValue(facts.answer, redact)
  // The items are the answer's own list: cleaned once, with it, not a second time on their own.
  const cleanList = (cleanAnswer.value as Record<string, unknown>).blocked_metrics
  const cleanItems =
    facts.answer.blocked_metrics === items && Array.isArray(cleanList)
      ? { value: cleanList, cut: cleanAnswer.cut }
      : redactValue(items, redact)
  // Unchanged and with nothing cut unread, the parsed answer holds no key. Its text may still hold one that
  // JSON.parse dropped (a repeated key keeps only its last value), escaped or not: holdsPiece reads the
  // whole text as it stands and decoded, so the text is filed as sent only when that finds none either.
  const asSent = cleanAnswer.value === facts.answer && !cleanAnswer.cut && !redact.holdsPiece(facts.answerText)
  return {
    items: cleanItems.value as unknown[],
    answerJson: asSent ? (facts.answerBytes ?? facts.answerText) : JSON.stringify(cleanAnswer.value),
    cut: cleanItems.cut || cleanAnswer.cut
  }
}

/**
 * Which items of a large list the report needs, as they are read: the MAX_SHOWN_METRICS it shows, and
 * enough for the bounded output (items whose JSON, unescaped, passes its limit: escaped and counted in
 * bytes they take at least as much).
 */
export function itemsTheReportNeeds(): (kept: unknown[]) => boolean {
  let chars = 0
  let measured = 0
  return (kept) => {
    for (; measured < kept.length; measured++) chars += jsonLength(kept[measured])
    return kept.length < MAX_SHOWN_METRICS || chars <= MAX_ITEMS_JSON_BYTES
  }
}

function jsonLength(item: unknown): number {
  try {
    return itemJson(item).length
  } catch {
    return 0 // nested too deeply to write: more items are kept, never fewer
  }
}

/** "3 metrics failed their thresholds", without claiming which way any of them should have gone. */
export function blockedCount(report: Pick<Report, 'itemCount' | 'metrics'>): string {
  const count = report.itemCount
  if (count === null) return 'its list of metrics could not be read'
  if (count === 0) return 'it named no metrics'
  // Read from the rows that are shown: each blocked metric that has a score and a threshold failed it.
  const compared = report.metrics.length > 0 && report.metrics.every((m) => m.comparison !== undefined)
  const s = count === 1 ? '' : 's'
  return compared
    ? `${count} metric${s} failed ${count === 1 ? 'its threshold' : 'their thresholds'}`
    : `${count} metric${s} blocked it`
}

/** What a blocked result asks of the reader. */
export const NEXT_STEPS_BLOCKED =
  "Look at this commit's blocked metrics in the evaluation service, fix the regression and push again. " +
  'If a threshold is wrong, change it in the service and re-run this job. ' +
  'To report without blocking while thresholds are calibrated, set `fail-on-blocked: false`.'
