/**
 * Reading the service's answer. A pass counts only when it is exact and unambiguous; anything that
 * says `blocked` is a block, whatever else is wrong with the answer, so that no malformed answer can
 * let a commit through.
 */
import { decodeEscapes } from '../untrusted/redact.js'
import { quoted } from '../untrusted/visible.js'
import { readInSlices } from './answer-slices.js'

export type Answer =
  /**
   * `items` are the blocked metrics exactly as sent, `answer` the whole answer as parsed; `notes` say
   * what about the answer could not be used.
   */
  | {
      kind: 'verdict'
      verdict: 'pass' | 'blocked'
      items: unknown[]
      notes: string[]
      answer: Record<string, unknown>
      /** The JSON text `answer` was parsed from; absent when the verdict was read from text that is not JSON. */
      text?: string
      /**
       * How many items the list holds when `items` are not all of it: a number when they are only its first
       * (a large answer read in slices), null when the answer says blocked but its list could not be read
       * (text that is not JSON, a `blocked_metrics` that is not a list, or one given twice or also spelled
       * another way), so how many it names is unknown.
       */
      itemCount?: number | null
    }
  | { kind: 'invalid'; problem: string }

/** Puts a piece of the service's text into a sentence; the client's version removes the key before it cuts. */
export type Quote = (text: string, max: number) => string

/**
 * Text that still says blocked, read from the raw answer when it cannot be read whole: a verdict key
 * (any case, in double, single or no quotes, with blanks inside the quotes or anything but JSON's
 * structure, a comment say, before its colon) whose value mentions "blocked" anywhere: a string, a list
 * or an object, however long or deep. A body that is cut short, too large, trailed by junk or that
 * repeats its keys is then still a block, never an error that `fail-on-error: false` would let
 * through. JSON may spell any letter as `\uXXXX`, and a service may send JSON inside a JSON string, so
 * the text is also read with its escapes decoded (as the redactor decodes them).
 */
const VERDICT_KEY = /["']?\s*verdict\s*["']?[^:,{}[\]"]{0,256}:\s*/gi

function saysBlockedInText(body: string): boolean {
  if (verdictInTextSaysBlocked(body)) return true
  // Escapes read, JSON inside a JSON string included: `"{\"verdict\":\"blocked\"}"`.
  return /[\\%]/.test(body) && verdictInTextSaysBlocked(decodeEscapes(body))
}

function verdictInTextSaysBlocked(body: string): boolean {
  const keys = new RegExp(VERDICT_KEY)
  for (let key = keys.exec(body); key; key = keys.exec(body)) {
    const start = key.index + key[0].length
    const value = valueText(body, start)
    if (/blocked/i.test(value)) return true
    // A verdict key inside this value says nothing this value did not: each character is read once.
    keys.lastIndex = Math.max(keys.lastIndex, start + value.length)
  }
  return false
}

/**
 * The text of the JSON value that starts at `start`, as far as it goes: a string to its closing quote,
 * a list or object to its closing bracket (strings skipped), anything else to the next `,`, `]` or `}`;
 * cut at the end of the body.
 */
function valueText(body: string, start: number): string {
  const end = body.length
  const open = body[start]
  if (open === "'") {
    const close = body.indexOf("'", start + 1)
    return body.slice(start, close < 0 ? end : close + 1)
  }
  if (open !== '"' && open !== '[' && open !== '{') {
    const stop = body.slice(start, end).search(/[,}\]]/)
    return body.slice(start, stop < 0 ? end : start + stop)
  }
  let depth = 0
  for (let i = start; i < end; i++) {
    const c = body[i]
    if (c === '"') {
      i++
      while (i < end && body[i] !== '"') i += body[i] === '\\' ? 2 : 1
      if (depth === 0) return body.slice(start, i + 1)
    } else if (c === '[' || c === '{') depth++
    else if ((c === ']' || c === '}') && --depth === 0) return body.slice(start, i + 1)
  }
  return body.slice(start, end)
}

/** A byte-order mark before the JSON: not JSON, but no reason to refuse an answer. */
const withoutBom = (body: string): string => (body.charCodeAt(0) === 0xfeff ? body.slice(1) : body)

/**
 * How a large answer may be read: whether its text holds no secret (so it is filed as sent and its
 * items are never cleaned whole; see Redact.mayHide), and which of its items the report needs.
 */
export interface Slicing {
  clean: boolean
  keep: (kept: unknown[]) => boolean
}

/**
 * Reads the body of a 2xx answer of `POST /gates/evaluate`. With `slicing`, a large blocked answer whose
 * text is clean is read a slice at a time and only the items the report needs are kept (see
 * answer-slices.ts); what it decides is the same.
 */
export function interpretAnswer(raw: string, quote: Quote = quoted, slicing?: Slicing): Answer {
  const body = withoutBom(raw)
  const invalid = (problem: string): Answer =>
    blockedInText(body, `the answer could not be used: ${problem}`, quote) ?? { kind: 'invalid', problem }
  const sliced = slicing?.clean ? readInSlices(body, (top) => saysBlocked(top.verdict), slicing.keep) : undefined
  if (sliced) return readBlocked(sliced.top, body, quote, sliced.count)
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return invalid(`the answer is not JSON (${describeBody(body, quote)})`)
  }
  if (!isRecord(parsed)) return invalid(`the answer is JSON but not an object (${describeBody(body, quote)})`)
  // The verdict is read first, as the API says.
  const verdict = parsed.verdict
  if (saysBlocked(verdict)) return readBlocked(parsed, body, quote)
  if (verdict !== 'pass') {
    const text = typeof verdict === 'string' ? verdict : jsonOf(verdict)
    const shown = verdict === undefined ? 'no verdict field' : `verdict ${quote(text, 80)}`
    return invalid(`the answer has ${shown}; expected "pass" or "blocked"`)
  }
  const list = parsed.blocked_metrics
  if (list !== undefined && list !== null && !Array.isArray(list)) {
    return invalid(`the verdict is "pass" but blocked_metrics is ${typeName(list)}, not a list`)
  }
  if (Array.isArray(list) && list.length > 0) {
    // A pass that names blocking metrics contradicts itself; trusting either half could be wrong.
    return invalid(
      `the verdict is "pass" but blocked_metrics lists ${list.length} metric(s); the answer contradicts itself`
    )
  }
  // JSON.parse keeps the last of repeated keys, so `{"verdict":"blocked","verdict":"pass"}` reads as a
  // pass; a key in another case (`"Blocked_Metrics"`, or with a Kelvin sign for its k) may be what
  // another reader takes. Neither passes.
  const keys = topLevelKeys(body)
  const repeated = keys.find((key, i) => keys.indexOf(key) !== i)
  if (repeated !== undefined) return invalid(`the answer gives ${quote(repeated, 40)} more than once; it is ambiguous`)
  const lookalike = keys.find((key) =>
    ['verdict', 'blocked_metrics'].some((name) => key !== name && sameInAnyCase(key, name))
  )
  if (lookalike !== undefined) return invalid(`the answer also has a key ${quote(lookalike, 40)}; it is ambiguous`)
  return { kind: 'verdict', verdict: 'pass', items: [], notes: [], answer: parsed, text: body }
}

/**
 * For an answer that is not a 2xx (a refusal, or the last of a run of failures), or one too large to
 * read: a body that still says `blocked` is a block.
 */
export function blockedInErrorBody(raw: string, why: string, quote: Quote = quoted): Answer | undefined {
  const body = withoutBom(raw)
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return blockedInText(body, why, quote)
  }
  if (!isRecord(parsed) || !saysBlocked(parsed.verdict)) return blockedInText(body, why, quote)
  const answer = readBlocked(parsed, body, quote)
  if (answer.kind === 'verdict') answer.notes.unshift(`${why}, but its body says blocked.`)
  return answer
}

/** A block read from raw text alone: no metric can be shown, but the commit does not pass. */
function blockedInText(body: string, why: string, quote: Quote): Answer | undefined {
  if (!saysBlockedInText(body)) return undefined
  // The body is quoted once: `why` may already have quoted it (the answer is not JSON, it starts …).
  const described = describeBody(body, quote)
  const seen = why.includes(described) ? '' : ` (${described})`
  const notes = [`${why.replace(/[.]$/, '')}; its text still says blocked${seen}, so it is read as blocked.`]
  return { kind: 'verdict', verdict: 'blocked', items: [], itemCount: null, notes, answer: {} }
}

/**
 * A verdict that mentions `blocked` anywhere (in any case, with blanks around it, inside a list or an
 * object, as a key or a value, however deep) blocks: a near miss must never read as a pass, nor as an
 * error that `fail-on-error: false` lets through. Walked without recursion, since JSON.parse builds
 * values nested far deeper than a stack goes; the walk is as long as the answer, which is capped.
 */
function saysBlocked(verdict: unknown): boolean {
  const waiting: unknown[] = [verdict]
  while (waiting.length > 0) {
    const value = waiting.pop()
    if (typeof value === 'string') {
      if (/blocked/i.test(value)) return true
    } else if (Array.isArray(value)) {
      for (const inner of value) waiting.push(inner)
    } else if (value !== null && typeof value === 'object') {
      for (const key in value) {
        if (Object.hasOwn(value, key)) waiting.push(key, (value as Record<string, unknown>)[key])
      }
    }
  }
  return false
}

/** A blocked answer, parsed from `text`; `count` is how many items its list holds when `blocked_metrics` is only their first. */
function readBlocked(answer: Record<string, unknown>, text: string, quote: Quote, count?: number): Answer {
  const notes: string[] = []
  const verdict = answer.verdict
  const list = answer.blocked_metrics
  if (verdict !== 'blocked') {
    const text = typeof verdict === 'string' ? verdict : jsonOf(verdict)
    notes.push(`The verdict was written ${quote(text, 40)}; read as blocked.`)
  }
  const blocked = (items: unknown[], itemCount?: number | null): Answer => ({
    kind: 'verdict',
    verdict: 'blocked',
    items,
    itemCount,
    notes,
    answer,
    text
  })
  if (namesListAmbiguously(text)) {
    notes.push(
      'blocked_metrics is given more than once, or also spelled another way, so which metrics were named is unknown.'
    )
    return blocked([], null)
  }
  // A list that is missing (or null) is an empty one, as the API says.
  if (list === undefined || list === null) return blocked([])
  if (Array.isArray(list)) return blocked(list, count)
  notes.push(`blocked_metrics was ${typeName(list)}, not a list, so no metric can be shown.`)
  return blocked([], null)
}

/**
 * Whether the top level gives `blocked_metrics` more than once (JSON.parse keeps the last), or also under
 * a key another reader could take for it (`Blocked_Metrics`): which list the service meant is then
 * unknown. In a text without a `\` every key is spelled as it reads, so one that mentions the name at
 * most once, and then as it should be spelled, has no second such key, and its keys need not be walked.
 */
function namesListAmbiguously(text: string): boolean {
  const mentions = text.match(LIST_NAME_IN_ANY_CASE) ?? []
  if (mentions.length <= 1 && mentions.every((name) => name === 'blocked_metrics') && !text.includes('\\')) {
    return false
  }
  const keys = topLevelKeys(text).filter((key) => sameInAnyCase(key, 'blocked_metrics'))
  return keys.length > 1 || keys.some((key) => key !== 'blocked_metrics')
}

/**
 * Whether a reader that matches keys without regard to case could take `key` for `name` (lower case):
 * Unicode's case mappings included, which make a Kelvin sign a `k`, a long `ſ` an `s` and a dotless `ı`
 * an `i` (Go's encoding/json, for one, matches keys so).
 */
function sameInAnyCase(key: string, name: string): boolean {
  return key.toUpperCase().toLowerCase() === name
}

/** `blocked_metrics` in any case, the letters that only Unicode's mappings make `k`, `i` and `s` included. */
const LIST_NAME_IN_ANY_CASE = /bloc[k\u212a]ed_metr[i\u0131]c[s\u017f]/gi

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/**
 * The keys of a JSON object's top level, in order and with repeats, from text that JSON.parse accepted.
 * Strings are skipped whole (escapes included), so brackets and quotes inside them are not counted.
 */
export function topLevelKeys(json: string): string[] {
  const keys: string[] = []
  let depth = 0
  for (let i = 0; i < json.length; i++) {
    const c = json[i]
    if (c === '"') {
      let end = i + 1
      while (end < json.length && json[end] !== '"') end += json[end] === '\\' ? 2 : 1
      let next = end + 1
      while (next < json.length && /\s/.test(json[next])) next++
      if (depth === 1 && json[next] === ':') keys.push(JSON.parse(json.slice(i, end + 1)) as string)
      i = end
    } else if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') depth--
  }
  return keys
}

/** JSON for a value that may nest too deeply to write out. */
function jsonOf(value: unknown): string {
  try {
    return JSON.stringify(value) ?? ''
  } catch {
    return typeName(value)
  }
}

function typeName(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

function describeBody(body: string, quote: Quote): string {
  if (body.trim() === '') return 'the body is empty'
  return `it starts ${quote(body, 120)}`
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
        if (typeof value === 'string' && value.trim() !== '') return value.trim()
        if (value !== null && typeof value === 'object') {
          const inner = (value as Record<string, unknown>).message
          if (typeof inner === 'string' && inner.trim() !== '') return inner.trim()
          return JSON.stringify(value) ?? ''
        }
      }
    }
  } catch {
    // Not JSON: the text itself is the message.
  }
  return text
}
