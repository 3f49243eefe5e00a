/**
 * The blocked metrics as JSON for the `blocked-metrics` output. A later step usually reads an output
 * through `env:`, and Linux refuses to start a process with one environment string over 128 KiB; GitHub
 * allows 1 MB of outputs per job, counted as UTF-16. So the list holds whole items, in the service's
 * order, up to 64 KiB, while `blocked-count` is always the true count and the report file holds them all.
 * Hidden characters in it are JSON escapes: the same items to a JSON reader, inert in a log that echoes it.
 */
import { redactor, redactValue } from '../untrusted/redact.js'
import { inertJson } from '../untrusted/visible.js'

export const MAX_ITEMS_JSON_BYTES = 64 * 1024

export interface BoundedJson {
  /** A JSON list of the first items. */
  json: string
  /** How many items it holds. */
  count: number
  /** True when an item nested too deeply to write out, and its deepest parts were left out. */
  cut: boolean
}

const NO_SECRETS = redactor()
/** Printable ASCII only: nothing in it to escape, and a byte per character. */
const PLAIN = /^[\x20-\x7e]*$/

/**
 * The longest prefix of the items whose JSON list fits `limit` bytes; `escape` makes each item's JSON
 * inert. An item's JSON is the one `itemJson` wrote while the answer was read, when it was.
 */
export function boundedItemsJson(
  items: unknown[],
  limit = MAX_ITEMS_JSON_BYTES,
  escape: (json: string) => string = inertJson
): BoundedJson {
  const parts: string[] = []
  let chars = 2 // the brackets
  let cut = false
  for (const item of items) {
    let part: string
    try {
      part = itemJson(item)
    } catch {
      // Nested too deeply to write out: the item goes in with its deepest parts replaced by a note.
      part = JSON.stringify(redactValue(item, NO_SECRETS).value) ?? 'null'
      cut = true
    }
    // No UTF-16 unit takes less than a byte, and escaping only lengthens: an item too long in characters
    // stops here, before its escapes are written (a 16 MiB string of hidden characters would take seconds).
    const size = part.length + (parts.length > 0 ? 1 : 0)
    if (chars + size > limit) break
    parts.push(part)
    chars += size
  }
  const list = parts.join(',')
  // Most lists are printable ASCII: then what fits in characters fits in bytes, with nothing to escape.
  if (PLAIN.test(list)) return { json: `[${list}]`, count: parts.length, cut }
  let bytes = 2
  let count = 0
  for (; count < parts.length; count++) {
    parts[count] = escape(parts[count])
    const size = Buffer.byteLength(parts[count], 'utf8') + (count > 0 ? 1 : 0)
    if (bytes + size > limit) break
    bytes += size
  }
  return { json: `[${parts.slice(0, count).join(',')}]`, count, cut }
}

const written = new WeakMap<object, string>()

/**
 * An item's JSON, written once: the slices reader measures the items it keeps by it, and the output is
 * made of the same strings. Throws as JSON.stringify does (an item nested too deeply to write).
 */
export function itemJson(item: unknown): string {
  if (item === null || typeof item !== 'object') return JSON.stringify(item) ?? 'null'
  let json = written.get(item)
  if (json === undefined) written.set(item, (json = JSON.stringify(item)))
  return json
}

export function outputCutNote(shown: number, count: number): string {
  return (
    `The blocked-metrics output holds the first ${shown} of ${count} metrics (it is kept under 64 KiB so later ` +
    'steps can read it); blocked-count is the true count and the report file has them all.'
  )
}
