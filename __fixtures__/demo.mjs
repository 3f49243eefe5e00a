// npm run demo [-- blocked | pass | rate-limited | error]
//
// Starts the stand-in of the service and a stand-in of GitHub's API on loopback, runs the bundled action
// against them exactly as the runner would for a pull request (under Node 24, installed on first use),
// and prints the step's log, its outputs, its job summary and the pull-request comment it wrote, both
// rendered for the terminal. Their Markdown is left in .demo/summary.md and .demo/comment.md. Nothing
// leaves this machine.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ACTION_DIR, actionNode, runAction } from './run-action.mjs'
import { SCENARIOS, startStandIn } from './stand-in.mjs'
import { startGitHubStandIn, WRITE_TOKEN } from './github-stand-in.mjs'
import { PR_HEAD_SHA } from './run-action.mjs'

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
const github = await startGitHubStandIn({
  pulls: [{ number: 42, state: 'open', head: { sha: PR_HEAD_SHA, ref: 'feature/better-answers' } }]
})
const run = await runAction({
  inputs: {
    'api-key': apiKey,
    'project-id': 'demo-project',
    'base-url': standIn.baseUrl,
    'github-token': WRITE_TOKEN,
    ...choice.inputs
  },
  env: { GITHUB_API_URL: github.apiUrl, GITHUB_RUN_ID: '1' }
})
await Promise.all([standIn.close(), github.close()])
const comment = github.comments[0]?.body ?? ''

rule('Step log (stdout and stderr, as the runner reads them)')
process.stdout.write((run.stdout + run.stderr).replace(/^/gm, '  '))
rule('Outputs')
for (const [key, value] of Object.entries(run.outputs)) console.log(`  ${key.padEnd(16)} ${value}`)
rule('Job summary')
console.log(renderForTerminal(run.summary))
rule('Pull-request comment (pull request #42 on the GitHub stand-in)')
console.log(
  comment
    ? renderForTerminal(comment)
    : dim('  (none: pr-comment is failures and the commit passed with no earlier comment)')
)
rule('Result')
console.log(
  `  exit code ${run.code} (${run.code === 0 ? 'the step passes' : 'the step fails'}), ${standIn.requests.length} request(s), ${run.durationMs} ms`
)

const dir = join(ACTION_DIR, '.demo')
mkdirSync(dir, { recursive: true })
writeFileSync(join(dir, 'summary.md'), run.summary)
writeFileSync(join(dir, 'comment.md'), comment)
console.log(dim(`  The Markdown is in ${join(dir, 'summary.md')} and ${join(dir, 'comment.md')}.`))

/** A plain reading of the Markdown: HTML tables aligned, code and links shown as their text, entities decoded. */
function renderForTerminal(markdown) {
  const decode = (s) =>
    s
      .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
  const inline = (s) =>
    decode(
      s
        .replace(/<br>/g, '; ')
        .replace(/<[^>]+>/g, '')
        .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1')
        .replace(/(`+) ?(.*?) ?\1/g, '$2')
        .replace(/\*\*([^*]+)\*\*/g, (_, t) => bold(t))
    )
  const cells = (row) => [...row.matchAll(/<t[hd]>(.*?)<\/t[hd]>/g)].map((m) => inline(m[1]))
  const lines = markdown.split('\n')
  const out = []
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].startsWith('<!--')) continue
    if (lines[i] !== '<table>') {
      const line = lines[i].replace(/^#+ /, '').replace(/^> ?(\[!WARNING\])?/, '')
      out.push(`  ${/^#/.test(lines[i]) ? bold(inline(line)) : inline(line)}`)
      continue
    }
    const rows = []
    while (++i < lines.length && lines[i] !== '</table>') rows.push(cells(lines[i]))
    const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)))
    rows.forEach((r, n) => {
      out.push(`  ${r.map((c, k) => c.padEnd(widths[k])).join('  ')}`.trimEnd())
      if (n === 0) out.push(`  ${widths.map((w) => '─'.repeat(w)).join('  ')}`)
    })
  }
  return out.join('\n')
}
