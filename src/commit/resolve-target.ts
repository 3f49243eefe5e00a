/**
 * Which commit and branch a workflow run is about. On a pull request `GITHUB_SHA` is a merge commit
 * that nobody pushed and the service has never scored, so each event is read from the field that names
 * the commit the author actually pushed. Pure: it takes the event name, its payload and the variables.
 */

export interface EventContext {
  eventName: string
  /** The parsed event payload (`GITHUB_EVENT_PATH`); `{}` when there is none. */
  payload: Record<string, unknown>
  env: Partial<Record<'GITHUB_SHA' | 'GITHUB_REF' | 'GITHUB_REF_NAME' | 'GITHUB_HEAD_REF', string>>
}

export interface GateTarget {
  commitSha: string
  branch: string
  /** Where each value came from, for the log: e.g. `pull_request.head.sha`. */
  shaSource: string
  branchSource: string
}

export interface Overrides {
  commitSha?: string
  branch?: string
}

export class ResolveError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ResolveError'
  }
}

export const PULL_REQUEST_EVENTS = new Set([
  'pull_request',
  'pull_request_target',
  'pull_request_review',
  'pull_request_review_comment'
])

/** A whole SHA-1 or SHA-256 commit id, lower-case: a short one could name more than one commit. */
export const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/

interface Found {
  sha?: unknown
  shaSource: string
  branch?: unknown
  branchSource: string
}

/** Events whose own commit is the run's ref: `GITHUB_SHA` and `GITHUB_REF_NAME` name it. */
const REF_EVENTS = new Set(['push', 'workflow_dispatch', 'schedule', 'release'])

/** Every event the action knows the commit of, for messages and the README. */
export const SUPPORTED_EVENTS = [
  ...PULL_REQUEST_EVENTS,
  'merge_group',
  'workflow_run',
  'check_suite',
  'check_run',
  ...REF_EVENTS
]

/** Returns the commit to gate, preferring the overrides, or throws a ResolveError that says what to set. */
export function resolveTarget(context: EventContext, overrides: Overrides = {}): GateTarget {
  const found = findInEvent(context)
  if (found === undefined && (overrides.commitSha === undefined || overrides.branch === undefined)) {
    // Guessing here would gate whatever GITHUB_SHA is (often the default branch's tip), not the change.
    throw new ResolveError(
      `The '${context.eventName || '(none)'}' event does not say which commit to gate. ` +
        `Set both the commit-sha and branch inputs, or run the gate on one of: ${SUPPORTED_EVENTS.join(', ')}.`
    )
  }
  const sha = overrides.commitSha ?? text(found?.sha)
  const shaSource = overrides.commitSha !== undefined ? 'input commit-sha' : found!.shaSource
  const branch = overrides.branch ?? text(found?.branch)?.replace(/^refs\/heads\//, '')
  const branchSource = overrides.branch !== undefined ? 'input branch' : found!.branchSource

  if (sha === undefined) {
    throw new ResolveError(
      `Could not find the commit to gate for the '${context.eventName}' event (looked at ${found!.shaSource}). ` +
        'Set the commit-sha input.'
    )
  }
  const commitSha = sha.toLowerCase()
  if (!FULL_SHA.test(commitSha)) {
    throw new ResolveError(
      `${shaSource} is not a full commit SHA: ${JSON.stringify(sha.slice(0, 80))}. Set the commit-sha input.`
    )
  }
  if (branch === undefined || branch === '') {
    throw new ResolveError(
      `Could not find the branch for the '${context.eventName}' event (looked at ${found!.branchSource}). Set the branch input.`
    )
  }
  return { commitSha, branch, shaSource, branchSource }
}

function findInEvent({ eventName, payload, env }: EventContext): Found | undefined {
  if (PULL_REQUEST_EVENTS.has(eventName)) {
    // Never fall back to GITHUB_SHA here: it is the merge commit (or, for pull_request_target, the base tip).
    const head = field(payload, 'pull_request', 'head')
    return {
      sha: field(head, 'sha'),
      shaSource: `${eventName} payload pull_request.head.sha`,
      branch: text(field(head, 'ref')) ?? text(env.GITHUB_HEAD_REF),
      branchSource: `${eventName} payload pull_request.head.ref`
    }
  }
  if (eventName === 'merge_group') {
    const group = field(payload, 'merge_group')
    return {
      sha: field(group, 'head_sha') ?? env.GITHUB_SHA,
      shaSource: 'merge_group payload merge_group.head_sha',
      branch: field(group, 'head_ref'),
      branchSource: 'merge_group payload merge_group.head_ref'
    }
  }
  if (eventName === 'workflow_run') {
    const run = field(payload, 'workflow_run')
    return {
      sha: field(run, 'head_sha'),
      shaSource: 'workflow_run payload workflow_run.head_sha',
      branch: field(run, 'head_branch'),
      branchSource: 'workflow_run payload workflow_run.head_branch'
    }
  }
  if (eventName === 'check_suite') {
    const suite = field(payload, 'check_suite')
    return {
      sha: field(suite, 'head_sha'),
      shaSource: 'check_suite payload check_suite.head_sha',
      branch: field(suite, 'head_branch'),
      branchSource: 'check_suite payload check_suite.head_branch'
    }
  }
  if (eventName === 'check_run') {
    const run = field(payload, 'check_run')
    return {
      sha: field(run, 'head_sha'),
      shaSource: 'check_run payload check_run.head_sha',
      branch: field(run, 'check_suite', 'head_branch'),
      branchSource: 'check_run payload check_run.check_suite.head_branch'
    }
  }
  if (REF_EVENTS.has(eventName)) {
    return {
      sha: env.GITHUB_SHA,
      shaSource: `GITHUB_SHA (${eventName} event)`,
      branch: text(env.GITHUB_REF_NAME) ?? text(env.GITHUB_REF)?.replace(/^refs\/(?:heads|tags)\//, ''),
      branchSource: `GITHUB_REF_NAME (${eventName} event)`
    }
  }
  return undefined
}

/** Reads a nested field of untyped JSON, or undefined when any step is missing. */
function field(value: unknown, ...path: string[]): unknown {
  let current = value
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/** True when a pull request's head lives in another repository (or in one that was deleted). */
export function isForkPullRequest(context: Pick<EventContext, 'eventName' | 'payload'>): boolean {
  if (!PULL_REQUEST_EVENTS.has(context.eventName)) return false
  const head = field(context.payload, 'pull_request', 'head', 'repo')
  const base = field(context.payload, 'repository', 'full_name')
  if (head === null) return true
  const headName = field(head, 'full_name')
  return typeof headName === 'string' && typeof base === 'string' && headName !== base
}
