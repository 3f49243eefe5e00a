/**
 * All of the action's inputs, read and checked in one place. Nothing here talks to the network or to
 * the runner: `readSettings` takes a function that returns an input's raw text, so it can be tested
 * with plain values.
 */

import { FULL_SHA } from '../commit/resolve-target.js'

/** What the rest of the action needs, already validated. */
export interface Settings {
  /** The project API key. Only ever sent as `Authorization: Bearer <key>`. */
  apiKey: string
  /** Sent as `project_id`. */
  projectId: string
  /** The base address with any trailing slash removed; ends with the service's version prefix. */
  baseUrl: string
  /** Overrides of what the event names; `undefined` when the input is empty. */
  commitSha?: string
  branch?: string
  /** `false`: a blocked verdict only warns. */
  failOnBlocked: boolean
  /** `false`: when no verdict can be had the step only warns. */
  failOnError: boolean
  /** The budget for the whole check, rate-limit waits included. */
  timeoutMs: number
  /** When to write the pull-request comment: on blocked and error (and to update one), always, or never. */
  prComment: CommentMode
  /** The token for the comment (`github-token`); '' when there is none. */
  githubToken: string
  /** Things worth saying that do not stop the action (for example plain http to a remote host). */
  warnings: string[]
}

export type CommentMode = 'failures' | 'always' | 'off'
const COMMENT_MODES: readonly CommentMode[] = ['failures', 'always', 'off']

/** A problem with one input. The message names the input and never contains the API key. */
export class InputError extends Error {
  constructor(
    readonly input: string,
    message: string
  ) {
    super(`Input '${input}': ${message}`)
    this.name = 'InputError'
  }
}

/** Reads an input's text as the runner passes it (`core.getInput` in the action). */
export type InputReader = (name: string) => string

export interface SettingsContext {
  /** True on a pull request whose head is in another repository: secrets are not given to those runs. */
  isForkPullRequest: boolean
}

/** Jobs on hosted runners stop after 6 hours, so a longer budget is always a mistake. */
const MAX_TIMEOUT_SECONDS = 6 * 60 * 60
const MIN_TIMEOUT_SECONDS = 1

export function readSettings(read: InputReader, context: SettingsContext): Settings {
  const warnings: string[] = []
  const apiKey = readApiKey(read, context)
  const projectId = readRequired(read, 'project-id')
  if (/[\s\u0000-\u001f\u007f]/.test(projectId)) {
    throw new InputError('project-id', `must not contain whitespace or control characters (got ${quote(projectId)}).`)
  }
  const baseUrl = readBaseUrl(read, warnings)

  const commitSha = optional(read('commit-sha'))?.toLowerCase()
  if (commitSha !== undefined && !FULL_SHA.test(commitSha)) {
    throw new InputError(
      'commit-sha',
      `must be a full commit SHA (40 or 64 hexadecimal characters), got ${quote(commitSha)}. ` +
        'A short SHA could name more than one commit.'
    )
  }
  const branch = readBranch(read)

  return {
    apiKey,
    projectId,
    baseUrl,
    commitSha,
    branch,
    failOnBlocked: readBoolean(read, 'fail-on-blocked', true),
    failOnError: readBoolean(read, 'fail-on-error', true),
    timeoutMs: readTimeout(read),
    prComment: readCommentMode(read),
    githubToken: read('github-token').trim(),
    warnings
  }
}

function readApiKey(read: InputReader, context: SettingsContext): string {
  const apiKey = read('api-key').trim()
  if (apiKey === '') {
    if (context.isForkPullRequest) {
      throw new InputError(
        'api-key',
        'is empty. This run is for a pull request from a fork, and GitHub does not give secrets to ' +
          'workflows run for fork pull requests, so the key cannot reach this step. ' +
          'See "Fork pull requests" in the README for the ways to gate them.'
      )
    }
    throw new InputError(
      'api-key',
      'is required but empty. Pass the project API key from a secret: api-key: ${{ secrets.EVAL_GATE_API_KEY }}.'
    )
  }
  // The key itself is never quoted in these messages: it is a secret even when it is wrong.
  if (/\s/.test(apiKey)) {
    throw new InputError(
      'api-key',
      'contains whitespace; a key is a single token. Check the secret for a pasted line break or space.'
    )
  }
  if (!/^[\x21-\x7e]+$/.test(apiKey)) {
    throw new InputError('api-key', 'contains characters that cannot be sent in an HTTP header; a key is plain ASCII.')
  }
  if (/[<>]/.test(apiKey) || /^(?:\$\{\{.*\}\}|(?:YOUR_)?API_KEY|xxx+|changeme|\*+)$/i.test(apiKey)) {
    throw new InputError(
      'api-key',
      'looks like a placeholder, not a key. Store the real project API key in a secret and pass that.'
    )
  }
  return apiKey
}

function readRequired(read: InputReader, name: string): string {
  const value = read(name).trim()
  if (value === '') throw new InputError(name, 'is required but empty.')
  return value
}

function readBaseUrl(read: InputReader, warnings: string[]): string {
  const raw = readRequired(read, 'base-url')
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new InputError(
      'base-url',
      `must be an absolute http(s) URL such as https://eval.example.com/v1, got ${quote(raw)}.`
    )
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InputError('base-url', `must use http or https, got ${quote(url.protocol)} in ${quote(raw)}.`)
  }
  if (url.username !== '' || url.password !== '') {
    throw new InputError('base-url', 'must not contain credentials; the API key goes in the api-key input.')
  }
  if (url.search !== '' || url.hash !== '') {
    throw new InputError('base-url', `must not have a query or fragment, got ${quote(raw)}.`)
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    warnings.push(
      `base-url uses plain http to ${url.host}: the API key and the verdict cross the network unencrypted. Use https.`
    )
  }
  return url.href.replace(/\/+$/, '')
}

function readBranch(read: InputReader): string | undefined {
  const given = optional(read('branch'))
  const branch = given?.replace(/^refs\/heads\//, '')
  if (given !== undefined && branch === '') throw new InputError('branch', `names no branch (got ${quote(given)}).`)
  if (branch !== undefined && /[\u0000-\u001f\u007f]/.test(branch)) {
    throw new InputError('branch', `must not contain control characters (got ${quote(branch)}).`)
  }
  return branch === '' ? undefined : branch
}

function readBoolean(read: InputReader, name: string, fallback: boolean): boolean {
  const value = read(name).trim()
  if (value === '') return fallback
  if (/^true$/i.test(value)) return true
  if (/^false$/i.test(value)) return false
  throw new InputError(name, `must be true or false, got ${quote(value)}.`)
}

function readTimeout(read: InputReader): number {
  const raw = read('timeout-seconds').trim()
  if (raw === '') return 300_000
  const seconds = /^\d+(?:\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN
  // Under a second no request can finish: such a budget only ever ends in "no verdict".
  if (!(seconds >= MIN_TIMEOUT_SECONDS) || seconds > MAX_TIMEOUT_SECONDS) {
    throw new InputError(
      'timeout-seconds',
      `must be a number of seconds from ${MIN_TIMEOUT_SECONDS} to ${MAX_TIMEOUT_SECONDS}, got ${quote(raw)}.`
    )
  }
  return Math.round(seconds * 1000)
}

function readCommentMode(read: InputReader): CommentMode {
  const value = read('pr-comment').trim().toLowerCase()
  if (value === '') return 'failures'
  const mode = COMMENT_MODES.find((m) => m === value)
  if (mode === undefined) {
    throw new InputError('pr-comment', `must be one of ${COMMENT_MODES.join(', ')}, got ${quote(value)}.`)
  }
  return mode
}

function optional(value: string): string | undefined {
  const trimmed = value.trim()
  return trimmed === '' ? undefined : trimmed
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host)
}

/** Quotes a value for an error message, cut short so a huge input cannot flood the log. */
function quote(value: string): string {
  const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value
  return JSON.stringify(shown)
}
