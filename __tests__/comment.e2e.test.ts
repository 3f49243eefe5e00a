// The pull-request comment, end to end: the bundled action against the service stand-in and a stand-in of
// GitHub's REST and GraphQL API on loopback (reached through GITHUB_API_URL), which pages with Link
// headers, refuses writes with 403 like a read-only token, rejects bodies over 65,536 characters, can
// hang, and holds comments by other users.
import { afterEach, describe, expect, it } from '@jest/globals'
import { SAMPLE_METRICS, startStandIn } from '../__fixtures__/stand-in.mjs'
import { MAX_COMMENT_CHARS, READONLY_TOKEN, startGitHubStandIn, WRITE_TOKEN } from '../__fixtures__/github-stand-in.mjs'
import { PR_HEAD_SHA, pullRequestEvent, runAction, workflowCommands } from '../__fixtures__/run-action.mjs'

type GitHub = Awaited<ReturnType<typeof startGitHubStandIn>>
type Script = NonNullable<Parameters<typeof startStandIn>[0]>['script']
const KEY = 'egk_live_Comment7Kq2Xv9Lp'
const MARKER = '<!-- eval-gate:comment project=proj-1 -->'
const BLOCKED: Script = [{ json: { verdict: 'blocked', blocked_metrics: SAMPLE_METRICS } }]
const PASS: Script = [{ json: { verdict: 'pass' } }]
const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

async function github(options: Parameters<typeof startGitHubStandIn>[0] = {}): Promise<GitHub> {
  const gh = await startGitHubStandIn({
    pulls: [{ number: 42, state: 'open', head: { sha: PR_HEAD_SHA, ref: 'feature/better-answers' } }],
    ...options
  })
  closers.push(gh.close)
  return gh
}

async function gate(
  gh: GitHub,
  script: Script,
  inputs: Record<string, string> = {},
  rest: Partial<Parameters<typeof runAction>[0]> = {}
) {
  const service = await startStandIn({ script, apiKey: KEY })
  try {
    return await runAction({
      inputs: {
        'api-key': KEY,
        'project-id': 'proj-1',
        'base-url': service.baseUrl,
        'github-token': WRITE_TOKEN,
        ...inputs
      },
      env: { GITHUB_API_URL: gh.apiUrl, GITHUB_RUN_ID: '77' },
      ...rest
    })
  } finally {
    await service.close()
  }
}

const writes = (gh: GitHub) =>
  gh.requests.filter((r) => r.method === 'POST' || r.method === 'PATCH').filter((r) => r.route !== 'graphql')
const ours = (gh: GitHub) =>
  gh.comments.filter((c) => c.body.startsWith(MARKER) && c.user.login === 'github-actions[bot]')
const warnings = (run: Awaited<ReturnType<typeof gate>>) =>
  workflowCommands(`${run.stdout}\n${run.stderr}`).filter((c) => c.name === 'warning')
/** The comment body outside code, where GitHub would link, mention or render. */
const outsideCode = (md: string): string => md.replace(/<code>[^<]*<\/code>/g, '').replace(/(`+)(?:(?!\1).)*?\1/g, '')

describe('the pull-request comment', () => {
  it('is created when blocked: what failed, by how much, and what to do', async () => {
    const gh = await github()
    const run = await gate(gh, BLOCKED)
    expect(run.code).toBe(1)
    expect(run.outputs.verdict).toBe('blocked')
    const [comment] = ours(gh)
    expect(comment).toBeDefined()
    expect(run.outputs['comment-url']).toBe(comment.html_url)
    expect(comment.body.split('\n')[0]).toBe(MARKER)
    expect(comment.body).toContain('<code>0.71 &lt; 0.8</code>')
    expect(comment.body).toContain('0.09 below the threshold (11.3%)')
    expect(comment.body).toContain('**What to do next:**')
    expect(comment.body).toContain('/actions/runs/77')
    // It checked the pull request's head before writing, and asked GraphQL who it is.
    expect(gh.requests.map((r) => r.route)).toEqual(['pull', 'graphql', 'list', 'create'])
  })

  it('is updated in place on the next run, found past the first page, and a pass replaces the block', async () => {
    const others = Array.from({ length: 120 }, (_, i) => ({ issue_number: 42, body: `chatter ${i}` }))
    const gh = await github({ comments: others })
    await gate(gh, BLOCKED)
    const [first] = ours(gh)
    expect(gh.comments).toHaveLength(121)

    const again = await gate(gh, PASS)
    expect(again.code).toBe(0)
    expect(gh.comments).toHaveLength(121)
    expect(ours(gh)).toHaveLength(1)
    expect(ours(gh)[0].id).toBe(first.id)
    expect(ours(gh)[0].body).toContain('## ✅ Eval gate: pass')
    expect(again.outputs['comment-url']).toBe(first.html_url)
    const lists = gh.requests.filter((r) => r.route === 'list').slice(-2)
    expect(lists.map((r) => r.query.page ?? '1')).toEqual(['1', '2'])
    expect(writes(gh).map((r) => r.method)).toEqual(['POST', 'PATCH'])
  })

  it('is not written on a first pass, and never with pr-comment off', async () => {
    const gh = await github()
    const pass = await gate(gh, PASS)
    expect(pass.code).toBe(0)
    expect(writes(gh)).toEqual([])
    expect(pass.outputs['comment-url']).toBe('')

    const before = gh.requests.length
    const off = await gate(gh, BLOCKED, { 'pr-comment': 'off' })
    expect(off.code).toBe(1)
    expect(gh.requests.length).toBe(before)
  })

  it('is written on a first pass with pr-comment always', async () => {
    const gh = await github()
    const run = await gate(gh, PASS, { 'pr-comment': 'always' })
    expect(run.code).toBe(0)
    expect(ours(gh)[0].body).toContain('## ✅ Eval gate: pass')
  })

  it('is left to the newer run when the head moved on, or the pull request closed', async () => {
    const gh = await github()
    gh.pulls.set(42, { number: 42, state: 'open', head: { sha: 'f'.repeat(40), ref: 'feature/better-answers' } })
    const moved = await gate(gh, BLOCKED)
    expect(moved.code).toBe(1)
    expect(writes(gh)).toEqual([])
    expect(moved.stdout).toMatch(/pull request #42 now has head fffffff; the comment is left to the newer run/)

    gh.pulls.set(42, { number: 42, state: 'closed', head: { sha: PR_HEAD_SHA, ref: 'feature/better-answers' } })
    const closed = await gate(gh, BLOCKED)
    expect(writes(gh)).toEqual([])
    expect(closed.stdout).toMatch(/pull request #42 is closed/)
  })

  it('never edits someone else comment that carries the marker', async () => {
    const forged = {
      issue_number: 42,
      body: `${MARKER}\nI copied the marker`,
      user: { login: 'mallory', type: 'User' as const }
    }
    const gh = await github({ comments: [forged] })
    await gate(gh, BLOCKED)
    expect(gh.comments[0].body).toBe(`${MARKER}\nI copied the marker`)
    expect(ours(gh)).toHaveLength(1)
    expect(writes(gh).map((r) => r.method)).toEqual(['POST'])
  })

  it('gives one warning saying what to change when the token is read-only, and the outcome stands', async () => {
    const gh = await github()
    const run = await gate(gh, BLOCKED, { 'github-token': READONLY_TOKEN })
    expect(run.code).toBe(1)
    expect(run.outputs.verdict).toBe('blocked')
    expect(run.outputs['comment-url']).toBe('')
    const said = warnings(run)
    expect(said).toHaveLength(1)
    expect(said[0].data).toMatch(/GitHub answered 403.*permissions: pull-requests: write.*pr-comment: off/)
  })

  it('cannot hold the step when GitHub hangs, and the outcome stands', async () => {
    const gh = await github({ hang: true })
    const run = await gate(gh, PASS, { 'pr-comment': 'always' })
    expect(run.code).toBe(0)
    expect(run.outputs.verdict).toBe('pass')
    expect(run.durationMs).toBeLessThan(40_000)
    expect(warnings(run)[0].data).toMatch(/GitHub did not answer within 30 s/)
  }, 60_000)

  it('fits 30,000 metrics under 65,536 characters, with the true count and where the rest is', async () => {
    const gh = await github()
    const metrics = Array.from({ length: 30_000 }, (_, i) => ({ name: `metric_${i}`, score: 0.42, threshold: 0.5 }))
    const run = await gate(gh, [{ json: { verdict: 'blocked', blocked_metrics: metrics } }])
    expect(run.code).toBe(1)
    const [comment] = ours(gh)
    expect(Array.from(comment.body).length).toBeLessThanOrEqual(MAX_COMMENT_CHARS)
    expect(comment.body).toMatch(
      /_Showing 100 of 30000 blocked metrics; the job summary lists up to 200 and the `report-file`/
    )
    expect(comment.body).toContain('30000 metrics failed their thresholds')
  })

  it('keeps hostile metric names inert: no mention, link or image, and no key or token', async () => {
    const gh = await github()
    const hostile = [
      '@acme/security please look',
      '![x](https://evil.example/p.png)',
      '[click](https://evil.example)',
      'https://evil.example/x www.evil.example',
      `</code></table><img src=x> ${KEY} ${WRITE_TOKEN}`,
      '`` ` ``<b>@octocat</b>'
    ]
    const run = await gate(gh, [{ json: { verdict: 'blocked', blocked_metrics: hostile.map((name) => ({ name })) } }])
    expect(run.code).toBe(1)
    const [comment] = ours(gh)
    expect(outsideCode(comment.body)).not.toMatch(/@acme|@octocat|evil|<img|!\[|<b>/)
    expect(comment.body).not.toContain(KEY.slice(0, 10))
    expect(comment.body).not.toContain(WRITE_TOKEN)
  })

  it('writes nothing for events with no pull request to tell', async () => {
    const gh = await github()
    const event = {
      name: 'merge_group',
      payload: { merge_group: { head_sha: PR_HEAD_SHA, head_ref: 'refs/heads/gh-readonly-queue/main/pr-42-abc' } },
      env: { GITHUB_SHA: PR_HEAD_SHA }
    }
    const run = await gate(gh, BLOCKED, {}, { event })
    expect(run.code).toBe(1)
    expect(gh.requests).toEqual([])
    expect(run.stdout).toContain("the 'merge_group' event has no pull request to tell")
  })

  it('works against GitHub Enterprise Server addresses (/api/v3, GraphQL at /api/graphql)', async () => {
    const gh = await github({ enterprise: true })
    const run = await gate(gh, BLOCKED, {}, { event: pullRequestEvent() })
    expect(run.code).toBe(1)
    expect(ours(gh)).toHaveLength(1)
    expect(gh.requests.find((r) => r.route === 'graphql')?.path).toBe('/api/graphql')
  })
})
