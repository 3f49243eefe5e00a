// The comment's plan with plain values, and commentOnPullRequest in this process against the GitHub
// stand-in on loopback (the bundle's runs are in comment.e2e.test.ts).
import { afterEach, describe, expect, it } from '@jest/globals'
import { commentMarker, findOwnComment, planComment } from '../src/show/comment/comment-plan.js'
import { commentOnPullRequest, type CommentContext } from '../src/show/comment/pull-request-comment.js'
import { buildReport } from '../src/report/report.js'
import { redactor } from '../src/untrusted/redact.js'
import { READONLY_TOKEN, startGitHubStandIn, WRITE_TOKEN } from '../__fixtures__/github-stand-in.mjs'

const SHA = '3f786850e387550fdab836ed7e6dc881de23001b'

describe('commentMarker', () => {
  it('keeps the project from closing the HTML comment', () => {
    expect(commentMarker('a --> <b>')).toBe('<!-- eval-gate:comment project=a%20--%3E%20%3Cb%3E -->')
  })
})

describe('findOwnComment', () => {
  const marker = commentMarker('p')
  const comments = [
    { id: 1, body: `${marker}\nforged`, user: { login: 'mallory' } },
    { id: 2, body: `quoted ${marker}`, user: { login: 'github-actions[bot]' } },
    { id: 3, body: `${marker}\nours`, user: { login: 'github-actions[bot]' } },
    { id: 4, body: `${marker}\nlater`, user: { login: 'github-actions[bot]' } }
  ]

  it('takes the first comment that starts with the marker and is the token’s own', () => {
    expect(findOwnComment(comments, 'github-actions[bot]', marker)?.id).toBe(3)
    expect(findOwnComment(comments, 'someone-else', marker)).toBeUndefined()
    expect(findOwnComment(comments, 'github-actions[bot]', commentMarker('q'))).toBeUndefined()
  })
})

describe('planComment', () => {
  it.each([
    ['failures', 'blocked', false, 'create'],
    ['failures', 'error', false, 'create'],
    ['failures', 'pass', false, 'none'],
    ['failures', 'pass', true, 'update'],
    ['always', 'pass', false, 'create'],
    ['always', 'blocked', true, 'update']
  ] as const)('%s, %s, existing %s: %s', (mode, outcome, existing, write) => {
    expect(planComment(mode, outcome, existing).write).toBe(write)
  })
})

describe('commentOnPullRequest', () => {
  const closers: Array<() => Promise<void>> = []
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()))
  })

  const report = buildReport(
    {
      outcome: 'blocked',
      warnOnly: false,
      projectId: 'proj-1',
      eventName: 'pull_request',
      target: { commitSha: SHA, branch: 'feature/x', shaSource: '', branchSource: '' },
      items: [{ name: 'faithfulness', score: 0.71, threshold: 0.8 }],
      startedAt: 0
    },
    redactor('egk_key_for_comment')
  )

  async function run(overrides: Partial<CommentContext> = {}, options: Parameters<typeof startGitHubStandIn>[0] = {}) {
    const gh = await startGitHubStandIn({
      pulls: [{ number: 7, state: 'open', head: { sha: SHA, ref: 'feature/x' } }],
      ...options
    })
    closers.push(gh.close)
    const said: string[] = []
    const warned: string[] = []
    const url = await commentOnPullRequest(report, {
      mode: 'failures',
      token: WRITE_TOKEN,
      eventName: 'pull_request',
      payload: { pull_request: { number: 7 } },
      env: { GITHUB_API_URL: gh.apiUrl, GITHUB_REPOSITORY: 'acme/assistant', GITHUB_RUN_ID: '5' },
      signal: new AbortController().signal,
      say: (m) => said.push(m),
      warn: (m) => warned.push(m),
      redact: redactor('egk_key_for_comment', WRITE_TOKEN),
      ...overrides
    })
    return { gh, url, said, warned }
  }

  it('creates the comment and returns its URL', async () => {
    const { gh, url, warned } = await run()
    expect(url).toBe(gh.comments[0].html_url)
    expect(gh.comments[0].body.startsWith(commentMarker('proj-1'))).toBe(true)
    expect(warned).toEqual([])
  })

  it.each([
    ['off', { mode: 'off' as const }, ''],
    ['another event', { eventName: 'push' }, "the 'push' event has no pull request to tell"],
    ['no token', { token: '' }, 'github-token is empty'],
    ['no pull request number', { payload: {} }, 'is not known']
  ])('does nothing with %s', async (_, overrides, said) => {
    const result = await run(overrides)
    expect(result.url).toBe('')
    expect(result.gh.requests).toEqual([])
    if (said) expect(result.said.join('\n')).toContain(said)
  })

  it('warns once, naming the permission, when the write is refused', async () => {
    const { url, warned } = await run({ token: READONLY_TOKEN })
    expect(url).toBe('')
    expect(warned).toHaveLength(1)
    expect(warned[0]).toMatch(/403.*pull-requests: write.*pr-comment: off/)
  })

  it('warns when the token is refused', async () => {
    const { warned } = await run({ token: 'ghs_not_known' })
    expect(warned[0]).toMatch(/github-token was refused \(401\)/)
  })

  it('gives up within its time limit when GitHub hangs', async () => {
    const started = Date.now()
    const { url, warned } = await run({ budgetMs: 300 }, { hang: true })
    expect(url).toBe('')
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(warned[0]).toMatch(/GitHub did not answer within 0.3 s/)
  })

  it('gives up within its time limit when only the comment list hangs (every page carries the limit)', async () => {
    const started = Date.now()
    const { url, warned, gh } = await run({ budgetMs: 500 }, { hang: ['list'] })
    expect(url).toBe('')
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(warned[0]).toMatch(/did not answer within 0.5 s/)
    expect(gh.requests.map((r) => r.route)).toEqual(['pull', 'graphql', 'list'])
  })

  it('finds its own comment even after an edit in the browser left CRLF line ends', async () => {
    const body = `${commentMarker('proj-1')}\r\nold text`
    const { gh } = await run(
      {},
      { comments: [{ issue_number: 7, body, user: { login: 'github-actions[bot]', type: 'Bot' } }] }
    )
    expect(gh.comments).toHaveLength(1)
    expect(gh.requests.at(-1)?.method).toBe('PATCH')
  })

  it('edits nothing when GitHub does not say which account the token is', async () => {
    const tokens = { ghs_nameless: { login: '', type: 'Bot' as const, write: true } }
    const comments = [
      { issue_number: 7, body: `${commentMarker('proj-1')}\nsomeone's`, user: { login: '', type: 'User' as const } }
    ]
    const { url, warned, gh } = await run({ token: 'ghs_nameless' }, { tokens, comments })
    expect(url).toBe('')
    expect(gh.requests.filter((r) => r.method === 'PATCH' || r.route === 'create')).toEqual([])
    expect(warned[0]).toMatch(/did not say which account the token writes as/)
  })

  it('stops when the run is cancelled', async () => {
    const cancel = new AbortController()
    setTimeout(() => cancel.abort(), 100)
    const { url, said, warned } = await run({ signal: cancel.signal }, { hang: true })
    expect(url).toBe('')
    expect(warned).toEqual([])
    expect(said.at(-1)).toBe('The run was cancelled; the pull-request comment was left as it was.')
  })
})
