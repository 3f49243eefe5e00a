/**
 * Removing the API key from text the action did not write (the service's answers, the event) before
 * that text is clipped, escaped or shown anywhere. The runner masks the key in the log too, but only in
 * the forms it knows: an escaped form, or a piece of the key left by cutting text short, gets through.
 * So any run of text that is made of pieces of the key at least PIECE characters long goes, in any
 * case and after decoding `\uXXXX`, `\xXX`, `%XX` and JSON's `\\`, `\/` and `\"` escapes, up to
 * DECODE_ROUNDS times (a URL encoded twice, JSON inside JSON), not only the whole key. (A service that
 * set out to hide the key in some other encoding could still do so; these are the ways an echo is shown.)
 */

/** Pieces shorter than this are too common to mean the key (and a key's public prefix is about this long). */
export const PIECE = 8
export const REDACTED = '***'

export interface Redact {
  (text: string): string
  /**
   * False when no string parsed from this JSON text can hold a piece of the key: the text holds none
   * and has no escapes (so its strings are pieces of it as they stand). One scan of the raw answer
   * then spares a walk over every value of a large one.
   */
  mayHide(json: string): boolean
  /**
   * True when the text holds a piece of the key as it stands or with its escapes decoded: a whole JSON
   * text, read this way, shows what any of its strings would, repeated keys that JSON.parse drops included.
   */
  holdsPiece(text: string): boolean
  /** A mayHide for a text read as it arrives: each piece is scanned once, as it comes. */
  scan: () => TextScan
}

export interface TextScan {
  /** The next piece of the text, in order. */
  add: (piece: string) => void
  /** What mayHide would say of all the pieces so far, joined. */
  mayHide: () => boolean
}

/** A redactor for some secrets (the API key, the GitHub token); with none it returns text as it is. */
export function redactor(...secrets: string[]): Redact {
  const given = secrets.filter((secret) => secret !== '')
  if (given.length === 0) {
    const scan = (): TextScan => ({ add: () => undefined, mayHide: () => false })
    return Object.assign((text: string) => text, { mayHide: () => false, holdsPiece: () => false, scan })
  }
  const size = Math.min(PIECE, ...given.map((secret) => secret.length))
  const pieces = new Set<string>()
  for (const secret of given) {
    for (let i = 0; i + size <= secret.length; i++) pieces.add(secret.slice(i, i + size).toLowerCase())
  }
  const escaped = [...pieces].map(escapeForPattern)
  // Finds whether any piece occurs at all, in any case; the rare text that holds one is then cut precisely.
  const any = new RegExp(escaped.join('|'), 'i')
  /** Cuts every run of pieces out of the text as it stands. */
  const cut = (text: string): string => {
    if (text.length < size || !any.test(text)) return text
    const lower = text.replace(/[A-Z]/g, (c) => c.toLowerCase())
    const covered = new Uint8Array(text.length)
    for (let i = 0; i + size <= text.length; i++) {
      if (pieces.has(lower.slice(i, i + size))) covered.fill(1, i, i + size)
    }
    let out = ''
    for (let i = 0; i < text.length;) {
      const end = covered.indexOf(covered[i] ? 0 : 1, i)
      const stop = end < 0 ? text.length : end
      out += covered[i] ? REDACTED : text.slice(i, stop)
      i = stop
    }
    return out
  }
  const redact = (raw: string): string => {
    // The text as it stands first: an escape-like prefix (`%Ab`, `\uc123`) must not hide the key after it.
    let shown = cut(raw)
    // Then decoded, a round at a time: an escaped key (`\u0065gk…`, `%65gk…`, `%2565gk…`) is still the
    // key to whoever decodes it. A layer that holds a piece is shown decoded and cut, and decoding goes
    // on from what is left, so that a second copy escaped once more does not survive the first.
    let layer = shown
    for (let round = 0; round < DECODE_ROUNDS && ESCAPE.test(layer); round++) {
      layer = decodeEscapes(layer)
      if (any.test(layer)) shown = layer = cut(layer)
    }
    return shown
  }
  // Each piece (8 characters from position i) holds the 4-character block of its secret that starts at the
  // next multiple of 4. A pattern of a secret's few blocks is quick over a large answer, where one of all
  // its pieces is not (a 40-character key has 33 pieces and 10 blocks: about 3 ms against 30 on 2 MB);
  // only around a block that turns up are the pieces looked for.
  const blocks =
    size < 7
      ? []
      : given.map((secret) => {
          const starts = Array.from({ length: Math.floor(secret.length / 4) }, (_, i) => 4 * i)
          const found = new Set(starts.map((i) => secret.slice(i, i + 4).toLowerCase()))
          return new RegExp([...found].map(escapeForPattern).join('|'), 'gi')
        })
  const piecesIn = (text: string): boolean => {
    if (blocks.length === 0) return any.test(text)
    return blocks.some((block) => {
      block.lastIndex = 0
      for (let found = block.exec(text); found; found = block.exec(text)) {
        if (any.test(text.slice(Math.max(0, found.index - size), found.index + size + 4))) return true
        block.lastIndex = found.index + 1
      }
      return false
    })
  }
  const holdsPiece = (text: string): boolean => piecesIn(text) || decodings(text).some(piecesIn)
  // Without `\\` or `%` a text has no escapes to decode: it hides a piece only where one stands as it is.
  const mayHide = (json: string): boolean => mayEscape(json) || piecesIn(json)
  // A run of `size` characters lies inside one piece, or inside the seam: the last size - 1 characters
  // before a piece and its first size - 1. The piece is scanned as it is, never joined to what came before
  // (that would copy it).
  const scan = (): TextScan => {
    let tail = ''
    let found = false
    return {
      add: (piece) => {
        if (found || piece === '') return
        const seam = tail + piece.slice(0, size - 1)
        found = mayEscape(piece) || piecesIn(piece) || piecesIn(seam)
        const last = piece.length >= size - 1 ? piece : seam
        tail = last.slice(Math.max(0, last.length - (size - 1)))
      },
      mayHide: () => found
    }
  }
  return Object.assign(redact, { mayHide, holdsPiece, scan })
}

/** Whether a text holds the sign any escape begins with, `\\` or `%`. */
function mayEscape(text: string): boolean {
  return text.includes('\\') || text.includes('%')
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
}

const ESCAPE = /\\u([0-9a-f]{4})|\\x([0-9a-f]{2})|%([0-9a-f]{2})|\\(["/\\])/i
const ESCAPES = new RegExp(ESCAPE.source, 'gi')
/** How many layers of escapes are read: twice-encoded text is a real echo; more is not. */
export const DECODE_ROUNDS = 3

/** Decodes `\uXXXX`, `\xXX`, `%XX`, `\\`, `\/` and `\"` escapes, one character each, wherever they stand. */
export function decodeEscapes(text: string): string {
  return text.replace(
    ESCAPES,
    (_, u?: string, x?: string, p?: string, j?: string) => j ?? String.fromCharCode(parseInt(u ?? x ?? p!, 16))
  )
}

/** The text decoded once, twice, ... while it still holds escapes: each layer a reader might see. */
function decodings(text: string): string[] {
  const layers: string[] = []
  for (let layer = text; layers.length < DECODE_ROUNDS && ESCAPE.test(layer);) {
    layer = decodeEscapes(layer)
    layers.push(layer)
  }
  return layers
}

/** How deep a service's item may nest before the rest of it is replaced by a note. */
export const MAX_DEPTH = 32
export const TOO_DEEP = '[nested too deeply to show]'

/**
 * A copy of parsed JSON with the key removed from every string, object keys included, and anything
 * nested deeper than MAX_DEPTH replaced by TOO_DEEP (JSON.stringify would overflow the stack on it).
 * Values that need no change are returned as they are, so a large clean answer costs no copying.
 */
export function redactValue(value: unknown, redact: Redact, depth = 0): { value: unknown; cut: boolean } {
  if (typeof value === 'string') return { value: redact(value), cut: false }
  if (value === null || typeof value !== 'object') return { value, cut: false }
  if (depth >= MAX_DEPTH) return { value: TOO_DEEP, cut: true }
  let cut = false
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const inner = redactValue(value[i], redact, depth + 1)
      cut ||= inner.cut
      if (inner.value !== value[i]) (copy ??= value.slice())[i] = inner.value
    }
    return { value: copy ?? value, cut }
  }
  const record = value as Record<string, unknown>
  let copy: Record<string, unknown> | undefined
  const keys = Object.keys(record)
  for (const key of keys) {
    const inner = redactValue(record[key], redact, depth + 1)
    cut ||= inner.cut
    const cleanKey = redact(key)
    if (!copy && (inner.value !== record[key] || cleanKey !== key)) {
      // The first change: copy the keys before this one, which needed none.
      copy = {}
      for (const k of keys) {
        if (k === key) break
        define(copy, k, record[k])
      }
    }
    if (copy) define(copy, cleanKey, inner.value)
  }
  return { value: copy ?? value, cut }
}

/** Sets an own property even for the key `__proto__`, which JSON.parse allows and plain assignment would not. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}
