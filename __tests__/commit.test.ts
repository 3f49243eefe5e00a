import { describe, expect, it } from '@jest/globals'
import { isForkPullRequest, resolveTarget, ResolveError, type EventContext } from '../src/commit/resolve-target.js'

const HEAD = '3f786850e387550fdab836ed7e6dc881de23001b'
const MERGE = '89e6c98d92887913cadf06b2adb97f26cde4849b'
const TIP = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'

const pr = (eventName: string): EventContext => ({
  eventName,
  payload: {
    pull_request: { head: { sha: HEAD, ref: 'feature/x', repo: { full_name: 'acme/app' } } },
    repository: { full_name: 'acme/app' }
  },
  env: {
    GITHUB_SHA: eventName === 'pull_request' ? MERGE : TIP,
    GITHUB_REF: 'refs/pull/1/merge',
    GITHUB_REF_NAME: '1/merge',
    GITHUB_HEAD_REF: 'feature/x'
  }
})

describe('resolveTarget', () => {
  it.each(['pull_request', 'pull_request_target', 'pull_request_review'])(
    '%s gates the PR head, not GITHUB_SHA',
    (name) => {
      const target = resolveTarget(pr(name))
      expect(target).toMatchObject({ commitSha: HEAD, branch: 'feature/x' })
      expect(target.shaSource).toContain('pull_request.head.sha')
    }
  )

  it('never falls back to the merge commit when the payload lacks the head', () => {
    const context = { ...pr('pull_request'), payload: {} }
    expect(() => resolveTarget(context)).toThrow(ResolveError)
    expect(() => resolveTarget(context)).toThrow(/commit-sha/)
  })

  it('merge_group gates head_sha on the queue branch without refs/heads/', () => {
    const target = resolveTarget({
      eventName: 'merge_group',
      payload: { merge_group: { head_sha: HEAD, head_ref: `refs/heads/gh-readonly-queue/main/pr-7-${TIP}` } },
      env: { GITHUB_SHA: HEAD }
    })
    expect(target).toMatchObject({ commitSha: HEAD, branch: `gh-readonly-queue/main/pr-7-${TIP}` })
  })

  it('workflow_run gates the triggering run head', () => {
    const target = resolveTarget({
      eventName: 'workflow_run',
      payload: { workflow_run: { head_sha: HEAD, head_branch: 'feature/y' } },
      env: { GITHUB_SHA: TIP, GITHUB_REF_NAME: 'main' }
    })
    expect(target).toMatchObject({ commitSha: HEAD, branch: 'feature/y' })
  })

  it.each([
    ['push', 'main', 'refs/heads/main'],
    ['push', 'v1.2.0', 'refs/tags/v1.2.0'],
    ['workflow_dispatch', 'release', 'refs/heads/release'],
    ['schedule', 'main', 'refs/heads/main'],
    ['release', 'v2.0.0', 'refs/tags/v2.0.0']
  ])('%s on %s gates GITHUB_SHA', (eventName, refName, ref) => {
    const target = resolveTarget({
      eventName,
      payload: {},
      env: { GITHUB_SHA: HEAD, GITHUB_REF: ref, GITHUB_REF_NAME: refName }
    })
    expect(target).toMatchObject({ commitSha: HEAD, branch: refName })
  })

  it('derives the branch from GITHUB_REF when GITHUB_REF_NAME is missing', () => {
    expect(
      resolveTarget({ eventName: 'push', payload: {}, env: { GITHUB_SHA: HEAD, GITHUB_REF: 'refs/heads/dev' } }).branch
    ).toBe('dev')
  })

  it('lets inputs override the event and says so', () => {
    const target = resolveTarget(pr('pull_request'), { commitSha: TIP, branch: 'other' })
    expect(target).toEqual({
      commitSha: TIP,
      branch: 'other',
      shaSource: 'input commit-sha',
      branchSource: 'input branch'
    })
  })

  it('rejects a SHA from the event that is not a full SHA', () => {
    expect(() =>
      resolveTarget({ eventName: 'push', payload: {}, env: { GITHUB_SHA: 'abc', GITHUB_REF_NAME: 'main' } })
    ).toThrow(/not a full commit SHA/)
  })

  it('asks for the branch input when none can be found', () => {
    expect(() =>
      resolveTarget({
        eventName: 'workflow_run',
        payload: { workflow_run: { head_sha: HEAD, head_branch: null } },
        env: {}
      })
    ).toThrow(/Set the branch input/)
  })
})

describe('isForkPullRequest', () => {
  it('is true when the head repository differs or was deleted', () => {
    const context = pr('pull_request')
    expect(isForkPullRequest(context)).toBe(false)
    const fork = {
      ...context,
      payload: { ...context.payload, pull_request: { head: { sha: HEAD, repo: { full_name: 'someone/app' } } } }
    }
    expect(isForkPullRequest(fork)).toBe(true)
    const gone = { ...context, payload: { ...context.payload, pull_request: { head: { sha: HEAD, repo: null } } } }
    expect(isForkPullRequest(gone)).toBe(true)
    expect(isForkPullRequest({ eventName: 'push', payload: {} })).toBe(false)
  })
})
