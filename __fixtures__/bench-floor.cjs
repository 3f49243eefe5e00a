// The benchmark's floor: the least a gate step can do. It reads its inputs, sends one POST with
// node:http, parses the answer and writes one output. No validation, no retries, no summary: a bound,
// not a product. CommonJS on purpose: on Node 24 an ESM `import 'node:http'` builds the module's whole
// namespace, which loads Node's internal fetch and costs tens of milliseconds that `require` does not
// (and that the bundle does not pay either: ncc loads built-in modules through createRequire).
'use strict'
const { appendFileSync } = require('node:fs')
const { request } = require('node:http')

const body = JSON.stringify({
  project_id: process.env['INPUT_PROJECT-ID'],
  commit_sha: process.env.GITHUB_SHA,
  branch: process.env.GITHUB_HEAD_REF
})
const req = request(`${process.env['INPUT_BASE-URL']}/gates/evaluate`, {
  method: 'POST',
  headers: { Authorization: `Bearer ${process.env['INPUT_API-KEY']}`, 'Content-Type': 'application/json' }
})
req.on('response', (res) => {
  let text = ''
  res.on('data', (c) => (text += c))
  res.on('end', () => appendFileSync(process.env.GITHUB_OUTPUT, `verdict=${JSON.parse(text).verdict}\n`))
})
req.end(body)
