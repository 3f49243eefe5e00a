// What a run loads at start-up. Code a run never calls stays off that path: undici (which came in
// through @actions/core's OIDC helper and @actions/http-client's top-level import, patched in patches/),
// the proxy machinery and TLS (only for a proxy or an https URL), and octokit (only to comment). These
// fail if any of it comes back.
import { afterAll, describe, expect, it } from '@jest/globals'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startStandIn } from '../__fixtures__/stand-in.mjs'
import { startConnectProxy } from '../__fixtures__/connect-proxy.mjs'
import { startGitHubStandIn, WRITE_TOKEN } from '../__fixtures__/github-stand-in.mjs'
import { ACTION_DIR, actionNode, PR_HEAD_SHA, runAction } from '../__fixtures__/run-action.mjs'

const KEY = 'egk_startup_key'
const dist = join(ACTION_DIR, 'dist')
const bundle = join(dist, 'index.js')
const dir = mkdtempSync(join(tmpdir(), 'eval-gate-startup-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Runs the bundle with every module it resolves recorded (module.registerHooks: Node 22.15 and later). */
async function loadsOf(
  script: NonNullable<Parameters<typeof startStandIn>[0]>['script'],
  inputs: Record<string, string> = {},
  env: Record<string, string> = {}
) {
  const server = await startStandIn({ script, apiKey: KEY })
  const file = join(dir, `loads-${Math.random().toString(36).slice(2)}`)
  const run = await runAction({
    inputs: { 'api-key': KEY, 'project-id': 'startup', 'base-url': server.baseUrl, ...inputs },
    nodeArgs: ['--import', pathToFileURL(join(ACTION_DIR, '__fixtures__', 'trace-loads.mjs')).href],
    env: { TRACE_LOADS_FILE: file, ...env }
  })
  await server.close()
  const loaded = existsSync(file) ? [...new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean))] : []
  return {
    run,
    files: loaded.filter((url) => url.startsWith('file:')),
    builtins: loaded.filter((url) => url.startsWith('node:')),
    internal: loaded.filter((url) => url.startsWith('internal:')).map((url) => url.slice('internal:'.length))
  }
}

describe('the bundle', () => {
  const text = readFileSync(bundle, 'utf8')

  it('holds no undici in the file every run loads (its error codes are UND_ERR_*)', () => {
    expect(text).not.toMatch(/UND_ERR_/)
    expect(
      readdirSync(dist).some((f) => f !== 'index.js' && /UND_ERR_/.test(readFileSync(join(dist, f), 'utf8')))
    ).toBe(true)
  })

  it('holds no octokit in the file every run loads', () => {
    expect(text).not.toContain('octokit-core.js')
  })

  it('stays small: undici alone was 906 KiB of it', () => {
    expect(statSync(bundle).size).toBeLessThan(300 * 1024)
  })
})

describe('what a run loads', () => {
  it('a pass: dist/index.js alone, and only the built-ins @actions/core and an http POST need', async () => {
    const node = await actionNode()
    if (Number(/^v(\d+)/.exec(node.version)![1]) < 23) return // no module.registerHooks to trace with
    const { run, files, builtins, internal } = await loadsOf([{ json: { verdict: 'pass' } }])
    expect(run.code).toBe(0)
    expect(files).toEqual([pathToFileURL(bundle).href])
    expect(builtins.sort()).toEqual(
      ['node:fs', 'node:http', 'node:module', 'node:os', 'node:path', 'node:string_decoder'].sort()
    )
    // Loaded by core's platform helper (through @actions/exec and @actions/io), its summary writer, which
    // a run never calls, and its output delimiter (crypto, for one UUID); patched in patches/. TLS, and
    // crypto with it, comes only with https.
    for (const unused of ['child_process', 'assert', 'internal/fs/promises', 'readline', 'tls', 'https', 'crypto']) {
      expect(internal).not.toContain(unused)
    }
    expect(internal).toContain('http') // the list is read: an empty one would pass the checks above
  })

  it('a commenting run loads octokit, and a run behind a proxy loads http-client, each only then', async () => {
    const node = await actionNode()
    if (Number(/^v(\d+)/.exec(node.version)![1]) < 23) return
    const gh = await startGitHubStandIn({
      pulls: [{ number: 42, state: 'open', head: { sha: PR_HEAD_SHA, ref: 'feature/better-answers' } }]
    })
    const commenting = await loadsOf(
      [{ json: { verdict: 'blocked', blocked_metrics: ['x'] } }],
      { 'github-token': WRITE_TOKEN },
      { GITHUB_API_URL: gh.apiUrl }
    )
    await gh.close()
    expect(commenting.run.outputs['comment-url']).toMatch(/^http/)
    expect(commenting.files.length).toBeGreaterThan(1)

    // Through a CONNECT proxy that alone knows the service's host name.
    const server = await startStandIn({ script: [{ json: { verdict: 'pass' } }], apiKey: KEY })
    const proxy = await startConnectProxy({ 'eval-service.corp.test:8080': Number(new URL(server.baseUrl).port) })
    const file = join(dir, 'loads-proxied')
    const proxied = await runAction({
      inputs: { 'api-key': KEY, 'project-id': 'startup', 'base-url': 'http://eval-service.corp.test:8080/v1' },
      nodeArgs: ['--import', pathToFileURL(join(ACTION_DIR, '__fixtures__', 'trace-loads.mjs')).href],
      env: { TRACE_LOADS_FILE: file, http_proxy: proxy.url }
    })
    await Promise.all([server.close(), proxy.close()])
    expect(proxied.code).toBe(0)
    expect(proxy.tunnels).toEqual(['eval-service.corp.test:8080'])
    const files = readFileSync(file, 'utf8')
      .split('\n')
      .filter((url) => url.startsWith('file:'))
    expect(new Set(files).size).toBeGreaterThan(1)
  })
})
