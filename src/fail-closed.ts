// Imported first by index.ts, so that it runs before any other module: until run() decides, the step
// fails. A process that ends for any reason before a decision exits 1, never 0.
process.exitCode = 1
