// npm run demo [-- blocked | pass | rate-limited | error]
//
// Starts the stand-in of the service on loopback, runs the bundled action against it exactly as the
// runner would for a pull request, and prints the step's log, its outputs and its job summary (rendered
// for the terminal). The summary's Markdown is left in .demo/summary.md. Nothing leaves this machine.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ACTION_DIR, actionNode, runAction } from './run-action.mjs'
import { SCENARIOS, startStandIn } from './stand-in.mjs'

const CHOICES = {
  blocked: { script: SCENARIOS.blocked, inputs: {} },
  pass: { script: SCENARIOS.pass, inputs: {} },
  'rate-limited': { script: SCENARIOS['rate-limited'], inputs: {} },
  // A short budget so the retries give up in seconds rather than the default five minutes.
  error: { script: SCENARIOS.error, inputs: { 'timeout-seconds': '5' } }
}

const name = process.argv[2] ?? 'blocked'
const choice = CHOICES[name]
if (!choice) {
  console.error(`Unknown demo '${name}'. Try one of: ${Object.keys(CHOICES).join(', ')}.`)
  process.exit(2)
}

const tty = process.stdout.isTTY
const bold = (s) => (tty ? `\x1b[1m${s}\x1b[0m` : s)
const dim = (s) => (tty ? `\x1b[2m${s}\x1b[0m` : s)
const rule = (title) => console.log(`\n${bold(`── ${title} `.padEnd(72, '─'))}`)

const node = await actionNode()
const apiKey = 'egk_demo_not_a_real_key'
const standIn = await startStandIn({ script: choice.script, apiKey })
console.log(
  `Stand-in service at ${standIn.baseUrl} answering '${name}'; running dist/index.js under Node ${node.version} (${node.path}).`
)
const run = await runAction({
  inputs: { 'api-key': apiKey, 'project-id': 'demo-project', 'base-url': standIn.baseUrl, ...choice.inputs }
})
await standIn.close()

rule('Step log (stdout and stderr, as the runner reads them)')
process.stdout.write((run.stdout + run.stderr).replace(/^/gm, '  '))
rule('Outputs')
for (const [key, value] of Object.entries(run.outputs)) console.log(`  ${key.padEnd(16)} ${value}`)
rule('Job summary')
console.log(renderForTerminal(run.summary))
rule('Result')
console.log(
  `  exit code ${run.code} (${run.code === 0 ? 'the step passes' : 'the step fails'}), ${standIn.requests.length} request(s), ${run.durationMs} ms`
)

const dir = join(ACTION_DIR, '.demo')
mkdirSync(dir, { recursive: true })
writeFileSync(join(dir, 'summary.md'), run.summary)
console.log(dim(`  The summary's Markdown is in ${join(dir, 'summary.md')}.`))

/** A plain reading of the summary's Markdown: entities decoded, tables aligned, links shown as text. */
function renderForTerminal(markdown) {
  const decode = (s) =>
    s
      .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
  const inline = (s) =>
    decode(s.replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1').replace(/\*\*([^*]+)\*\*/g, (_, t) => bold(t)))
  const lines = markdown.split('\n')
  const out = []
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith('|')) {
      const line = lines[i].replace(/^#+ /, '').replace(/^> ?(\[!WARNING\])?/, '')
      out.push(`  ${/^#/.test(lines[i]) ? bold(inline(line)) : inline(line)}`)
      continue
    }
    const rows = []
    while (i < lines.length && lines[i].startsWith('|')) {
      if (!/^\|[\s|-]+\|$/.test(lines[i]))
        rows.push(
          lines[i]
            .slice(1, -1)
            .split('|')
            .map((c) => inline(c.trim()))
        )
      i++
    }
    i--
    const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)))
    rows.forEach((r, n) => {
      out.push(`  ${r.map((c, k) => c.padEnd(widths[k])).join('  ')}`)
      if (n === 0) out.push(`  ${widths.map((w) => '─'.repeat(w)).join('  ')}`)
    })
  }
  return out.join('\n')
}
