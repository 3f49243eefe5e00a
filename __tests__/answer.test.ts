import { describe, expect, it } from '@jest/globals'
import { blockedInErrorBody, interpretAnswer, serverMessage, topLevelKeys } from '../src/service/answer.js'

describe('interpretAnswer', () => {
  it('reads a pass with no list as an empty list', () => {
    expect(interpretAnswer('{"verdict":"pass"}')).toEqual({
      kind: 'verdict',
      verdict: 'pass',
      items: [],
      notes: [],
      answer: { verdict: 'pass' },
      text: '{"verdict":"pass"}'
    })
    expect(interpretAnswer('{"verdict":"pass","blocked_metrics":null}')).toMatchObject({ verdict: 'pass', items: [] })
    expect(interpretAnswer('{"verdict":"pass","blocked_metrics":[]}')).toMatchObject({ verdict: 'pass', items: [] })
  })

  it('reads a block and keeps the items as sent', () => {
    const items = [{ name: 'faithfulness', score: 0.7, threshold: 0.8 }, 'toxicity']
    expect(interpretAnswer(JSON.stringify({ verdict: 'blocked', blocked_metrics: items }))).toEqual({
      kind: 'verdict',
      verdict: 'blocked',
      items,
      notes: [],
      answer: { verdict: 'blocked', blocked_metrics: items },
      text: JSON.stringify({ verdict: 'blocked', blocked_metrics: items })
    })
  })

  it('reads a block with no list', () => {
    expect(interpretAnswer('{"verdict":"blocked"}')).toMatchObject({ kind: 'verdict', verdict: 'blocked', items: [] })
  })

  it.each([
    ['a list that is a string', '{"verdict":"blocked","blocked_metrics":"faithfulness"}', /a string, not a list/],
    ['a list that is an object', '{"verdict":"blocked","blocked_metrics":{"a":1}}', /an object, not a list/],
    ['another case', '{"verdict":"BLOCKED","blocked_metrics":["x"]}', /written "BLOCKED"; read as blocked/],
    ['blanks around it', '{"verdict":" blocked\\n"}', /read as blocked/]
  ])('keeps a block a block with %s, and says what could not be used', (_, body, note) => {
    const answer = interpretAnswer(body)
    expect(answer).toMatchObject({ kind: 'verdict', verdict: 'blocked' })
    if (answer.kind === 'verdict') expect(answer.notes.join(' ')).toMatch(note)
  })

  it.each([
    ['not JSON', '<html>', /not JSON/],
    ['empty', '', /body is empty/],
    ['truncated', '{"verdict":"pa', /not JSON/],
    ['an array', '["pass"]', /not an object/],
    ['null', 'null', /not an object/],
    ['no verdict', '{"passed":true}', /no verdict field/],
    ['an unknown verdict', '{"verdict":"maybe"}', /verdict "maybe"/],
    ['a pass of the wrong case', '{"verdict":"PASS"}', /verdict "PASS"/],
    ['a boolean verdict', '{"verdict":true}', /verdict "true"/],
    ['a pass whose list is not a list', '{"verdict":"pass","blocked_metrics":"x"}', /not a list/],
    ['a pass that lists blockers', '{"verdict":"pass","blocked_metrics":["x"]}', /contradicts itself/],
    ['a verdict given twice, escaped', '{"verdict":"pass","verd\\u0069ct":"pass"}', /"verdict" more than once/],
    ['blocked metrics given twice', '{"verdict":"pass","blocked_metrics":[{"n":1}],"blocked_metrics":[]}', /once/],
    ['a look-alike key', '{"verdict":"pass","Blocked_Metrics":["x"]}', /also has a key "Blocked_Metrics"/],
    ['a look-alike key with a Kelvin sign', '{"verdict":"pass","bloc\u212aed_metrics":["x"]}', /also has a key/],
    ['a look-alike verdict with a dotless i', '{"verdict":"pass","verd\u0131ct":"x"}', /also has a key/],
    ['a look-alike key with a dotless i', '{"verdict":"pass","blocked_metr\u0131cs":["x"]}', /also has a key/]
  ])('treats %s as invalid, never as a pass', (_, body, problem) => {
    const answer = interpretAnswer(body)
    expect(answer.kind).toBe('invalid')
    if (answer.kind === 'invalid') expect(answer.problem).toMatch(problem)
  })

  it.each([
    ['a verdict given twice', '{"verdict":"blocked","verdict":"pass"}'],
    ['a verdict given twice, far apart', `{"verdict"${' '.repeat(80)}:"blocked","verdict":"pass"}`],
    ['a byte-order mark', '\ufeff{"verdict":"blocked","blocked_metrics":["x"]}'],
    ['trailing junk', '{"verdict":"blocked"}\n\u0000'],
    ['a body cut short', '{"verdict":"blocked","blocked_metrics":[{"name":"to'],
    ['a verdict in a list', '{"verdict":["blocked"]}'],
    ['a key in capitals', '{"Verdict":"blocked"}'],
    ['a hidden character', '{"verdict":"blocked\u200b"}'],
    ['a verdict key spelt with escapes, then repeated', '{"\\u0076erdict":"blocked","verdict":"pass"}'],
    ['a verdict spelt with escapes, cut short', '{"verdict":"\\u0062l\\u006Fcked","blocked_metrics":[{"na'],
    ['a verdict in an object', '{"verdict":{"state":"Blocked"}}'],
    ['a verdict in a list of objects', '{"verdict":[{"state":"blocked"}],"blocked_metrics":["x"]}'],
    ['a verdict ten lists deep', `{"verdict":${'['.repeat(10)}"blocked"${']'.repeat(10)}}`],
    ['a verdict ten objects deep', `{"verdict":${'{"a":'.repeat(10)}"blocked"${'}'.repeat(10)}}`],
    ['a verdict in an object, then repeated', '{"verdict":{"s":"blocked"},"verdict":"pass"}'],
    ['a verdict second in a list, then repeated', '{"verdict":["x","blocked"],"verdict":"pass"}'],
    ['a verdict in an object, with junk after', '{"verdict":{"status":"blocked"}} x'],
    ['a verdict second in a list, with junk after', '{"verdict":["pass","blocked"]} x'],
    ['a verdict in a list in a list, with junk after', '{"verdict":[["blocked"]]} x'],
    ['a verdict in escaped quotes, with junk after', '{"verdict":"\\"blocked\\""} x'],
    ['a verdict in an object, cut short', '{"verdict":{"status":"blocked"},"blocked_metrics":['],
    ['a verdict that names blocked as a key', '{"verdict":{"blocked":true}}'],
    ['a verdict not in quotes', '{"verdict": blocked}'],
    ['a verdict whose list says blocked after 200,000 values', `{"verdict":[${'1,'.repeat(200_000)}"blocked"]}`],
    ['the same list, cut short', `{"verdict":[${'1,'.repeat(200_000)}"blocked"`],
    ['a long verdict, with junk after', `{"verdict":"${'x'.repeat(70_000)} blocked"} x`],
    ['a comment before the colon', '{"verdict" /* c */ : "blocked"}'],
    ['a verdict in single quotes', "{'verdict':'blocked'}"],
    ['a verdict key with no quotes', '{verdict:"blocked"}'],
    ['a verdict key with a blank inside its quotes', '{"verdict ":"blocked"}'],
    ['JSON inside a JSON string', '"{\\"verdict\\":\\"blocked\\"}"']
  ])('reads %s that still says blocked as blocked, never as an error', (_, body) => {
    expect(interpretAnswer(body)).toMatchObject({ kind: 'verdict', verdict: 'blocked' })
  })

  it('leaves the count of a block unknown when its list cannot be read, and quotes the body once', () => {
    const notJson = interpretAnswer('{"verdict":"blocked","blocked_metrics":[{"name":"a"},]}')
    expect(notJson).toMatchObject({ kind: 'verdict', verdict: 'blocked', items: [], itemCount: null })
    const note = (notJson as { notes: string[] }).notes.join(' ')
    expect(note.match(/it starts/g)).toHaveLength(1)
    expect(note).toMatch(/not JSON \(it starts .*\); its text still says blocked, so it is read as blocked\.$/)
    // A repeated verdict is JSON, and its problem does not quote the body: the note does, once.
    const repeated = interpretAnswer('{"verdict":"blocked","verdict":"pass"}') as { notes: string[] }
    expect(repeated.notes.join(' ').match(/it starts/g)).toHaveLength(1)
    expect(interpretAnswer('{"verdict":"blocked","blocked_metrics":{"a":1}}')).toMatchObject({ itemCount: null })
    // A list given twice, or also under a look-alike key: JSON.parse keeps one, the service may mean the other.
    for (const body of [
      '{"verdict":"blocked","blocked_metrics":[{"name":"a"},{"name":"b"}],"blocked_metrics":[]}',
      '{"verdict":"blocked","blocked_metrics":[],"blocked\\u005fmetrics":[{"name":"a"}]}',
      '{"verdict":"blocked","Blocked_Metrics":[{"name":"a"}]}',
      // Unicode's case mappings: a Kelvin sign, a long s and a dotless i, as they stand and escaped.
      '{"verdict":"blocked","bloc\u212aed_metrics":[{"name":"a"}],"blocked_metrics":[]}',
      '{"verdict":"blocked","blocked_metric\u017f":[{"name":"a"}]}',
      '{"verdict":"blocked","blocked_metr\\u0131cs":[{"name":"a"}],"blocked_metrics":[]}'
    ]) {
      const read = interpretAnswer(body) as { items: unknown[]; itemCount?: number | null; notes: string[] }
      expect(read).toMatchObject({ kind: 'verdict', verdict: 'blocked', items: [], itemCount: null })
      expect(read.notes.join(' ')).toMatch(/blocked_metrics is given more than once, or also spelled another way/)
    }
    // Named once, in a string or nested, it is no second list.
    const once = '{"verdict":"blocked","blocked_metrics":[{"name":"blocked_metrics","x":{"BLOCKED_METRICS":1}}]}'
    expect(interpretAnswer(once)).toMatchObject({ items: [{ name: 'blocked_metrics' }], itemCount: undefined })
    // A large answer read in slices is held to the same.
    const many = Array.from({ length: 6000 }, (_, i) => ({ name: `m${i}`, score: 0.1, threshold: 0.5 }))
    const large = `{"verdict":"blocked","blocked_metrics":${JSON.stringify(many)}}`
    const slicing = { clean: true, keep: (kept: unknown[]) => kept.length < 10 }
    expect(interpretAnswer(large, undefined, slicing)).toMatchObject({ itemCount: 6000 })
    const twice = `${large.slice(0, -1)},"blocked_metrics":[]}`
    expect(interpretAnswer(twice, undefined, slicing)).toMatchObject({ items: [], itemCount: null })
    // A missing list is an empty one: a count of none, known.
    const missing = interpretAnswer('{"verdict":"blocked"}') as { itemCount?: number | null }
    expect(missing.itemCount).toBe(undefined)
  })

  it('quotes the body through the function it is given, so the key goes before anything is cut', () => {
    const answer = interpretAnswer('<html>secret</html>', (text) => `[${text.replace('secret', '***')}]`)
    expect(answer).toEqual({ kind: 'invalid', problem: 'the answer is not JSON (it starts [<html>***</html>])' })
  })
})

describe('topLevelKeys', () => {
  it('lists the top-level keys with repeats, skipping nested ones and strings', () => {
    expect(topLevelKeys('{"a":{"verdict":1},"b":"\\"verdict\\":","verdict":[{"c":2}],"verdict":0}')).toEqual([
      'a',
      'b',
      'verdict',
      'verdict'
    ])
  })
})

describe('blockedInErrorBody', () => {
  it('finds a block in the body of a refusal', () => {
    expect(
      blockedInErrorBody('{"verdict":"blocked","blocked_metrics":["x"]}', 'The service answered HTTP 422')
    ).toMatchObject({
      kind: 'verdict',
      verdict: 'blocked',
      items: ['x'],
      notes: ['The service answered HTTP 422, but its body says blocked.']
    })
  })

  it.each(['', 'oops', '{"verdict":"pass"}', '{"error":"blocked"}'])('finds none in %p', (body) => {
    expect(blockedInErrorBody(body, 'The service answered HTTP 500')).toBeUndefined()
  })
})

describe('serverMessage', () => {
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

  it('does not cut the message: the key must be removed before anything is cut', () => {
    expect(serverMessage('x'.repeat(5_000)).length).toBe(5_000)
  })
})

describe('an answer that is not a 2xx', () => {
  it('is blocked when its text says so, even when it is not JSON', () => {
    expect(blockedInErrorBody('\ufeff{"verdict":"blocked"}', 'The service answered HTTP 503')).toMatchObject({
      kind: 'verdict',
      verdict: 'blocked'
    })
    expect(blockedInErrorBody('{"verdict": "blocked", "blocked_metrics": [{"na', 'too large')).toMatchObject({
      verdict: 'blocked'
    })
  })
})
