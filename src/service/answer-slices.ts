/**
 * A large answer read a slice at a time, so that its list of blocked metrics is never held whole: the
 * report shows the first few hundred and counts the rest. Parsing 30,000 metrics at once makes 3.6 MB of
 * young objects that a garbage collection copies while they are still held; parsed 64 KiB at a time,
 * each slice is dropped once its first items are kept, and memory stays bounded by the slice whatever
 * the list holds.
 *
 * It reads exactly what JSON.parse of the whole text reads, or gives up (and the caller parses it whole):
 *
 * - The list is taken to start where `"blocked_metrics"` first appears followed by `:` and `[`, and to
 *   end at one of the text's last few `]`. The text with that span replaced by a string holding a random
 *   nonce must parse, with that string as the top level's `blocked_metrics`. Then the span stood in the
 *   place of the value JSON.parse would have read there (a repeated key keeps its last value, so it is
 *   the value JSON.parse keeps), and all the rest of the answer is as JSON.parse reads it.
 * - The inside of the list is cut at commas after a `}`, about every 64 KiB, and each piece parsed as a
 *   list of its own. A piece that parses and holds at least one item is whole items: a cut inside a
 *   string leaves that string open, and a cut inside a nested value leaves its bracket open, and neither
 *   parses. A piece that does not parse is joined to the next one. So the pieces parse exactly when the
 *   whole list does, into the same items in the same order.
 * - Once the caller keeps no more items, the rest of the list is only counted, when it is a list of flat
 *   objects written compactly (see FLAT_ITEM): a pattern checks that it is exactly such a list, which
 *   JSON.parse would read as those items, and counts them without building them. A list of any other
 *   form goes on being parsed a piece at a time.
 */

/** Answers shorter than this are parsed whole: slicing them would save nothing. */
export const SLICE_FROM_CHARS = 256 * 1024
export const SLICE_CHARS = 64 * 1024
/** How many of the text's last `]` may end the list, and how many cuts a piece may try, before giving up. */
const MAX_ENDS = 4
const MAX_CUTS = 16

export interface SlicedAnswer {
  /** The answer's top level, its `blocked_metrics` the first items only. */
  top: Record<string, unknown>
  /** How many items the whole list holds. */
  count: number
}

/**
 * Reads a large answer in slices, or returns undefined: when the text is short, when its list cannot
 * be found as described above, when `wanted` says the top level does not need it read so (a verdict
 * other than blocked is read whole), or when the text is not JSON.
 * @param keep  whether to keep one more item, given those kept so far
 */
export function readInSlices(
  body: string,
  wanted: (top: Record<string, unknown>) => boolean,
  keep: (kept: unknown[]) => boolean
): SlicedAnswer | undefined {
  if (body.length < SLICE_FROM_CHARS) return undefined
  const open = listStart(body)
  if (open < 0) return undefined
  const nonce = `\ud800${Math.random()}`
  const stand = JSON.stringify(nonce)
  let end = body.length
  let top: Record<string, unknown> | undefined
  for (let tries = 0; tries < MAX_ENDS && top === undefined; tries++) {
    end = body.lastIndexOf(']', end - 1)
    if (end <= open) return undefined
    const read = parsed(body.slice(0, open) + stand + body.slice(end + 1))
    if (isRecord(read) && read.blocked_metrics === nonce) top = read
  }
  if (top === undefined || !wanted(top)) return undefined

  const kept: unknown[] = []
  let count = 0
  // Pieces that fail are parsed again, joined to the next: a text built so that every cut fails must not
  // cost much more than one JSON.parse of the whole. Past twice the list's length, the whole is parsed.
  let budget = 2 * (end - open) + SLICE_CHARS
  const piece = (from: number, to: number): unknown => {
    budget -= to - from
    return budget < 0 ? undefined : parsed(`[${body.slice(from, to)}]`)
  }
  // Each piece runs from after the list's `[` or a cut's comma to the next cut or the list's `]`; one
  // left empty after a last comma (a trailing comma) is read too, and refused.
  let counting = true
  for (let start = open + 1; ;) {
    if (counting && !keep(kept)) {
      // Tried once: a list that is not all flat items is parsed from here, never scanned again.
      counting = false
      const rest = countFlatItems(body.slice(start, end))
      if (rest !== undefined) {
        count += rest
        break
      }
    }
    let cut = nextCut(body, start + SLICE_CHARS, end)
    let items = piece(start, cut)
    for (let tries = 1; !Array.isArray(items) && cut < end && budget >= 0; tries++) {
      if (tries === MAX_CUTS) return undefined
      cut = nextCut(body, cut + 1, end)
      items = piece(start, cut)
    }
    if (!Array.isArray(items)) return undefined
    // An empty piece between two commas (`1, ,2`) parses alone but not in the whole list.
    if (items.length === 0 && (start > open + 1 || cut < end)) return undefined
    count += items.length
    for (const item of items) {
      if (!keep(kept)) break
      kept.push(item)
    }
    if (cut === end) break
    start = cut + 1
  }
  top.blocked_metrics = kept
  return { top, count }
}

/**
 * One item of a list as most services write it: an object of strings, numbers, true, false and null,
 * with at most a space after its `:` and `,`, and strings with no escape or control character (the
 * answers read in slices hold no `\` at all). Then a comma that another item follows, or the end of the
 * text. Each part can be read one way only, so a text that is not such a list fails at its first wrong
 * character, and the pattern never backtracks further than the items of one match.
 */
const FLAT_ITEM = (() => {
  const string = '"[^"\\\\\\u0000-\\u001f]*"'
  const number = '-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?'
  const member = `${string}: ?(?:${string}|${number}|true|false|null)`
  return ` ?\\{(?:${member}(?:, ?${member})*)?\\}(?:,(?= ?\\{)|$)`
})()
/** Items are matched this many at a time: one match per item would cost more than the matching. */
const GROUP = 32
const FLAT_GROUPS = new RegExp(`(?:${FLAT_ITEM}){${GROUP}}`, 'gy')
const FLAT_ITEMS = new RegExp(FLAT_ITEM, 'gy')

/**
 * How many items `list` (the inside of a list, from after a comma to its `]`) holds, when it is all flat
 * items one after another (the sticky patterns match from where the last match ended, or not at all, so
 * matches that cover the whole text leave nothing between them); otherwise undefined.
 */
export function countFlatItems(list: string): number | undefined {
  if (list === '') return undefined // a trailing comma, or an empty list: the pieces read it
  try {
    const groups = list.match(FLAT_GROUPS) ?? []
    let covered = groups.reduce((sum, group) => sum + group.length, 0)
    const items = covered === list.length ? [] : (list.slice(covered).match(FLAT_ITEMS) ?? [])
    covered += items.reduce((sum, item) => sum + item.length, 0)
    return covered === list.length ? groups.length * GROUP + items.length : undefined
  } catch {
    return undefined // the pattern ran out of backtracking stack (a string of megabytes, say)
  }
}

/** Where the first `"blocked_metrics"` key's list opens (`[`), or -1. */
function listStart(body: string): number {
  const key = body.indexOf('"blocked_metrics"')
  if (key < 0) return -1
  let at = skipBlanks(body, key + '"blocked_metrics"'.length)
  if (body[at] !== ':') return -1
  at = skipBlanks(body, at + 1)
  return body[at] === '[' ? at : -1
}

function skipBlanks(body: string, at: number): number {
  while (body[at] === ' ' || body[at] === '\t' || body[at] === '\n' || body[at] === '\r') at++
  return at
}

/** The first comma after a `}` at or after `from` (where a piece may end), or `end`. */
function nextCut(body: string, from: number, end: number): number {
  if (from >= end) return end
  const brace = body.indexOf('},', from)
  return brace < 0 || brace + 1 >= end ? end : brace + 1
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
