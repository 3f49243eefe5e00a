import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { clipText, inertJson, MAYBE_HIDDEN, showHidden } from '../src/untrusted/visible.js'

/** Every hidden character written out, with no shortcut for ASCII: what showHidden must equal. */
const everyHidden = (text: string): string =>
  text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => {
    const hex = c.codePointAt(0)!.toString(16)
    return hex.length > 4 ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`
  })

describe('showHidden', () => {
  it.each([
    ['tab and newline', 'a\tb\nc', 'a\\u0009b\\u000ac'],
    ['DEL and C1 controls', 'x\u007fy\u0085z', 'x\\u007fy\\u0085z'],
    ['a right-to-left override', 'abc\u202edef', 'abc\\u202edef'],
    ['a zero-width joiner and a BOM', '\u200dx\ufeff', '\\u200dx\\ufeff'],
    ['line and paragraph separators', 'a\u2028b\u2029', 'a\\u2028b\\u2029'],
    ['a tag character beyond the BMP, in braces', 'flag\u{e0041}1', 'flag\\u{e0041}1']
  ])('writes out %s', (_, text, shown) => {
    expect(showHidden(text)).toBe(shown)
  })

  it('returns printable ASCII and visible Unicode unchanged', () => {
    expect(showHidden('faithfulness 0.71 < 0.8 ~ {"a": [1]}')).toBe('faithfulness 0.71 < 0.8 ~ {"a": [1]}')
    expect(showHidden('précision 🙂 精度')).toBe('précision 🙂 精度')
  })

  it('shows every hidden character, in ASCII text or not', () => {
    const unit = fc.oneof(
      fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
      fc.constantFrom(
        '\u0085',
        '\u00ad',
        '\u061c',
        '\u200b',
        '\u202e',
        '\u2066',
        '\u2028',
        '\ufeff',
        '\u{e0041}',
        'é',
        '🙂',
        '…',
        '—',
        '\u205f',
        '\u2060'
      ),
      fc.string({ unit: 'binary', maxLength: 1 })
    )
    fc.assert(
      fc.property(fc.string({ unit }), (text) => {
        expect(showHidden(text)).toBe(everyHidden(text))
      }),
      { numRuns: 2000 }
    )
  })
})

describe('the shortcut past the full pattern', () => {
  it('skips only code points that hold no hidden character', () => {
    const full = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u
    const wrongly: string[] = []
    let skipped = 0
    for (let code = 0; code <= 0x10ffff; code++) {
      const c = String.fromCodePoint(code)
      if (MAYBE_HIDDEN.test(c)) continue
      skipped++
      if (full.test(c)) wrongly.push(code.toString(16))
    }
    expect(wrongly).toEqual([])
    // It does skip the action's own punctuation and Latin-1 letters, and not the soft hyphen.
    expect(skipped).toBeGreaterThan(95 + 90)
    expect(MAYBE_HIDDEN.test('précis … — ‘quoted’ • x')).toBe(false)
    expect(MAYBE_HIDDEN.test('\u00ad')).toBe(true)
  })

  it('leaves text it skips unchanged in JSON too', () => {
    expect(inertJson('{"name":"précis — …"}')).toBe('{"name":"précis — …"}')
    expect(inertJson('{"name":"a\u2060b"}')).toBe('{"name":"a\\u2060b"}')
  })
})

describe('clipText', () => {
  it('keeps at most max code points, the last one an ellipsis when it cut, as a split into characters would', () => {
    const unit = fc.constantFrom('a', 'é', '😀', '\ud800', '\udc00', '\u{e0041}')
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), fc.integer({ min: 1, max: 30 }), (text, max) => {
        const chars = Array.from(text)
        expect(clipText(text, max)).toBe(chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`)
      }),
      { numRuns: 3000 }
    )
  })
})
