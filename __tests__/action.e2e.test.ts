// The committed dist/index.js, run as the runner runs it (see __fixtures__/run-action.mjs), against the
// stand-in of the service on loopback. What these assert is what a workflow would see: the exit code,
// the outputs file, the summary file, the workflow commands on stdout/stderr, and what the server got.
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { SAMPLE_METRICS, SCENARIOS, startStandIn } from '../__fixtures__/stand-in.mjs'
import { actionNode, PR_HEAD_SHA, pullRequestEvent, runAction, workflowCommands } from '../__fixtures__/run-action.mjs'

type StandIn = Awaited<ReturnType<typeof startStandIn>>
type Run = Awaited<ReturnType<typeof runAction>>
const KEY = 'egk_live_5ecret_e2e_key'
const servers: StandIn[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

beforeAll(async () => {
  const node = await actionNode()
  console.log(`End-to-end runs use Node ${node.version} (${node.path}); action.yml names node24.`)
}, 600_000)

async function standIn(options: Parameters<typeof startStandIn>[0] = {}): Promise<StandIn> {
  const server = await startStandIn({ apiKey: KEY, ...options })
  servers.push(server)
  return server
}

function gate(
  server: { baseUrl: string },
  inputs: Record<string, string> = {},
  rest: Partial<Parameters<typeof runAction>[0]> = {}
): Promise<Run> {
  return runAction({
    inputs: { 'api-key': KEY, 'project-id': 'proj-1', 'base-url': `${server.baseUrl}/`, ...inputs },
    ...rest
  })
}

/** The key shows up in exactly one place: the line that asks the runner to mask it. */
function expectKeyOnlyMasked(run: Run, key = KEY): void {
  const lines = run.stdout.split(/\r?\n/).filter((line) => line.includes(key))
  expect(lines).toEqual([`::add-mask::${key}`])
  expect(run.stderr).not.toContain(key)
  expect(run.summary).not.toContain(key)
  expect(JSON.stringify(run.outputs)).not.toContain(key)
  expect(run.reportText).not.toContain(key)
}

/** The summary without its code (`<code>` elements and code spans), where GitHub would interpret text. */
const outsideCode = (md: string): string => md.replace(/<code>[^<]*<\/code>/g, '').replace(/(`+)(?:(?!\1).)*?\1/g, '')
const commands = (run: Run) => workflowCommands(`${run.stdout}\n${run.stderr}`)
const named = (run: Run, name: string) => commands(run).filter((c) => c.name === name)

describe('verdicts', () => {
  it('passes a pass, gating the pull request head', async () => {
    const server = await standIn({ script: SCENARIOS.pass })
    const run = await gate(server)
    expect(run.code).toBe(0)
    expect(run.outputs).toEqual({
      verdict: 'pass',
      'blocked-metrics': '[]',
      'blocked-count': '0',
      'commit-sha': PR_HEAD_SHA,
      branch: 'feature/better-answers',
      'report-file': expect.stringMatching(/eval-gate\/report-step\.json$/),
      'comment-url': ''
    })
    expect(server.requests).toHaveLength(1)
    expect(JSON.parse(server.requests[0].body)).toEqual({
      project_id: 'proj-1',
      commit_sha: PR_HEAD_SHA,
      branch: 'feature/better-answers'
    })
    expect(run.summary.split('\n')[0]).toBe('## ✅ Eval gate: pass')
    expect(run.stdout).toContain('commit from pull_request payload pull_request.head.sha')
    expect(named(run, 'error')).toEqual([])
    expectKeyOnlyMasked(run)
  })

  it('fails a block, with the metrics in the outputs, the summary and annotations', async () => {
    const server = await standIn({ script: SCENARIOS.blocked })
    const run = await gate(server)
    expect(run.code).toBe(1)
    expect(run.outputs.verdict).toBe('blocked')
    expect(run.outputs['blocked-count']).toBe('3')
    expect(JSON.parse(run.outputs['blocked-metrics'])).toEqual(SAMPLE_METRICS)
    expect(run.summary).toContain(
      '<tr><td><code>faithfulness</code></td><td><code>0.71 &lt; 0.8</code></td><td>0.09 below the threshold (11.3%)</td>'
    )
    expect(run.summary).toContain('3 metrics failed their thresholds.')
    const errors = named(run, 'error')
    expect(errors).toHaveLength(4)
    expect(errors[0].data).toBe('faithfulness: 0.71 < 0.8, 0.09 below the threshold (11.3%), dataset support-qa')
    expect(errors[2].data).toBe('toxicity: 0.12 > 0.05, 0.07 above the threshold (140%), dataset red-team')
    expect(errors[3].data).toMatch(/blocked this commit: 3 metrics failed their thresholds \(faithfulness, /)
    expectKeyOnlyMasked(run)
  })

  it('treats a block with no list as a block with none named', async () => {
    const run = await gate(await standIn({ script: SCENARIOS['blocked-no-list'] }))
    expect(run.code).toBe(1)
    expect(run.outputs).toMatchObject({ verdict: 'blocked', 'blocked-metrics': '[]', 'blocked-count': '0' })
  })

  it('says a block whose list cannot be read named an unknown number of metrics, not none', async () => {
    // Not JSON (a trailing comma), but it says blocked: a block, with its one metric unreadable.
    const body = '{"verdict":"blocked","blocked_metrics":[{"name":"faithfulness","score":0.7,"threshold":0.8},]}'
    const run = await gate(await standIn({ script: [{ body }] }))
    expect(run.code).toBe(1)
    expect(run.outputs).toMatchObject({ verdict: 'blocked', 'blocked-metrics': '[]', 'blocked-count': '' })
    expect(named(run, 'error').at(-1)?.data).toBe(
      'The evaluation service blocked this commit: its list of metrics could not be read.'
    )
    expect(run.summary).toContain('its list of metrics could not be read')
    expect(run.summary).not.toContain('named no metrics')
    expect(JSON.parse(run.reportText)).toMatchObject({ verdict: 'blocked', blocked_count: null })
  })

  it('only warns on a block when fail-on-blocked is false, and still says blocked', async () => {
    const run = await gate(await standIn({ script: SCENARIOS.blocked }), { 'fail-on-blocked': 'false' })
    expect(run.code).toBe(0)
    expect(run.outputs.verdict).toBe('blocked')
    expect(named(run, 'error')).toEqual([])
    expect(named(run, 'warning').at(-1)?.data).toMatch(/fail-on-blocked is false/)
    expect(run.summary).toContain('`fail-on-blocked` is `false`')
  })

  it('keeps within ten error annotations for many metrics', async () => {
    const metrics = Array.from({ length: 25 }, (_, i) => ({ name: `m${i}`, score: 0.1, threshold: 0.5 }))
    const run = await gate(await standIn({ script: [{ json: { verdict: 'blocked', blocked_metrics: metrics } }] }))
    const errors = named(run, 'error')
    expect(errors).toHaveLength(10)
    expect(errors[7].data).toContain('m7')
    expect(errors[8].data).toBe('…and 17 more blocked metric(s); the job summary lists them.')
  })

  it.each([
    ['not JSON', SCENARIOS['not-json']],
    ['an unknown verdict', SCENARIOS['unknown-verdict']],
    ['truncated JSON', [{ body: '{"verdict":"pass"' }]],
    ['a contradictory pass', [{ json: { verdict: 'pass', blocked_metrics: [{ name: 'x' }] } }]]
  ])('never passes %s', async (_, script) => {
    const run = await gate(await standIn({ script }))
    expect(run.code).toBe(1)
    expect(run.outputs.verdict).toBe('error')
    expect(run.summary.split('\n')[0]).toBe('## ⚠️ Eval gate: no verdict (error)')
  })
})

describe('a report file that cannot be written', () => {
  it.each([
    ['a pass still passes', 'pass', 0],
    ['a block still fails', 'blocked', 1]
  ] as const)('%s, with a warning and no report-file output', async (_, scenario, code) => {
    // The job's temp folder is a file: the report's folder cannot be made in it.
    const run = await gate(await standIn({ script: SCENARIOS[scenario] }), {}, { env: { RUNNER_TEMP: '/dev/null' } })
    expect(run.code).toBe(code)
    expect(run.outputs.verdict).toBe(scenario)
    expect(run.outputs['report-file']).toBe('')
    expect(named(run, 'warning').map((c) => c.data)).toEqual([
      expect.stringMatching(/^Could not write the report file: .*ENOTDIR/)
    ])
    expect(run.summary.split('\n')[0]).toMatch(/^## .* Eval gate: /)
  })
})

describe('errors', () => {
  it('fails on 401 without retrying, with the server message and a hint about the key', async () => {
    const server = await standIn({ script: SCENARIOS.pass, apiKey: 'another-key' })
    const run = await gate(server)
    expect(run.code).toBe(1)
    expect(server.requests).toHaveLength(1)
    expect(run.outputs.verdict).toBe('error')
    expect(named(run, 'error')[0].data).toMatch(/refused the request with 401: "invalid API key".*api-key secret/)
    expect(run.summary).toContain('**What to do:** `Check the api-key secret')
    expectKeyOnlyMasked(run)
  })

  it('warns and passes when fail-on-error is false, but the verdict output says error', async () => {
    const run = await gate(await standIn({ script: SCENARIOS.error }), {
      'fail-on-error': 'false',
      'timeout-seconds': '2'
    })
    expect(run.code).toBe(0)
    expect(run.outputs.verdict).toBe('error')
    expect(named(run, 'warning')[0].data).toMatch(/fail-on-error is false; the commit was not checked/)
  })

  it('still fails a block when only fail-on-error is false', async () => {
    const run = await gate(await standIn({ script: SCENARIOS.blocked }), { 'fail-on-error': 'false' })
    expect(run.code).toBe(1)
  })

  it.each([
    ['hangs', SCENARIOS.hang],
    ['drips a byte at a time', SCENARIOS.drip]
  ])('ends inside timeout-seconds when the server %s', async (_, script) => {
    const run = await gate(await standIn({ script }), { 'timeout-seconds': '2' })
    expect(run.code).toBe(1)
    expect(run.outputs.verdict).toBe('error')
    expect(run.durationMs).toBeLessThan(20_000) // a hang would run to the harness's two-minute kill
    expect(named(run, 'error')[0].data).toMatch(/No verdict within timeout-seconds \(2\.0 s\)/)
  })

  it('refuses a redirect, and the other origin never hears from it', async () => {
    const elsewhere = await startStandIn({ script: SCENARIOS.pass })
    servers.push(elsewhere)
    const server = await standIn({
      script: [{ status: 302, headers: { Location: `${elsewhere.baseUrl}/gates/evaluate` } }]
    })
    const run = await gate(server)
    expect(run.code).toBe(1)
    expect(elsewhere.requests).toHaveLength(0)
    expect(named(run, 'error')[0].data).toMatch(/redirect/)
  })
})

describe('rate limits', () => {
  it('waits for X-RateLimit-Reset and never retries before it', async () => {
    const server = await standIn({ script: SCENARIOS['rate-limited'] })
    const run = await gate(server)
    expect(run.code).toBe(1)
    expect(run.outputs.verdict).toBe('blocked')
    expect(server.requests).toHaveLength(2)
    expect(server.requests.map((r) => r.status)).toEqual([429, 200])
    const told = Math.ceil(server.requests[0].at / 1000 + 2) * 1000
    expect(server.requests[1].at).toBeGreaterThanOrEqual(told)
    expect(run.stdout).toMatch(
      /rate limited \(429\) \(X-RateLimit-Reset: "\d+"\); waiting \d+\.\d s by X-RateLimit-Reset/
    )
  })

  it('fails at once, saying when the limit resets, when that is past the budget', async () => {
    const server = await standIn({
      script: [{ status: 429, headers: { 'X-RateLimit-Reset': () => new Date(Date.now() + 600_000).toUTCString() } }]
    })
    const run = await gate(server, { 'timeout-seconds': '60' })
    expect(run.code).toBe(1)
    expect(run.durationMs).toBeLessThan(20_000) // waiting would have run out the 60 s budget
    expect(server.requests).toHaveLength(1)
    expect(named(run, 'error')[0].data).toMatch(
      /resets at \d{4}-\d\d-\d\dT.*after timeout-seconds \(60\.0 s\) runs out/
    )
  })
})

describe('which commit', () => {
  const other = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'
  it.each([
    [
      'merge_group',
      { merge_group: { head_sha: other, head_ref: 'refs/heads/gh-readonly-queue/main/pr-7-abc' } },
      { GITHUB_SHA: other },
      other,
      'gh-readonly-queue/main/pr-7-abc'
    ],
    ['push', {}, { GITHUB_SHA: other, GITHUB_REF: 'refs/heads/main', GITHUB_REF_NAME: 'main' }, other, 'main'],
    [
      'workflow_run',
      { workflow_run: { head_sha: other, head_branch: 'dev' } },
      { GITHUB_SHA: PR_HEAD_SHA, GITHUB_REF_NAME: 'main' },
      other,
      'dev'
    ],
    [
      'pull_request_target',
      pullRequestEvent().payload,
      { GITHUB_SHA: other, GITHUB_REF_NAME: 'main' },
      PR_HEAD_SHA,
      'feature/better-answers'
    ]
  ])('%s sends the right commit and branch', async (name, payload, env, sha, branch) => {
    const server = await standIn()
    const run = await gate(server, {}, { event: { name, payload, env } })
    expect(run.code).toBe(0)
    expect(JSON.parse(server.requests[0].body)).toMatchObject({ commit_sha: sha, branch })
    expect(run.outputs).toMatchObject({ 'commit-sha': sha, branch })
  })

  it('takes commit-sha and branch from inputs over the event', async () => {
    const server = await standIn()
    const run = await gate(server, { 'commit-sha': other.toUpperCase(), branch: 'refs/heads/hotfix' })
    expect(JSON.parse(server.requests[0].body)).toMatchObject({ commit_sha: other, branch: 'hotfix' })
    expect(run.outputs['commit-sha']).toBe(other)
  })
})

describe('bad input sends nothing', () => {
  it.each([
    ['api-key', { 'api-key': '' }, /Input 'api-key': is required but empty/],
    ['api-key', { 'api-key': '<API_KEY>' }, /Input 'api-key': looks like a placeholder/],
    ['api-key', { 'api-key': 'egk live' }, /Input 'api-key': contains whitespace/],
    ['project-id', { 'project-id': '' }, /Input 'project-id': is required/],
    ['base-url', { 'base-url': 'not a url' }, /Input 'base-url': must be an absolute http\(s\) URL/],
    ['timeout-seconds', { 'timeout-seconds': '0' }, /Input 'timeout-seconds': must be a number of seconds from 1/],
    ['timeout-seconds', { 'timeout-seconds': '0.0001' }, /Input 'timeout-seconds': must be a number of seconds from 1/],
    ['fail-on-blocked', { 'fail-on-blocked': 'yes' }, /Input 'fail-on-blocked': must be true or false, got "yes"/],
    ['commit-sha', { 'commit-sha': 'abc123' }, /Input 'commit-sha': must be a full commit SHA/]
  ])('%s: %j', async (_, inputs, message) => {
    const server = await standIn()
    const run = await gate(server, inputs)
    expect(run.code).toBe(1)
    expect(server.requests).toHaveLength(0)
    expect(named(run, 'error')).toHaveLength(1)
    expect(named(run, 'error')[0].data).toMatch(message)
    expect(run.outputs.verdict).toBe('error')
  })

  it('explains fork pull requests when the key is empty there', async () => {
    const server = await standIn()
    const event = pullRequestEvent()
    event.payload.pull_request.head.repo.full_name = 'someone/assistant'
    const run = await gate(server, { 'api-key': '' }, { event })
    expect(run.code).toBe(1)
    expect(server.requests).toHaveLength(0)
    expect(named(run, 'error')[0].data).toMatch(/fork.*does not give secrets/)
  })

  it('fails even with fail-on-error false, since a broken configuration would pass everything', async () => {
    const server = await standIn()
    const run = await gate(server, { 'api-key': '', 'fail-on-error': 'false' })
    expect(run.code).toBe(1)
    expect(server.requests).toHaveLength(0)
  })

  it('warns about plain http to a host that is not loopback', async () => {
    // The proxy variable points at a closed port, so the request fails fast and nothing leaves the machine.
    const run = await gate(
      { baseUrl: 'http://eval.example.test/v1' },
      { 'timeout-seconds': '1' },
      { env: { http_proxy: 'http://127.0.0.1:9' } }
    )
    expect(named(run, 'warning')[0].data).toMatch(/plain http to eval\.example\.test/)
    expect(run.code).toBe(1)
  })
})

describe('hostile server text', () => {
  const hostile = [
    '::error::forged annotation',
    'x\n::add-mask::unmask-me',
    'y\r::stop-commands::tok',
    'z ##[warning]legacy command',
    '<script>alert(1)</script> | `code` **bold** @org/team'
  ]

  it('reaches neither the command parser nor the summary markup', async () => {
    const metrics = hostile.map((name) => ({
      name,
      score: '##[error]s',
      threshold: '::warning::t',
      '::notice::key': '\n::error::v'
    }))
    const run = await gate(await standIn({ script: [{ json: { verdict: 'blocked', blocked_metrics: metrics } }] }))
    expect(run.code).toBe(1)
    const seen = commands(run)
    expect(seen.map((c) => c.name).sort()).toEqual(['add-mask', ...Array(6).fill('error')])
    expect(named(run, 'add-mask')).toEqual([{ name: 'add-mask', data: KEY }])
    expect(outsideCode(run.summary)).not.toMatch(/script|@org|\*\*bold/)
    expect(run.summary).toContain('&lt;script&gt;')
    expectKeyOnlyMasked(run)
  })

  it('keeps a hostile error message out of the command parser too', async () => {
    const run = await gate(await standIn({ script: [{ status: 400, json: { error: hostile.join('\n') } }] }))
    expect(run.code).toBe(1)
    expect(
      commands(run)
        .map((c) => c.name)
        .sort()
    ).toEqual(['add-mask', 'error'])
    expect(outsideCode(run.summary)).not.toMatch(/script|@org/)
  })
})
