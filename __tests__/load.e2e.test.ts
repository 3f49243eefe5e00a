// Many jobs, one project limit: a dozen and more copies of the bundled action at once against the
// stand-in's fixed-window limiter, with a limit several times smaller than the number of jobs.
import { afterAll, expect, it } from '@jest/globals'
import { SCENARIOS, startStandIn } from '../__fixtures__/stand-in.mjs'
import { runAction } from '../__fixtures__/run-action.mjs'

const JOBS = 14
const LIMIT = 3
const WINDOW_MS = 1_000
const KEY = 'egk_load_test_key'
let standIn: Awaited<ReturnType<typeof startStandIn>> | undefined
afterAll(async () => standIn?.close())

it(`${JOBS} parallel jobs against a limit of ${LIMIT} per window all get their verdict, politely`, async () => {
  standIn = await startStandIn({
    script: SCENARIOS.pass,
    apiKey: KEY,
    rateLimit: { limit: LIMIT, windowMs: WINDOW_MS }
  })
  const shaOf = (job: number) => job.toString(16).padStart(40, 'c')
  const runs = await Promise.all(
    Array.from({ length: JOBS }, (_, job) =>
      runAction({
        inputs: {
          'api-key': KEY,
          'project-id': 'shared-project',
          'base-url': standIn!.baseUrl,
          'commit-sha': shaOf(job),
          'timeout-seconds': '120'
        }
      })
    )
  )

  for (const run of runs) {
    expect(run.code).toBe(0)
    expect(run.outputs.verdict).toBe('pass')
  }

  const requests = standIn.requests
  let ideal = 0
  const lateness: number[] = []
  for (let job = 0; job < JOBS; job++) {
    const mine = requests.filter((r) => (JSON.parse(r.body) as { commit_sha: string }).commit_sha === shaOf(job))
    expect(mine.at(-1)?.status).toBe(200)
    for (let i = 1; i < mine.length; i++) {
      const told = mine[i - 1].resetAt
      expect(told).toBeDefined()
      // No retry arrives before the reset it was told.
      expect(mine[i].at).toBeGreaterThanOrEqual(told!)
      lateness.push(mine[i].at - told!)
    }
    // The least a job can do: one successful request plus one per window it had to wait through.
    ideal += 1 + Math.floor(mine.at(-1)!.at / WINDOW_MS) - Math.floor(mine[0].at / WINDOW_MS)
  }

  const ratio = requests.length / ideal
  const slowest = Math.max(...runs.map((r) => r.durationMs))
  const spread = lateness.length ? Math.max(...lateness) - Math.min(...lateness) : 0
  console.log(
    [
      `load: ${JOBS} jobs, limit ${LIMIT} per ${WINDOW_MS} ms window`,
      `total requests ${requests.length} (${(requests.length / JOBS).toFixed(2)} per check; ideal ${ideal}, ratio ${ratio.toFixed(2)})`,
      `429s ${requests.filter((r) => r.status === 429).length}, retries spread over ${spread} ms after their reset`,
      `slowest job ${slowest} ms`
    ].join('\n')
  )
  expect(requests.length).toBeLessThanOrEqual(Math.ceil(ideal * 1.5))
  // Jitter spreads the retries that were told the same reset.
  if (lateness.length >= 5) expect(spread).toBeGreaterThan(200)
})
