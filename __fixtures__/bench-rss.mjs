// Loaded with `node --import` in the benchmark's memory runs: reports the process's peak resident set.
import { writeFileSync } from 'node:fs'

process.on('exit', () => writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)))
