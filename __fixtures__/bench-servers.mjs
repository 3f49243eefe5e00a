// The benchmark's stand-ins, in a process of their own: the benchmark's own work between runs (reading a
// run's output, collecting its garbage) then cannot delay an answer inside a measured run. Prints one
// line of JSON, { name: baseUrl }, once they listen, and ends when its standard input closes.
import { startStandIn } from './stand-in.mjs'

// As long as a real key (a short one would make the scan for pieces of it in a large answer look cheap).
export const BENCH_KEY = 'egk_live_Q7vN2kLp9XwR4tZ8mB3sD6hJ1cF5gY0a'

/** The answers: a pass, a block with 30,000 metrics, and a 64 MiB body (four times the size cap). */
function scripts() {
  const metrics = Array.from({ length: 30_000 }, (_, i) => ({
    name: `metric_${i}`,
    score: 0.42,
    threshold: 0.5,
    dataset: 'qa'
  }))
  return {
    pass: [{ json: { verdict: 'pass' } }],
    '30k': [{ json: { verdict: 'blocked', blocked_metrics: metrics } }],
    huge: [{ body: `{"verdict":"pass","pad":"${'x'.repeat(64 * 1024 * 1024)}"}` }]
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const baseUrls = {}
  for (const [name, script] of Object.entries(scripts())) {
    baseUrls[name] = (await startStandIn({ script, apiKey: BENCH_KEY })).baseUrl
  }
  process.stdout.write(`${JSON.stringify(baseUrls)}\n`)
  process.stdin.on('end', () => process.exit(0)).resume()
}
