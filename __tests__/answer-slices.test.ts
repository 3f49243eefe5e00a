// Reading a large answer a slice at a time must read exactly what JSON.parse of the whole text reads.
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { countFlatItems, readInSlices, SLICE_CHARS, SLICE_FROM_CHARS } from '../src/service/answer-slices.js'

const always = (): boolean => true
const keepAll = (): boolean => true
/** As the report keeps them: the first few, and then the rest only counted. */
const keepFew = (kept: unknown[]): boolean => kept.length < 40
const metric = (i: number): Record<string, unknown> => ({ name: `metric_${i}`, score: 0.42, threshold: 0.5 })
/** Enough items that the text is read in slices. */
const many = (n = 12_000): Record<string, unknown>[] => Array.from({ length: n }, (_, i) => metric(i))

/** What JSON.parse reads, or undefined when it throws. */
function whole(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The slices' reading, with every item kept, as a whole answer again. */
function sliced(text: string): unknown {
  const read = readInSlices(text, always, keepAll)
  if (read === undefined) return undefined
  expect(read.count).toBe((read.top.blocked_metrics as unknown[]).length)
  return read.top
}

describe('readInSlices', () => {
  it('reads a large answer as JSON.parse does, counting every item and keeping those asked for', () => {
    const answer = { verdict: 'blocked', blocked_metrics: many(), run: { id: 'r1', tags: ['a', 'b'] } }
    const text = JSON.stringify(answer)
    expect(text.length).toBeGreaterThan(SLICE_FROM_CHARS)
    expect(sliced(text)).toEqual(JSON.parse(text))
    const read = readInSlices(text, always, (kept) => kept.length < 250)!
    expect(read.count).toBe(12_000)
    expect(read.top.blocked_metrics).toEqual(answer.blocked_metrics.slice(0, 250))
    expect(read.top.run).toEqual(answer.run)
  })

  it('leaves short answers, and answers the caller does not want read so, to JSON.parse', () => {
    expect(readInSlices(JSON.stringify({ verdict: 'blocked', blocked_metrics: many(10) }), always, keepAll)).toBe(
      undefined
    )
    const text = JSON.stringify({ verdict: 'pass', blocked_metrics: many() })
    expect(readInSlices(text, (top) => top.verdict === 'blocked', keepAll)).toBe(undefined)
  })

  it.each([
    ['a list cut off', (t: string) => t.slice(0, -20)],
    ['junk after the answer', (t: string) => `${t} x`],
    ['an empty item between commas', (t: string) => t.replace('},{', '}, ,{')],
    ['a trailing comma', (t: string) => t.replace(/\]\}$/, ',]}')],
    ['a bad number deep inside', (t: string) => t.replace('"score":0.42', '"score":0.42.1')],
    ['a control character in a string', (t: string) => t.replace('metric_5000', 'metric_\u00015000')]
  ])('reads nothing where JSON.parse throws: %s', (_, breakIt) => {
    const text = breakIt(JSON.stringify({ verdict: 'blocked', blocked_metrics: many() }))
    expect(whole(text)).toBe(undefined)
    expect(readInSlices(text, always, keepAll)).toBe(undefined)
  })

  it('reads nothing where JSON.parse throws: a trailing comma right after a cut', () => {
    // The last item is longer than a slice, so the last cut falls on the comma after it, and what is
    // left (nothing) would parse alone as an empty list.
    const last = { name: 'x'.repeat(100_000) }
    const text = JSON.stringify({ verdict: 'blocked', blocked_metrics: [...many(6_000), last] }).replace(/\]\}$/, ',]}')
    expect(whole(text)).toBe(undefined)
    expect(readInSlices(text, always, keepAll)).toBe(undefined)
  })

  it('is not misled by a key, brackets or cut marks inside strings, nested lists or repeated keys', () => {
    const tricky = [
      { name: '},{"name":"forged"},{', note: '"blocked_metrics":[1]' },
      { name: 'x', nested: [{ a: 1 }, { b: [{ c: '],' }] }] },
      '},',
      ']]]',
      { '"blocked_metrics"': ['}', '{'] }
    ]
    const list = many().flatMap((item, i) => (i % 997 === 0 ? [item, ...tricky] : [item]))
    const cases = [
      { verdict: 'blocked', blocked_metrics: list },
      { note: '"blocked_metrics":[', verdict: 'blocked', blocked_metrics: list, after: ['x]', '}'] },
      { meta: { blocked_metrics: [] }, verdict: 'blocked', blocked_metrics: list }
    ]
    for (const answer of cases) {
      const text = JSON.stringify(answer)
      const read = sliced(text)
      // Either the same reading, or none (and the caller parses the whole text).
      if (read !== undefined) expect(read).toEqual(JSON.parse(text))
    }
    // The first is read in slices, its tricky items and all; the others give up (the key appears first
    // elsewhere), which is as exact.
    expect(sliced(JSON.stringify(cases[0]))).toEqual(cases[0])
    // A repeated key: JSON.parse keeps the last list, and so must the slices.
    const first = JSON.stringify(many(3))
    const text = `{"blocked_metrics":${first},"verdict":"blocked","blocked_metrics":${JSON.stringify(list)}}`
    const read = sliced(text)
    if (read !== undefined) expect(read).toEqual(JSON.parse(text))
  })

  it('reads any answer as JSON.parse does, or not at all', () => {
    let intact = 0
    let readWhole = 0
    const text = fc.string({ unit: fc.constantFrom('a', '"', '\\', ',', '}', '{', ']', '[', ':', ' ', '1') })
    const item = fc.oneof(
      fc.record({ name: text, score: fc.double(), tags: fc.array(text, { maxLength: 3 }) }),
      text,
      fc.integer(),
      fc.constant(null),
      fc.array(fc.record({ k: text }), { maxLength: 3 })
    )
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 30 }),
        fc.nat(30),
        fc.constantFrom('', ' ', '\n  '),
        // Half the answers intact, so that the share of them read in slices rests on about 50.
        fc.option(fc.integer({ min: 0, max: 2000 }), { nil: undefined, freq: 2 }),
        (items, at, blank, breakAt) => {
          // Padded with many plain items so that the text is long enough to be read in slices.
          const list = [...many(6_000).slice(0, at * 200), ...items, ...many(6_000)]
          let json = JSON.stringify({ verdict: 'blocked', blocked_metrics: list, tail: items[0] }, null, blank)
          if (breakAt !== undefined) {
            const i = Math.floor((json.length * breakAt) / 2000)
            json = json.slice(0, i) + json.slice(i + 1) // one character gone, anywhere
          }
          const expected = whole(json)
          const read = sliced(json)
          if (expected === undefined) expect(read).toBe(undefined)
          else if (read !== undefined) expect(read).toEqual(expected)
          // Keeping only the first few, the rest counted: the same count and items, or none.
          const few = readInSlices(json, always, keepFew)
          if (expected === undefined) expect(few).toBe(undefined)
          else if (few !== undefined) {
            const all = (expected as { blocked_metrics: unknown[] }).blocked_metrics
            expect(few.count).toBe(all.length)
            expect(few.top).toEqual({
              ...(expected as object),
              blocked_metrics: all.slice(0, few.count > 40 ? 40 : all.length)
            })
          }
          if (breakAt === undefined) intact++
          if (breakAt === undefined && read !== undefined) readWhole++
        }
      ),
      { numRuns: 100 }
    )
    // Intact answers are mostly read in slices, not given up on: about 70% of them in 600 runs (the rest
    // are left to JSON.parse of the whole: a tail holding many `]`, for one). A third leaves room for chance.
    expect(intact).toBeGreaterThan(25)
    expect(readWhole).toBeGreaterThan(intact / 3)
  })

  it('gives up, for JSON.parse of the whole, on a text built so that most cuts fail', () => {
    // Each slice ends inside an item whose string holds eight cut marks: eight failed parses a piece.
    const filler = 'x'.repeat(SLICE_CHARS + 500)
    const trap = { s: '},'.repeat(8) }
    const list = Array.from({ length: 12 }, () => [filler, trap]).flat()
    const text = JSON.stringify({ verdict: 'blocked', blocked_metrics: list })
    expect(JSON.parse(text)).toEqual({ verdict: 'blocked', blocked_metrics: list })
    expect(readInSlices(text, always, keepAll)).toBe(undefined)
    // With one mark less each, the pieces parse within the budget.
    const fewer = JSON.stringify({
      verdict: 'blocked',
      blocked_metrics: list.map((i) => (i === trap ? { s: '},' } : i))
    })
    expect(sliced(fewer)).toEqual(JSON.parse(fewer))
  })

  it('counts the items it does not keep as JSON.parse reads them, whatever their form', () => {
    const cases = [
      many(),
      many().map((m, i) => (i % 5000 === 4999 ? { ...m, tags: ['a'] } : m)), // a nested value far in
      many().map((m, i) => (i === 11_999 ? 7 : m)) // the last item not an object
    ]
    for (const list of cases) {
      for (const blank of ['', ' ', '\n']) {
        const text = JSON.stringify({ verdict: 'blocked', blocked_metrics: list, after: 1 }, null, blank)
        const read = readInSlices(text, always, keepFew)!
        expect(read.count).toBe(list.length)
        expect(read.top).toEqual({ verdict: 'blocked', blocked_metrics: list.slice(0, 40), after: 1 })
      }
    }
    // Written with a space after `:` and `,`, as Python's json.dumps does by default.
    const spaced = JSON.stringify({ verdict: 'blocked', blocked_metrics: many() }).replace(/([,:])(?=["{\d])/g, '$1 ')
    expect(readInSlices(spaced, always, keepFew)?.count).toBe(12_000)
  })

  it('reads the usual answer in slices rather than giving it up', () => {
    const text = JSON.stringify({ verdict: 'blocked', blocked_metrics: many(30_000) }, null, 1)
    expect(readInSlices(text, always, () => false)?.count).toBe(30_000)
  })
})

describe('countFlatItems', () => {
  /** What JSON.parse says the inside of a list holds: its length, or undefined when it throws. */
  const parsedLength = (list: string): number | undefined => (whole(`[${list}]`) as unknown[] | undefined)?.length

  it('counts a list of flat objects, compact or with a space after each `:` and `,`', () => {
    const list = JSON.stringify(many(1000)).slice(1, -1)
    expect(countFlatItems(list)).toBe(1000)
    expect(countFlatItems(list.replace(/([,:])(?=["{\d])/g, '$1 '))).toBe(1000)
    // Every form of number and literal JSON allows, and strings with brackets and characters it lets
    // stand unescaped (a lone surrogate too), one to a hundred items: whole matches and a rest.
    const odd = ['{}', '{"a":-0,"b":1e-7,"c":-12.5E+30,"d":true,"e":false,"f":null,"g":"","h":"{}[],:\u007f\ud800"}']
    for (let n = 1; n <= 100; n++) {
      const items = Array.from({ length: n }, (_, i) => odd[i % 2]).join(',')
      expect(parsedLength(items)).toBe(n)
      expect(countFlatItems(items)).toBe(n)
    }
  })

  it.each([
    ['nothing (a trailing comma)', ''],
    ['a trailing comma', '{"a":1},'],
    ['a blank before the end', '{"a":1} '],
    ['a leading zero', '{"a":01}'],
    ['a bare dot', '{"a":1.}'],
    ['a control character', '{"a":"x\u0001"}'],
    ['an escape', '{"a":"\\n"}'],
    ['a nested list', '{"a":[1]}'],
    ['an item that is not an object', '{"a":1},2'],
    ['two blanks', '{"a":  1}'],
    ['a missing comma', '{"a":1}{"a":1}'],
    ['junk between items', '{"a":1},x{"a":1}']
  ])('counts nothing it cannot vouch for: %s', (_, list) => {
    expect(countFlatItems(list)).toBe(undefined)
  })

  it('never counts a text JSON.parse refuses, nor differs from it on one it reads', () => {
    const piece = fc.constantFrom(
      '{',
      '}',
      '"',
      ',',
      ':',
      ' ',
      'a',
      '1',
      '0',
      '-',
      '.',
      'e',
      'true',
      'null',
      '\\',
      '\u0001',
      '['
    )
    const item = fc.dictionary(
      fc.string({ unit: fc.constantFrom('a', '{', '}', ',', ':', ' ', '[') }),
      fc.oneof(fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null)),
      { maxKeys: 4 }
    )
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 80 }),
        fc.boolean(),
        fc.array(fc.tuple(fc.nat(), fc.nat(2), piece), { maxLength: 3 }),
        (items, spaced, edits) => {
          let list = JSON.stringify(items).slice(1, -1)
          if (spaced) list = list.replace(/([,:])(?=["{\d-tfn])/g, '$1 ')
          // Characters dropped, replaced or added anywhere.
          for (const [at, how, text] of edits) {
            const i = at % (list.length + 1)
            list = list.slice(0, i) + (how === 0 ? '' : text) + list.slice(how === 2 ? i : i + 1)
          }
          const counted = countFlatItems(list)
          if (counted !== undefined) expect(counted).toBe(parsedLength(list))
          if (edits.length === 0)
            expect(counted === undefined ? 'given up' : counted).toBe(
              JSON.stringify(items).includes('\\') ? 'given up' : items.length
            )
        }
      ),
      { numRuns: 2000 }
    )
  })
})
