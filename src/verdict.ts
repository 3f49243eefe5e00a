/**
 * Turning the service's answer into a verdict. Everything that is not clearly `pass` or `blocked` is
 * an error, so that no malformed answer can ever let a commit through.
 */

/** One blocked metric, read from whatever shape the service sent. */
export interface Metric {
  /** Shown as the metric's name: its `name` field, or a plain-string item, or the item as JSON. */
  name: string
  score?: string
  threshold?: string
  /** Any other fields the item carried, as text, in the order they came. */
  extra: Array<[string, string]>
}

export type Answer =
  /** `items` are the blocked metrics exactly as sent; `readMetric` turns the ones that are shown into rows. */
  { kind: 'verdict'; verdict: 'pass' | 'blocked'; items: unknown[] } | { kind: 'invalid'; problem: string }

/** Reads the body of a 2xx answer of `POST /gates/evaluate`. */
export function interpretAnswer(body: string): Answer {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return { kind: 'invalid', problem: `the answer is not JSON (${describeBody(body)})` }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { kind: 'invalid', problem: `the answer is JSON but not an object (${describeBody(body)})` }
  }
  const record = parsed as Record<string, unknown>
  // The verdict is read first, as the API says; only an exact known value counts.
  const verdict = record.verdict
  if (verdict !== 'pass' && verdict !== 'blocked') {
    const shown = verdict === undefined ? 'no verdict field' : `verdict ${clip(JSON.stringify(verdict), 80)}`
    return { kind: 'invalid', problem: `the answer has ${shown}; expected "pass" or "blocked"` }
  }
  const list = record.blocked_metrics
  if (list !== undefined && list !== null && !Array.isArray(list)) {
    return { kind: 'invalid', problem: `blocked_metrics is ${typeName(list)}, not a list` }
  }
  const items = (list ?? []) as unknown[]
  if (verdict === 'pass' && items.length > 0) {
    // A pass that names blocking metrics contradicts itself; trusting either half could be wrong.
    return {
      kind: 'invalid',
      problem: `the verdict is "pass" but blocked_metrics lists ${items.length} metric(s); the answer contradicts itself`
    }
  }
  return { kind: 'verdict', verdict, items }
}

const NAME_KEYS = ['name', 'metric', 'metric_name', 'id', 'key']

/** Renders any item: objects with name/score/threshold are likely, but nothing is assumed. */
export function readMetric(item: unknown): Metric {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) {
    return { name: typeof item === 'string' ? item : (JSON.stringify(item) ?? String(item)), extra: [] }
  }
  const record = item as Record<string, unknown>
  const nameKey = NAME_KEYS.find((key) => typeof record[key] === 'string' || typeof record[key] === 'number')
  const metric: Metric = { name: nameKey ? String(record[nameKey]) : '(unnamed)', extra: [] }
  for (const [key, value] of Object.entries(record)) {
    if (key === nameKey) continue
    if (key === 'score') metric.score = valueText(value)
    else if (key === 'threshold') metric.threshold = valueText(value)
    else metric.extra.push([key, valueText(value)])
  }
  return metric
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return value
  return JSON.stringify(value) ?? String(value)
}

function typeName(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  return `a ${typeof value}`
}

function describeBody(body: string): string {
  if (body.trim() === '') return 'the body is empty'
  return `it starts ${clip(JSON.stringify(body.slice(0, 120)), 120)}`
}

export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/** A short reason for the step's failure, naming the first few blocking metrics. */
export function blockedHeadline(items: unknown[]): string {
  if (items.length === 0) return 'The evaluation service blocked this commit (it named no metrics).'
  const named = items.slice(0, 3).map((item) => clip(readMetric(item).name, 60))
  const more = items.length > 3 ? ` and ${items.length - 3} more` : ''
  return `The evaluation service blocked this commit: ${items.length} metric(s) below threshold (${named.join(', ')}${more}).`
}

/** One line about a metric, for an annotation or the log. */
export function describeMetric(metric: Metric): string {
  const parts = [clip(metric.name, 200)]
  if (metric.score !== undefined) parts.push(`score ${clip(metric.score, 60)}`)
  if (metric.threshold !== undefined) parts.push(`threshold ${clip(metric.threshold, 60)}`)
  for (const [key, value] of metric.extra.slice(0, 4)) parts.push(`${clip(key, 40)} ${clip(value, 60)}`)
  return parts.join(', ')
}

/** What the service said in an error body: a JSON `error`, `message` or `detail` field, or the text. */
export function serverMessage(body: string): string {
  const text = body.trim()
  if (text === '') return ''
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed !== null && typeof parsed === 'object') {
      for (const key of ['error', 'message', 'detail']) {
        const value = (parsed as Record<string, unknown>)[key]
        if (typeof value === 'string' && value.trim() !== '') return clip(value.trim(), 500)
        if (value !== null && typeof value === 'object') {
          const inner = (value as Record<string, unknown>).message
          if (typeof inner === 'string' && inner.trim() !== '') return clip(inner.trim(), 500)
          return clip(JSON.stringify(value), 500)
        }
      }
    }
  } catch {
    // Not JSON: the text itself is the message.
  }
  return clip(text, 500)
}
