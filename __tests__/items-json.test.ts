import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { boundedItemsJson, MAX_ITEMS_JSON_BYTES } from '../src/report/items-json.js'
import { TOO_DEEP } from '../src/untrusted/redact.js'
import { inertJson } from '../src/untrusted/visible.js'

const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u

describe('boundedItemsJson', () => {
  it('holds whole items, in order, up to the limit', () => {
    const items = Array.from({ length: 5_000 }, (_, i) => ({ name: `métrique-${i}`, score: 0.5 }))
    const bounded = boundedItemsJson(items)
    expect(Buffer.byteLength(bounded.json)).toBeLessThanOrEqual(MAX_ITEMS_JSON_BYTES)
    expect(JSON.parse(bounded.json)).toEqual(items.slice(0, bounded.count))
    expect(bounded.count).toBeGreaterThan(100)
    expect(bounded.count).toBeLessThan(items.length)
    expect(bounded.cut).toBe(false)
  })

  it('keeps an item nested too deeply to write out, its deepest parts left out, and goes on after it', () => {
    let deep: unknown = 'bottom'
    for (let i = 0; i < 200_000; i++) deep = [deep]
    expect(() => JSON.stringify(deep)).toThrow(RangeError)
    const bounded = boundedItemsJson([{ name: 'a', deep }, { name: 'b' }])
    expect(bounded.count).toBe(2)
    expect(bounded.cut).toBe(true)
    const [first, second] = JSON.parse(bounded.json) as [{ name: string; deep: unknown }, { name: string }]
    expect(first.name).toBe('a')
    expect(JSON.stringify(first.deep)).toContain(TOO_DEEP)
    expect(second).toEqual({ name: 'b' })
  })

  it('writes hidden characters as JSON escapes: the same items, nothing hidden in the text', () => {
    const items = [
      { name: 'faith\u202efulness', note: 'a\u2028b\u200b\u0085\u007f' },
      'tag \u{e0041} and 🙂 é',
      { ['key\ufeff']: '\u0000\u001b[31m' }
    ]
    const bounded = boundedItemsJson(items)
    expect(JSON.parse(bounded.json)).toEqual(items)
    expect(bounded.json).not.toMatch(HIDDEN)
    expect(bounded.json).toContain('faith\\u202efulness')
    expect(bounded.json).toContain('\\udb40\\udc41')
    expect(bounded.json).toContain('🙂 é')
  })

  it('counts the escapes against the limit', () => {
    const items = Array.from({ length: 20_000 }, () => '\u202e'.repeat(10))
    const bounded = boundedItemsJson(items)
    expect(Buffer.byteLength(bounded.json)).toBeLessThanOrEqual(MAX_ITEMS_JSON_BYTES)
    expect(bounded.count).toBe(Math.floor((MAX_ITEMS_JSON_BYTES - 2 + 1) / (2 + 60 + 1)))
    expect(JSON.parse(bounded.json)).toEqual(items.slice(0, bounded.count))
  })

  it('stops at an item too long to fit before writing its escapes', () => {
    const huge = '\u007f'.repeat(4_000_000)
    const escaped: number[] = []
    const escape = (json: string): string => {
      escaped.push(json.length)
      return inertJson(json)
    }
    const bounded = boundedItemsJson([{ name: 'é' }, huge, { name: 'b' }], MAX_ITEMS_JSON_BYTES, escape)
    expect(bounded.count).toBe(1)
    expect(JSON.parse(bounded.json)).toEqual([{ name: 'é' }])
    // Escaping 4 million characters one by one would take seconds: the item is measured first.
    expect(escaped).toEqual([JSON.stringify({ name: 'é' }).length])
  })

  it('finds the same prefix as escaping and measuring every item in turn', () => {
    const reference = (items: unknown[], limit: number): { json: string; count: number } => {
      const parts: string[] = []
      let bytes = 2
      for (const item of items) {
        const part = inertJson(JSON.stringify(item))
        const size = Buffer.byteLength(part) + (parts.length > 0 ? 1 : 0)
        if (bytes + size > limit) break
        parts.push(part)
        bytes += size
      }
      return { json: `[${parts.join(',')}]`, count: parts.length }
    }
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '~', 'é', '\u202e', '\u0085', '🙂', '\n', '"') })
    const item = fc.oneof(text, fc.integer(), fc.record({ name: text, score: fc.double({ noNaN: true }) }))
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), fc.integer({ min: 2, max: 300 }), (items, limit) => {
        const bounded = boundedItemsJson(items, limit)
        expect({ json: bounded.json, count: bounded.count }).toEqual(reference(items, limit))
      }),
      { numRuns: 3000 }
    )
  })
})
