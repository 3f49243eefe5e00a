import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { REDACTED, redactor, redactValue, TOO_DEEP } from '../src/untrusted/redact.js'

const KEY = 'egk_live_Zq8Xv3Lp9Tn2Wr6Ys4Uk'
const redact = redactor(KEY)

describe('redactor', () => {
  it.each([
    ['the whole key', `key=${KEY}.`, `key=${REDACTED}.`],
    ['a piece of it', `cut ${KEY.slice(5, 15)}`, `cut ${REDACTED}`],
    ['two pieces run together', `${KEY.slice(0, 9)}${KEY.slice(12, 22)}`, REDACTED],
    ['another case', KEY.toUpperCase(), REDACTED],
    ['\\u escapes', [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''), REDACTED],
    ['% escapes', encodeURIComponent(KEY).replace(/[a-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`), REDACTED],
    ['% escapes encoded twice', KEY.replace(/[a-z]/g, (c) => `%25${c.charCodeAt(0).toString(16)}`), REDACTED],
    ['\\u escapes inside JSON inside JSON', KEY.replace(/_/g, '\\\\u005f'), REDACTED.repeat(2)]
  ])('removes %s', (_, text, expected) => {
    expect(redact(text)).toBe(expected)
  })

  it('removes every copy of the key, each escaped a different number of times', () => {
    const once = KEY.replace(/_/g, '%5f')
    const twice = KEY.replace(/_/g, '%255f')
    const out = redact(`${once} ${twice} ${KEY}`)
    for (let i = 0; i + 8 <= KEY.length; i++) expect(out.toLowerCase()).not.toContain(KEY.slice(i, i + 8).toLowerCase())
    expect(out.replace(/\*\*\*/g, '')).toMatch(/^[\s_%5f]*$/)
  })

  it('removes a key written with the escapes JSON allows for / and \\', () => {
    // Every 8 characters of the written form hold a backslash: only decoding shows the key.
    const key = 'ab/cd/ef\\gh/ij/kl\\mn/op'
    const written = key.replace(/[/\\]/g, (c) => `\\${c}`)
    expect(written).toBe('ab\\/cd\\/ef\\\\gh\\/ij\\/kl\\\\mn\\/op')
    expect(redactor(key)(`"${written}"`)).toBe(`"${REDACTED}"`)
  })

  it('removes the key behind something that looks like an escape', () => {
    // Read only decoded, `%Ab` or `\\uc123` would eat the key's first characters and hide the rest.
    const key = 'sk_live_Abc123Def456Ghi789Jkl012Mno345Pqr6X'
    const cut = redactor(key)
    for (const text of ['%Abc123Def', '\\uc123Def456G', `x %Abc123Def456 y`]) {
      const out = cut(text)
      for (let i = 0; i + 8 <= key.length; i++)
        expect(out.toLowerCase()).not.toContain(key.slice(i, i + 8).toLowerCase())
    }
  })

  it('leaves short pieces and other text alone, escapes included', () => {
    expect(redact('egk_liv and 11% of %zz')).toBe('egk_liv and 11% of %zz')
    expect(redact('caf\\u00e9')).toBe('caf\\u00e9')
  })

  it('removes every secret it is given, and nothing without one', () => {
    const both = redactor(KEY, 'ghs_0123456789abcdefghij')
    expect(both(`${KEY} ghs_0123456789abcdefghij`)).toBe(`${REDACTED} ${REDACTED}`)
    expect(redactor('')(KEY)).toBe(KEY)
  })

  it('never leaves 8 characters of the key in a row, wherever they stand', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(KEY.length - 8), fc.integer({ min: 8, max: 30 }), fc.string(), (a, at, n, b) => {
        const out = redact(`${a}${KEY.slice(at, at + n)}${b}`)
        for (let i = 0; i + 8 <= KEY.length; i++)
          expect(out.toLowerCase()).not.toContain(KEY.slice(i, i + 8).toLowerCase())
      })
    )
  })

  it('says whether a JSON text may hide the key', () => {
    expect(redact.mayHide('{"verdict":"blocked","blocked_metrics":[{"name":"a"}]}')).toBe(false)
    expect(redact.mayHide(`{"name":"${KEY.slice(3, 12)}"}`)).toBe(true)
    expect(redact.mayHide('{"name":"\\u0065"}')).toBe(true)
    expect(redact.mayHide('{"name":"%65"}')).toBe(true)
  })

  it('finds a piece of any secret in a text, whole or a piece at a time, exactly when a search for every piece would', () => {
    const secret = fc.string({ unit: fc.constantFrom(...'abcdEFGH0123_-.'), minLength: 7, maxLength: 48 })
    fc.assert(
      fc.property(
        fc.array(secret, { minLength: 1, maxLength: 2 }),
        // Filler with characters some case mappings take to ASCII (the Kelvin sign, a dotted capital I):
        // they are not the key's letters, and must not be read as them.
        fc.array(fc.oneof(fc.string({ unit: fc.constantFrom(...'abcdEFGH0123_-."{}: é\u212a\u0130') }), fc.nat()), {
          maxLength: 6
        }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 8 }),
        (secrets, parts, upper, cuts) => {
          const size = Math.min(8, ...secrets.map((s) => s.length))
          // Parts are either filler or a piece of a secret (as long as a piece, or longer), in either case.
          const text = parts
            .map((part) => {
              if (typeof part === 'string') return part
              const from = secrets[part % secrets.length]
              const start = part % (from.length - size + 1)
              const piece = from.slice(start, start + size + (part % 3))
              return upper ? piece.toUpperCase() : piece
            })
            .join('')
          const everyPiece = new Set<string>()
          for (const s of secrets)
            for (let i = 0; i + size <= s.length; i++) everyPiece.add(s.slice(i, i + size).toLowerCase())
          const lower = text.replace(/[A-Z]/g, (c) => c.toLowerCase())
          const expected = text.includes('\\') || text.includes('%') || [...everyPiece].some((p) => lower.includes(p))
          const redact = redactor(...secrets)
          expect(redact.mayHide(text)).toBe(expected)
          // Read as it arrives, cut anywhere (a piece of the key across a seam, an escape split in two).
          const scan = redact.scan()
          const at = [0, ...cuts.map((c) => c % (text.length + 1)).sort((x, y) => x - y), text.length]
          for (let i = 1; i < at.length; i++) scan.add(text.slice(at[i - 1], at[i]))
          expect(scan.mayHide()).toBe(expected)
        }
      ),
      { numRuns: 3_000 }
    )
  })
})

describe('redactValue', () => {
  it('cleans keys and values at any depth and copies only what changed', () => {
    const clean = { a: 1, b: ['x'] }
    const value = [clean, { name: KEY, [KEY]: { deeper: [`x${KEY}`] } }]
    const { value: out, cut } = redactValue(value, redact)
    expect(cut).toBe(false)
    expect(out).toEqual([clean, { name: REDACTED, [REDACTED]: { deeper: [`x${REDACTED}`] } }])
    expect((out as unknown[])[0]).toBe(clean)
    expect(redactValue(clean, redact).value).toBe(clean)
  })

  it('keeps a __proto__ key as data', () => {
    const value = JSON.parse(`{"__proto__":{"x":1},"name":"${KEY}"}`) as Record<string, unknown>
    const out = redactValue(value, redact).value as Record<string, unknown>
    expect(Object.keys(out)).toEqual(['__proto__', 'name'])
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
  })

  it('cuts what nests too deeply to write out', () => {
    const deep = JSON.parse(`${'['.repeat(5_000)}${']'.repeat(5_000)}`) as unknown
    const { value, cut } = redactValue(deep, redact)
    expect(cut).toBe(true)
    expect(JSON.stringify(value)).toContain(TOO_DEEP)
  })
})
