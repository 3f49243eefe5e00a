// npm run bench: what the gate costs, as ratios measured in one run (never bare times, which depend on
// the machine). Alternating runs of:
//   floor   the least a step can do (bench-floor.mjs: read inputs, one POST with node:http, one output)
//   pass    the bundled action, answered pass
//   30k     the bundled action, answered blocked with 30,000 metrics
// It prints the medians' ratios, peak memory (also for a body far over the size cap), and the bundle size.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ACTION_DIR, actionNode, runAction } from './run-action.mjs'
import { startStandIn } from './stand-in.mjs'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15)
const KEY = 'egk_bench_key'
const metrics = Array.from({ length: 30_000 }, (_, i) => ({
  name: `metric_${i}`,
  score: 0.42,
  threshold: 0.5,
  dataset: 'qa'
}))
const servers = {
  pass: await startStandIn({ script: [{ json: { verdict: 'pass' } }], apiKey: KEY }),
  '30k': await startStandIn({ script: [{ json: { verdict: 'blocked', blocked_metrics: metrics } }], apiKey: KEY }),
  huge: await startStandIn({
    script: [{ body: `{"verdict":"pass","pad":"${'x'.repeat(64 * 1024 * 1024)}"}` }],
    apiKey: KEY
  })
}
const floorEntry = join(ACTION_DIR, '__fixtures__', 'bench-floor.mjs')
const inputsFor = (server) => ({ 'api-key': KEY, 'project-id': 'bench', 'base-url': server.baseUrl })

async function once(kind, nodeArgs = [], env = {}) {
  const server = kind === 'floor' ? servers.pass : servers[kind]
  const run = await runAction({
    inputs: inputsFor(server),
    entry: kind === 'floor' ? floorEntry : undefined,
    nodeArgs,
    env
  })
  const expected = { floor: 0, pass: 0, '30k': 1, huge: 1 }[kind]
  if (run.code !== expected)
    throw new Error(`${kind}: exit ${run.code}, expected ${expected}\n${run.stdout}${run.stderr}`)
  return run.durationMs
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const node = await actionNode()
console.log(`Node: ${node.version} (${node.path}); ${ROUNDS} alternating rounds.`)
for (const kind of ['floor', 'pass', '30k']) await once(kind) // warm the file cache
const times = { floor: [], pass: [], '30k': [] }
for (let round = 0; round < ROUNDS; round++) {
  for (const kind of Object.keys(times)) times[kind].push(await once(kind))
}

async function peakRss(kind) {
  const dir = mkdtempSync(join(tmpdir(), 'eval-gate-rss-'))
  const file = join(dir, 'rss')
  await once(kind, ['--import', new URL('./bench-rss.mjs', import.meta.url).href], { BENCH_RSS_FILE: file })
  const kib = existsSync(file) ? Number(readFileSync(file, 'utf8')) : NaN
  rmSync(dir, { recursive: true, force: true })
  return kib / 1024
}
const rss = {
  floor: await peakRss('floor'),
  pass: await peakRss('pass'),
  '30k': await peakRss('30k'),
  huge: await peakRss('huge')
}
for (const server of Object.values(servers)) await server.close()

const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]))
const bundle = statSync(join(ACTION_DIR, 'dist', 'index.js')).size
const row = (name, value, target) => console.log(`  ${name.padEnd(44)} ${value.padEnd(10)} ${target}`)
console.log('\nResult                                         value      target')
const ratio = (value, limit) => [`${value.toFixed(2)}x`, `≤ ${limit.toFixed(2)}x ${value <= limit ? 'met' : 'MISSED'}`]
row('pass run / floor (medians)', ...ratio(m.pass / m.floor, 1.6))
row('30,000-metric blocked run / pass run', ...ratio(m['30k'] / m.pass, 1.5))
row('peak memory: floor', `${rss.floor.toFixed(0)} MiB`, '')
row('peak memory: pass', `${rss.pass.toFixed(0)} MiB`, '')
row('peak memory: 30,000 metrics', `${rss['30k'].toFixed(0)} MiB`, 'bounded')
row('peak memory: 64 MiB body (refused at 16 MiB)', `${rss.huge.toFixed(0)} MiB`, 'bounded')
row('bundle dist/index.js', `${(bundle / 1024).toFixed(0)} KiB`, '')
console.log(`\n  (medians in ms, for context only: floor ${m.floor}, pass ${m.pass}, 30k ${m['30k']})`)
