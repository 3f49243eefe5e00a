/**
 * What the pull-request comment should do, decided from plain values: whether this run may write at all,
 * which existing comment is ours, and whether to create, update or leave it. No network here.
 */
import type { Outcome } from '../../report/report.js'
import type { CommentMode } from '../../settings/settings.js'

/** The pull-request events: only these have a pull request to tell. */
export const COMMENT_EVENTS = new Set([
  'pull_request',
  'pull_request_target',
  'pull_request_review',
  'pull_request_review_comment'
])

/**
 * The hidden line that marks this action's comment for one project, so two gates on one pull request
 * keep a comment each. The project id is percent-encoded: it may not close the HTML comment early.
 */
export function commentMarker(projectId: string): string {
  return `<!-- eval-gate:comment project=${encodeURIComponent(projectId)} -->`
}

export interface ExistingComment {
  id: number
  body?: string | null
  user?: { login?: string | null } | null
  html_url?: string
}

/**
 * Our comment: it carries the marker **and** was written by the token's own account. Anyone can paste
 * the marker into a comment of their own; such a comment is never taken for ours, so never edited.
 */
export function findOwnComment<T extends ExistingComment>(comments: T[], login: string, marker: string): T | undefined {
  if (login === '') return undefined
  // A comment edited in the browser may come back with CRLF line ends.
  return comments.find((c) => c.user?.login === login && (c.body ?? '').split('\n', 1)[0].replace(/\r$/, '') === marker)
}

export type CommentStep = { write: 'create' | 'update' } | { write: 'none'; why: string }

/**
 * `failures` writes a comment when the outcome is blocked or error and keeps an existing one current on
 * every outcome (so a later pass replaces a stale "blocked"); `always` also writes one on a first pass.
 */
export function planComment(mode: CommentMode, outcome: Outcome, existing: boolean): CommentStep {
  if (existing) return { write: 'update' }
  if (outcome !== 'pass' || mode === 'always') return { write: 'create' }
  return { write: 'none', why: 'the commit passed and there is no earlier comment to bring up to date' }
}
