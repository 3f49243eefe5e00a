// The entry the runner starts (through dist/index.js). All the work is in main.ts.
import './fail-closed.js'
import { run } from './main.js'

// Once run() has decided, nothing may hold the step: a connection left behind by a silent proxy or a
// hung host would keep the process alive until the job's timeout. The timer does not itself keep it alive.
void run().finally(() => setTimeout(() => process.exit(), 1_000).unref())
