/**
 * Characters that change how text around them is read without showing themselves: controls, line and
 * paragraph separators, bidirectional overrides and isolates (which can make a log line or a table cell
 * read in another order), zero-width characters and other format characters. In text from the service
 * or the event they are shown as `\uXXXX` (`\u{XXXXX}` beyond four digits), so a reader sees that they
 * were there and nothing is reordered.
 *
 * The pattern is built at its first use, not written as a literal: V8 checks a literal's syntax when it
 * compiles the module, and for these Unicode classes that means building them from ICU's tables, a
 * millisecond or so that a run whose texts keep to the common characters below (most runs) need not pay.
 */
let hidden: RegExp | undefined
const hiddenPattern = (): RegExp => (hidden ??= new RegExp('[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]', 'gu'))
/**
 * Anything outside the ranges that hold no hidden character and that most texts keep to: printable ASCII,
 * Latin-1's letters and signs but the soft hyphen, and the dashes, quotes, bullets and ellipsis of
 * U+2010–U+2027 and U+2030–U+205E (this action's own lines use `…` and `—`). A test checks every code
 * point of them against the full pattern.
 */
export const MAYBE_HIDDEN = /[^\x20-\x7e\xa0-\xac\xae-\xff\u2010-\u2027\u2030-\u205e]/

export function showHidden(text: string): string {
  if (!MAYBE_HIDDEN.test(text)) return text
  return text.replace(hiddenPattern(), writtenOut)
}

/**
 * JSON with its hidden characters written as JSON escapes (`\u202e`; beyond four digits, as the two
 * escapes of its surrogates): the same value to any JSON reader, and inert wherever the text itself is
 * shown (a later step that echoes an output into its log). JSON.stringify already escapes C0 controls
 * and lone surrogates; these are the rest, and in its output they can only stand inside strings.
 */
export function inertJson(json: string): string {
  if (!MAYBE_HIDDEN.test(json)) return json
  return json.replace(hiddenPattern(), (c) =>
    Array.from({ length: c.length }, (_, i) => unitEscape(c.charCodeAt(i))).join('')
  )
}

/** `\u200b`; beyond four digits `\u{e0041}`, which cannot be read as `\ue004` and a `1`. */
function writtenOut(c: string): string {
  const code = c.codePointAt(0)!
  return code > 0xffff ? `\\u{${code.toString(16)}}` : unitEscape(code)
}

/** A UTF-16 code unit as `\uXXXX`: how JSON, JavaScript and this action's log lines write one. */
export function unitEscape(unit: number): string {
  return `\\u${unit.toString(16).padStart(4, '0')}`
}

/** Untrusted text (the key already removed) as a JSON string for a sentence, cut to `max` characters first. */
export function quoted(text: string, max = 200): string {
  return JSON.stringify(clipText(text, max))
}

/**
 * Cuts text to at most `max` code points, never inside a surrogate pair, marking the cut with "…". Reads
 * no further than the cut: a 16 MiB text is not split into characters to keep a hundred of them.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text
  let at = 0
  let cut = 0
  for (let kept = 0; kept < max; kept++) {
    if (at >= text.length) return text
    if (kept === max - 1) cut = at
    at += text.codePointAt(at)! > 0xffff ? 2 : 1
  }
  return at >= text.length ? text : `${text.slice(0, cut)}…`
}
