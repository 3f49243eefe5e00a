import { describe, expect, it } from '@jest/globals'
import { InputError, isLoopbackHost, readSettings } from '../src/settings/settings.js'

const KEY = 'egk_live_0123456789abcdef'
const valid: Record<string, string> = {
  'api-key': KEY,
  'project-id': 'proj-1',
  'base-url': 'https://eval.example.com/v1/'
}

function read(overrides: Record<string, string> = {}, fork = false) {
  const inputs = { ...valid, ...overrides }
  return readSettings((name) => inputs[name] ?? '', { isForkPullRequest: fork })
}

function errorOf(overrides: Record<string, string>, fork = false): InputError {
  try {
    read(overrides, fork)
  } catch (e) {
    expect(e).toBeInstanceOf(InputError)
    return e as InputError
  }
  throw new Error('expected an InputError')
}

describe('readSettings', () => {
  it('reads valid inputs with the documented defaults', () => {
    expect(read()).toEqual({
      apiKey: KEY,
      projectId: 'proj-1',
      baseUrl: 'https://eval.example.com/v1',
      commitSha: undefined,
      branch: undefined,
      failOnBlocked: true,
      failOnError: true,
      timeoutMs: 300_000,
      prComment: 'failures',
      githubToken: '',
      warnings: []
    })
  })

  it.each(['api-key', 'project-id', 'base-url'])('names the missing required input %s', (name) => {
    const err = errorOf({ [name]: '   ' })
    expect(err.input).toBe(name)
    expect(err.message).toContain(`'${name}'`)
    expect(err.message).toContain('required')
  })

  it('explains that fork pull requests get no secrets', () => {
    const err = errorOf({ 'api-key': '' }, true)
    expect(err.message).toMatch(/fork/)
    expect(err.message).toMatch(/secrets/)
  })

  it.each([
    ['whitespace inside', 'egk_live abc'],
    ['a line break', 'egk_live\nabc'],
    ['the placeholder <API_KEY>', '<API_KEY>'],
    ['a bare API_KEY', 'API_KEY'],
    ['an unexpanded expression', '${{ secrets.KEY }}'],
    ['a character no header can carry', 'egk_live_clé'],
    ['a control character', 'egk_live_\u0007x']
  ])('rejects an api-key with %s and never quotes it', (_, key) => {
    const err = errorOf({ 'api-key': key })
    expect(err.input).toBe('api-key')
    expect(err.message).not.toContain(key.trim())
  })

  it.each([
    ['not a URL', 'eval.example.com/v1', /absolute http\(s\) URL/],
    ['another scheme', 'ftp://eval.example.com/v1', /http or https/],
    ['credentials', 'https://user:pw@eval.example.com/v1', /credentials/],
    ['a query', 'https://eval.example.com/v1?x=1', /query/]
  ])('rejects a base-url that is %s', (_, url, pattern) => {
    const err = errorOf({ 'base-url': url })
    expect(err.input).toBe('base-url')
    expect(err.message).toMatch(pattern)
  })

  it('warns about plain http to a remote host, not to loopback', () => {
    expect(read({ 'base-url': 'http://eval.internal/v1' }).warnings[0]).toMatch(/plain http to eval\.internal/)
    expect(read({ 'base-url': 'http://127.0.0.1:8080/v1' }).warnings).toEqual([])
    expect(read({ 'base-url': 'http://localhost:8080/v1' }).warnings).toEqual([])
  })

  it.each(['0', '0.0001', '0.999', '-5', 'abc', '1e3', '21601', ''])(
    'timeout-seconds %p is rejected unless empty',
    (value) => {
      if (value === '') return expect(read({ 'timeout-seconds': value }).timeoutMs).toBe(300_000)
      expect(errorOf({ 'timeout-seconds': value }).input).toBe('timeout-seconds')
    }
  )

  it('accepts fractional timeouts', () => {
    expect(read({ 'timeout-seconds': '2.5' }).timeoutMs).toBe(2500)
  })

  it.each([
    ['true', true],
    ['True', true],
    ['FALSE', false],
    ['false', false]
  ])('reads the boolean %s', (text, value) => {
    expect(read({ 'fail-on-blocked': text }).failOnBlocked).toBe(value)
    expect(read({ 'fail-on-error': text }).failOnError).toBe(value)
  })

  it.each(['yes', '1', 'on'])('rejects the boolean %s, naming the input', (text) => {
    expect(errorOf({ 'fail-on-error': text }).message).toMatch(/'fail-on-error': must be true or false/)
  })

  it('takes full commit SHAs only, lower-cased', () => {
    expect(read({ 'commit-sha': 'ABCDEF0123456789ABCDEF0123456789ABCDEF01' }).commitSha).toBe(
      'abcdef0123456789abcdef0123456789abcdef01'
    )
    expect(errorOf({ 'commit-sha': 'abc1234' }).message).toMatch(/full commit SHA/)
  })

  it('strips refs/heads/ from a branch override, and refuses one that names no branch', () => {
    expect(read({ branch: 'refs/heads/release/1.2' }).branch).toBe('release/1.2')
    expect(errorOf({ branch: 'refs/heads/' }).message).toMatch(/'branch': names no branch/)
  })

  it.each([
    ['', 'failures'],
    ['always', 'always'],
    ['OFF', 'off']
  ])('reads pr-comment %p as %p', (text, mode) => {
    expect(read({ 'pr-comment': text }).prComment).toBe(mode)
  })

  it('rejects an unknown pr-comment, naming the choices', () => {
    expect(errorOf({ 'pr-comment': 'sometimes' }).message).toMatch(
      /'pr-comment': must be one of failures, always, off, got "sometimes"/
    )
  })

  it('rejects a project-id with whitespace', () => {
    expect(errorOf({ 'project-id': 'my project' }).input).toBe('project-id')
  })
})

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['[::1]', true],
    ['localhost', true],
    ['api.localhost', true],
    ['10.0.0.1', false],
    ['127.0.0.1.example.com', false]
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected)
  })
})
