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

/** The longest prefix of the items whose JSON list fits `limit` bytes; `escape` makes each item's JSON inert. */
export function boundedItemsJson(
  items: unknown[],
  limit = MAX_ITEMS_JSON_BYTES,
  escape: (json: string) => string = inertJson
): BoundedJson {
  const parts: string[] = []
  let size = 2 // the brackets
  let cut = false
  for (const item of items) {
    let part: string
    try {
      part = JSON.stringify(item) ?? 'null'
    } catch {
      // Nested too deeply to write out: the item goes in with its deepest parts replaced by a note.
      part = JSON.stringify(redactValue(item, NO_SECRETS).value) ?? 'null'
      cut = true
    }
    const room = limit - size - (parts.length > 0 ? 1 : 0)
    // No UTF-16 unit takes less than a byte, and escaping only lengthens: an item already too long stops
    // here, before its escapes are written (a 16 MiB string of hidden characters would take seconds).
    if (part.length > room) break
    part = escape(part)
    const bytes = Buffer.byteLength(part, 'utf8')
    if (bytes > room) break
    parts.push(part)
    size += bytes + (parts.length > 1 ? 1 : 0)
  }
  return { json: `[${parts.join(',')}]`, count: parts.length, cut }
}

export function outputCutNote(shown: number, count: number): string {
  return (
    `The blocked-metrics output holds the first ${shown} of ${count} metrics (it is kept under 64 KiB so later ` +
    'steps can read it); blocked-count is the true count and the report file has them all.'
  )
}
