// npm run bench: what the gate costs, as ratios measured in one run (never bare times, which depend on
// the machine). Rounds, under Node 24, each of four runs in a shuffled order:
//   floor      the least a step can do (bench-floor.cjs: read inputs, one POST with node:http, parse,
//              one output), answered pass
//   floor 30k  the same floor, answered blocked with 30,000 metrics
//   pass       the bundled action, answered pass
//   30k        the bundled action, answered blocked with 30,000 metrics
// It prints two ratios, each as the median over rounds with its spread (the 10th to 90th percentile):
//   pass / floor                               the whole run against the least a run can be
//   (30k - pass) / (floor 30k - floor)         what a large answer adds, against what it adds to the floor
// and peak memory (also for a body far over the size cap) and the bundle's size. The stand-ins answer from
// a process of their own (bench-servers.mjs).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BENCH_KEY as KEY } from './bench-servers.mjs'
import { ACTION_DIR, actionNode, runAction } from './run-action.mjs'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21)
const TARGET = 1.5
const node = await actionNode()
const serverProcess = spawn(node.path, [fileURLToPath(new URL('./bench-servers.mjs', import.meta.url))], {
  stdio: ['pipe', 'pipe', 'inherit']
})
/** @type {Record<string, string>} */
const baseUrls = await new Promise((resolve, reject) => {
  let text = ''
  serverProcess.stdout.on('data', (chunk) => {
    text += chunk
    if (text.includes('\n')) resolve(JSON.parse(text))
  })
  serverProcess.on('exit', (code) => reject(new Error(`the stand-ins ended (exit ${code}) before listening`)))
})
const floorEntry = join(ACTION_DIR, '__fixtures__', 'bench-floor.cjs')
const RUNS = {
  floor: { server: 'pass', entry: floorEntry, code: 0 },
  'floor 30k': { server: '30k', entry: floorEntry, code: 0 },
  pass: { server: 'pass', entry: undefined, code: 0 },
  '30k': { server: '30k', entry: undefined, code: 1 },
  huge: { server: 'huge', entry: undefined, code: 1 }
}

async function once(kind, nodeArgs = [], env = {}) {
  const { server, entry, code } = RUNS[kind]
  const run = await runAction({
    inputs: { 'api-key': KEY, 'project-id': 'bench', 'base-url': baseUrls[server] },
    entry,
    nodeArgs,
    env
  })
  if (run.code !== code) throw new Error(`${kind}: exit ${run.code}, expected ${code}\n${run.stdout}${run.stderr}`)
  return run.durationMs
}

console.log(`Node: ${node.version} (${node.path}); ${ROUNDS} rounds, each running the four in a shuffled order.`)
const kinds = ['floor', 'floor 30k', 'pass', '30k']
for (const kind of kinds) await once(kind) // warm the file cache
const rounds = []
for (let round = 0; round < ROUNDS; round++) {
  const times = {}
  // Shuffled, so that no kind always follows the same one (a run after a large answer, say).
  const order = [...kinds]
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[order[i], order[j]] = [order[j], order[i]]
  }
  for (const kind of order) times[kind] = await once(kind)
  rounds.push(times)
}

async function peakRss(kind) {
  const dir = mkdtempSync(join(tmpdir(), 'eval-gate-rss-'))
  const file = join(dir, 'rss')
  await once(kind, ['--import', new URL('./bench-rss.mjs', import.meta.url).href], { BENCH_RSS_FILE: file })
  const kib = existsSync(file) ? Number(readFileSync(file, 'utf8')) : NaN
  rmSync(dir, { recursive: true, force: true })
  return kib / 1024
}
const rss = {}
for (const kind of ['floor', 'floor 30k', 'pass', '30k', 'huge']) rss[kind] = await peakRss(kind)
serverProcess.stdin.end()

const quantile = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]
}
const median = (xs) => quantile(xs, 0.5)
const m = Object.fromEntries(kinds.map((k) => [k, median(rounds.map((r) => r[k]))]))
// Each ratio from the medians, and its spread from the same ratio taken round by round.
const passRatio = m.pass / m.floor
const addedRatio = (m['30k'] - m.pass) / (m['floor 30k'] - m.floor)
const perRound = (f) => rounds.map(f).filter(Number.isFinite)
const spread = (xs) => `${quantile(xs, 0.1).toFixed(2)}–${quantile(xs, 0.9).toFixed(2)}`
const passSpread = spread(perRound((r) => r.pass / r.floor))
const addedSpread = spread(perRound((r) => (r['30k'] - r.pass) / (r['floor 30k'] - r.floor)))

const dist = join(ACTION_DIR, 'dist')
const size = (name) => statSync(join(dist, name)).size
const chunks = readdirSync(dist).filter((f) => f.endsWith('.js') && f !== 'index.js')
const row = (name, value, target = '') => console.log(`  ${name.padEnd(52)} ${value.padEnd(22)} ${target}`)
const verdict = (value) => `≤ ${TARGET.toFixed(2)}x ${value <= TARGET ? 'met' : 'MISSED'}`
console.log(`\n  ${'Result'.padEnd(52)} ${'median (p10–p90)'.padEnd(22)} target`)
row('pass run / floor', `${passRatio.toFixed(2)}x (${passSpread})`, verdict(passRatio))
row(
  'what 30,000 metrics add / what they add to the floor',
  `${addedRatio.toFixed(2)}x (${addedSpread})`,
  verdict(addedRatio)
)
row('peak memory: floor / floor 30k', `${rss.floor.toFixed(0)} / ${rss['floor 30k'].toFixed(0)} MiB`)
row('peak memory: pass / 30,000 metrics', `${rss.pass.toFixed(0)} / ${rss['30k'].toFixed(0)} MiB`, 'bounded')
row('peak memory: 64 MiB body (refused at 16 MiB)', `${rss.huge.toFixed(0)} MiB`, 'bounded')
row('bundle dist/index.js (loaded on every run)', `${(size('index.js') / 1024).toFixed(0)} KiB`)
const chunkKiB = chunks.reduce((sum, chunk) => sum + size(chunk), 0) / 1024
row(
  `${chunks.length} chunks (loaded only to comment, for a proxy, or by unused core helpers)`,
  `${chunkKiB.toFixed(0)} KiB`
)
console.log(
  `\n  (medians in ms, for context only: floor ${m.floor}, floor 30k ${m['floor 30k']}, pass ${m.pass}, 30k ${m['30k']})`
)
