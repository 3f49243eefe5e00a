// Imported first by index.ts, so that it runs before any other module. A cancel that arrives while the
// bundle is still loading (the runner sends SIGINT, then SIGTERM) is held here rather than killing the
// process with no verdict and no summary; run() sees it and reports the cancel. And until run() decides,
// the step fails: a process that ends for any reason before a decision exits 1, never 0.
export const cancelled = new AbortController()
// The first signal asks run() to stop and report; a second (the runner's SIGTERM, 7.5 s after SIGINT)
// ends the process at once, failing unless run() had already decided a pass.
const onSignal = (): void => (cancelled.signal.aborted ? process.exit() : cancelled.abort())
process.on('SIGINT', onSignal)
process.on('SIGTERM', onSignal)

process.exitCode = 1
