// The entry the runner starts (through dist/index.js). All the work is in main.ts.
import { run } from './main.js'

void run()
