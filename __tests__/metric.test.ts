import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { compare, describeMetric, formatNumber, marginText, readMetric, scoreBar } from '../src/report/metric.js'

const asIs = (text: string) => text

describe('readMetric', () => {
  it('reads name, score and threshold, compares them, and keeps other fields in order', () => {
    expect(readMetric({ score: 0.5, name: 'f', threshold: 0.8, dataset: 'qa', details: { n: 3 } })).toEqual({
      name: 'f',
      score: '0.5',
      threshold: '0.8',
      comparison: {
        score: 0.5,
        threshold: 0.8,
        relation: '<',
        margin: expect.closeTo(0.3),
        relative: expect.closeTo(0.375)
      },
      extra: [
        ['dataset', 'qa'],
        ['details', '{"n":3}']
      ]
    })
  })

  it('renders whatever arrives', () => {
    expect(readMetric('toxicity').name).toBe('toxicity')
    expect(readMetric(42).name).toBe('42')
    expect(readMetric(null).name).toBe('null')
    expect(readMetric([1, 2]).name).toBe('[1,2]')
    expect(readMetric({ metric: 'bleu' }).name).toBe('bleu')
    expect(readMetric({ score: 1 })).toEqual({ name: '(unnamed)', score: '1', extra: [], comparison: undefined })
  })
})

describe('comparison', () => {
  it.each([
    [0.71, 0.8, '0.09 below the threshold (11.3%)'],
    [0.093, 0.05, '0.043 above the threshold (86%)'],
    [0.5, 0.5, 'at the threshold'],
    [-1, 0, '1 below the threshold'],
    ['12.5', '10', '2.5 above the threshold (25%)']
  ])('%p against %p is %p', (score, threshold, text) => {
    expect(marginText(compare(score, threshold)!)).toBe(text)
  })

  it.each([
    ['x', 1],
    [1, null],
    [Number.NaN, 1],
    ['1e999', 1],
    ['', 1]
  ])('does not compare %p with %p', (score, threshold) => {
    expect(compare(score, threshold)).toBeUndefined()
  })

  it('formats numbers without float noise', () => {
    expect(formatNumber(0.8 - 0.71)).toBe('0.09')
    expect(formatNumber(123456789)).toBe('1.23e+8')
    expect(formatNumber(0.00001234)).toBe('0.0000123')
  })

  it('gives what rounding to four significant digits gives, for any number in its plain range', () => {
    const plain = fc.double({ min: 1e-4, max: 999_999, noNaN: true })
    // Numbers as people write them (0.42, 12.5, 0.0815), which the short path takes.
    const nice = fc
      .tuple(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 0, max: 4 }))
      .map(([digits, places]) => digits / 10 ** places)
    fc.assert(
      fc.property(fc.oneof(plain, nice), fc.boolean(), (n, negative) => {
        const x = negative ? -n : n
        if (x === 0) return
        expect(formatNumber(x)).toBe(String(Number(x.toPrecision(4))))
      }),
      { numRuns: 5_000 }
    )
  })
})

describe('scoreBar', () => {
  it('draws the score on 0..1 with the threshold marked', () => {
    expect(scoreBar(compare(0.71, 0.8)!)).toBe('██████████████░░│░░░')
    expect(scoreBar(compare(0.093, 0.05)!)).toBe('█│░░░░░░░░░░░░░░░░░░')
    expect(scoreBar(compare(1, 1)!)).toBe('███████████████████│')
  })

  it('scales past 1 to hold both numbers, and draws nothing for negatives', () => {
    expect(scoreBar(compare(80, 100)!)).toBe('█████████████░░░│░░░')
    expect(scoreBar(compare(-0.2, 0.5)!)).toBeUndefined()
  })
})

describe('describeMetric', () => {
  it('says which side of the threshold and by how much', () => {
    expect(describeMetric(readMetric({ name: 'f', score: 0.7, threshold: 0.8, dataset: 'qa' }), asIs)).toBe(
      'f: 0.7 < 0.8, 0.1 below the threshold (12.5%), dataset qa'
    )
  })

  it('falls back to the text sent when the numbers cannot be compared', () => {
    expect(describeMetric(readMetric({ name: 'f', score: 'high', threshold: 'low' }), asIs)).toBe(
      'f: score high, threshold low'
    )
    expect(describeMetric(readMetric('bare'), asIs)).toBe('bare')
  })
})
