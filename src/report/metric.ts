/**
 * One blocked metric, read from whatever shape the service sent, and how it compares with its
 * threshold. The service does not say whether a higher score is better (faithfulness) or worse
 * (toxicity), so a comparison states which side of the threshold the score fell on and by how much,
 * never "too low".
 */
import { TOO_DEEP } from '../untrusted/redact.js'

export interface Comparison {
  score: number
  threshold: number
  /** The score against the threshold: `<`, `>` or `=`. */
  relation: '<' | '>' | '='
  /** |score − threshold| */
  margin: number
  /** The margin as a share of the threshold, when the threshold is not zero. */
  relative?: number
}

export interface Metric {
  /** Shown as the metric's name: its `name` field, or a plain-string item, or the item as JSON. */
  name: string
  /** As sent, as text. */
  score?: string
  threshold?: string
  comparison?: Comparison
  /** Any other fields the item carried, as text, in the order they came. */
  extra: Array<[string, string]>
  /** True when part of the item nests too deeply to be written out (it shows TOO_DEEP there). */
  tooDeep?: boolean
}

const NAME_KEYS = ['name', 'metric', 'metric_name', 'id', 'key']

/** Renders any item: objects with name/score/threshold are likely, but nothing is assumed. */
export function readMetric(item: unknown): Metric {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) {
    const name = valueText(item)
    return name === TOO_DEEP ? { name, extra: [], tooDeep: true } : { name, extra: [] }
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
  metric.comparison = compare(record.score, record.threshold)
  if ([metric.score, metric.threshold, ...metric.extra.map(([, v]) => v)].includes(TOO_DEEP)) metric.tooDeep = true
  return metric
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    // Nesting deep enough to overflow the stack: JSON.parse took it, JSON.stringify cannot give it back.
    return TOO_DEEP
  }
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value !== 'string' || !/^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?\s*$/i.test(value)) return undefined
  const n = Number(value)
  return Number.isFinite(n) ? n : undefined
}

export function compare(scoreValue: unknown, thresholdValue: unknown): Comparison | undefined {
  const score = asNumber(scoreValue)
  const threshold = asNumber(thresholdValue)
  if (score === undefined || threshold === undefined) return undefined
  const margin = Math.abs(score - threshold)
  return {
    score,
    threshold,
    relation: score < threshold ? '<' : score > threshold ? '>' : '=',
    margin,
    relative: threshold !== 0 && Number.isFinite(margin / threshold) ? margin / Math.abs(threshold) : undefined
  }
}

/** A number as a person writes it: at most four significant digits, no float noise (0.09, not 0.09000000000000008). */
export function formatNumber(n: number): string {
  if (n === 0) return '0'
  const abs = Math.abs(n)
  if (abs >= 1e6 || abs < 1e-4) return n.toPrecision(3)
  // Most scores and thresholds are short already (0.42, 0.8, 0.875): then their own text is the answer
  // (four characters hold at most four digits, and so does `0.` and four more), and the regular
  // expressions and toPrecision (slow: a table of 200 rows calls this 800 times) are for the rest.
  const text = String(n)
  if (text.length <= 4 || (text.length <= 6 && text.startsWith('0.'))) return text
  if (text.replace(/^-?[0.]*/, '').replace('.', '').length <= 4) return text
  return String(Number(n.toPrecision(4)))
}

/** "0.71 < 0.8", as the reader compares them. */
export function relationText(c: Comparison): string {
  return `${formatNumber(c.score)} ${c.relation} ${formatNumber(c.threshold)}`
}

/** "0.09 below the threshold (11%)", or "at the threshold". */
export function marginText(c: Comparison): string {
  if (c.relation === '=') return 'at the threshold'
  const side = c.relation === '<' ? 'below' : 'above'
  const share = c.relative !== undefined ? ` (${formatNumber(Math.round(c.relative * 1000) / 10)}%)` : ''
  return `${formatNumber(c.margin)} ${side} the threshold${share}`
}

export const BAR_WIDTH = 20

/**
 * A bar of the score on a scale that holds both numbers, with the threshold marked `│`:
 * `██████████████░░│░░░` is 0.71 against 0.8 on 0 to 1. Undefined when a bar would mislead (negatives).
 */
export function scoreBar(c: Comparison, width = BAR_WIDTH): string | undefined {
  if (c.score < 0 || c.threshold < 0) return undefined
  const top = c.score <= 1 && c.threshold <= 1 ? 1 : Math.max(c.score, c.threshold) * 1.25
  const cell = (value: number): number => Math.min(width - 1, Math.max(0, Math.round((value / top) * width)))
  const filled = Math.min(width, Math.round((c.score / top) * width))
  const bar = '█'.repeat(filled) + '░'.repeat(width - filled)
  const mark = cell(c.threshold)
  return `${bar.slice(0, mark)}│${bar.slice(mark + 1)}`
}

/**
 * One line about a metric, for an annotation or the log: "faithfulness: 0.71 < 0.8, 0.09 below the
 * threshold (11%)". `show` makes a piece of the service's text fit the place it goes.
 */
export function describeMetric(metric: Metric, show: (text: string, max: number) => string): string {
  const parts: string[] = []
  if (metric.comparison) parts.push(`${relationText(metric.comparison)}, ${marginText(metric.comparison)}`)
  else {
    if (metric.score !== undefined) parts.push(`score ${show(metric.score, 60)}`)
    if (metric.threshold !== undefined) parts.push(`threshold ${show(metric.threshold, 60)}`)
  }
  for (const [key, value] of metric.extra.slice(0, 4)) parts.push(`${show(key, 40)} ${show(value, 60)}`)
  const name = show(metric.name, 200)
  return parts.length > 0 ? `${name}: ${parts.join(', ')}` : name
}
