// Preloaded with `node --import` by a test: sends this process SIGINT while the bundle is still loading,
// at its first require() of a built-in module (the toolkit's, after the bundle's first module has run and
// long before run() begins), as a runner's cancel can. A process with no listener for SIGINT then ends on
// the spot, with no verdict and no summary.
import Module from 'node:module'

const load = Module._load
Module._load = function (...args) {
  Module._load = load
  process.kill(process.pid, 'SIGINT')
  return load.apply(this, args)
}
