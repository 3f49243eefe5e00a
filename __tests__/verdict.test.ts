import { describe, expect, it } from '@jest/globals'
import { blockedHeadline, describeMetric, interpretAnswer, readMetric, serverMessage } from '../src/verdict.js'

describe('interpretAnswer', () => {
  it('reads a pass with no list as an empty list', () => {
    expect(interpretAnswer('{"verdict":"pass"}')).toEqual({ kind: 'verdict', verdict: 'pass', items: [] })
    expect(interpretAnswer('{"verdict":"pass","blocked_metrics":null}')).toMatchObject({ verdict: 'pass', items: [] })
  })

  it('reads a block and keeps the items as sent', () => {
    const items = [{ name: 'faithfulness', score: 0.7, threshold: 0.8 }, 'toxicity']
    const answer = interpretAnswer(JSON.stringify({ verdict: 'blocked', blocked_metrics: items }))
    expect(answer).toMatchObject({ kind: 'verdict', verdict: 'blocked', items })
    if (answer.kind !== 'verdict') throw new Error('expected a verdict')
    expect(answer.items.map((item) => readMetric(item).name)).toEqual(['faithfulness', 'toxicity'])
  })

  it('reads a block with no list', () => {
    expect(interpretAnswer('{"verdict":"blocked"}')).toMatchObject({ kind: 'verdict', verdict: 'blocked', items: [] })
  })

  it.each([
    ['not JSON', '<html>', /not JSON/],
    ['empty', '', /body is empty/],
    ['truncated', '{"verdict":"pa', /not JSON/],
    ['an array', '["pass"]', /not an object/],
    ['null', 'null', /not an object/],
    ['no verdict', '{"passed":true}', /no verdict field/],
    ['an unknown verdict', '{"verdict":"maybe"}', /verdict "maybe"/],
    ['a verdict of the wrong case', '{"verdict":"PASS"}', /verdict "PASS"/],
    ['a boolean verdict', '{"verdict":true}', /verdict true/],
    ['a list that is not a list', '{"verdict":"blocked","blocked_metrics":"x"}', /not a list/],
    ['a pass that lists blockers', '{"verdict":"pass","blocked_metrics":["x"]}', /contradicts itself/]
  ])('treats %s as invalid, never as a pass', (_, body, problem) => {
    const answer = interpretAnswer(body)
    expect(answer.kind).toBe('invalid')
    if (answer.kind === 'invalid') expect(answer.problem).toMatch(problem)
  })
})

describe('readMetric', () => {
  it('reads name, score and threshold and keeps other fields in order', () => {
    expect(readMetric({ score: 0.5, name: 'f', threshold: 0.8, dataset: 'qa', details: { n: 3 } })).toEqual({
      name: 'f',
      score: '0.5',
      threshold: '0.8',
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
    expect(readMetric({ score: 1 })).toEqual({ name: '(unnamed)', score: '1', extra: [] })
  })
})

describe('texts', () => {
  it('describes a metric on one line', () => {
    expect(describeMetric(readMetric({ name: 'f', score: 0.7, threshold: 0.8, dataset: 'qa' }))).toBe(
      'f, score 0.7, threshold 0.8, dataset qa'
    )
  })

  it('names the first metrics in the headline', () => {
    expect(blockedHeadline(['a', 'b', 'c', 'd', 'e'])).toBe(
      'The evaluation service blocked this commit: 5 metric(s) below threshold (a, b, c and 2 more).'
    )
    expect(blockedHeadline([])).toMatch(/named no metrics/)
  })

  it.each([
    ['{"error":"bad key"}', 'bad key'],
    ['{"message":"no such project"}', 'no such project'],
    ['{"detail":"invalid sha"}', 'invalid sha'],
    ['{"error":{"message":"nested"}}', 'nested'],
    ['{"error":{"code":7}}', '{"code":7}'],
    ['plain text', 'plain text'],
    ['', '']
  ])('finds the server message in %p', (body, expected) => {
    expect(serverMessage(body)).toBe(expected)
  })

  it('cuts long server messages', () => {
    expect(serverMessage('x'.repeat(5_000)).length).toBe(500)
  })
})
