// Imported first by index.ts, so that it runs before any other module. A cancel that arrives while the
// bundle is still loading (the runner sends SIGINT, then SIGTERM) is held here rather than killing the
// process with no verdict and no summary; run() sees it and reports the cancel. And until run() decides,
// the step fails: a process that ends for any reason before a decision exits 1, never 0.
export const cancelled = new AbortController()
const onSignal = (): void => cancelled.abort()
process.once('SIGINT', onSignal)
process.once('SIGTERM', onSignal)

process.exitCode = 1
