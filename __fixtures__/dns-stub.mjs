// Loaded with `node --import` by the tests that need a host name that does not resolve. Names under
// `.test` (reserved for testing) get the resolver's ENOTFOUND at once, so no query leaves the machine;
// every other name resolves as usual. Each lookup of such a name is counted on stderr.
import dns from 'node:dns'
import { syncBuiltinESMExports } from 'node:module'

const lookup = dns.lookup
dns.lookup = function (hostname, options, callback) {
  const done = typeof options === 'function' ? options : callback
  if (typeof hostname === 'string' && hostname.endsWith('.test')) {
    process.stderr.write(`dns-stub: lookup ${hostname}\n`)
    const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
      code: 'ENOTFOUND',
      hostname
    })
    return process.nextTick(done, error)
  }
  return lookup.call(this, hostname, options, callback)
}
syncBuiltinESMExports()
