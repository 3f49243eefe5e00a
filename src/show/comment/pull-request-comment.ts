/**
 * The pull-request comment: one per pull request and project, found by its marker and by being the
 * token's own, edited in place (an edit notifies nobody) and created only when there is none.
 *
 * It never changes the step's outcome: every way GitHub can fail ends in at most one warning, and all of
 * GitHub's calls together share one time limit, so a hung GitHub cannot hold the step. `@actions/github`
 * is loaded here, on first use, so that runs that never comment do not pay for it.
 */
import type { Report } from '../../report/report.js'
import { commentPlace, renderMarkdown } from '../markdown.js'
import { quoted } from '../log-text.js'
import type { CommentMode } from '../../settings/settings.js'
import { COMMENT_EVENTS, commentMarker, findOwnComment, planComment } from './comment-plan.js'

/** All of GitHub's calls together; past this the comment is left as it was. */
export const GITHUB_BUDGET_MS = 30_000

export interface CommentContext {
  mode: CommentMode
  token: string
  eventName: string
  payload: Record<string, unknown>
  env: NodeJS.ProcessEnv
  /** The runner's cancel. */
  signal: AbortSignal
  /** A log line (made safe by the caller), and the one warning a refused write gives. */
  say: (message: string) => void
  warn: (message: string) => void
  budgetMs?: number
}

/** Writes or updates the comment when this run should; returns its URL, or '' when there is none. */
export async function commentOnPullRequest(report: Report, context: CommentContext): Promise<string> {
  const { mode, say } = context
  if (mode === 'off') return ''
  if (!COMMENT_EVENTS.has(context.eventName)) {
    say(`No pull-request comment: the '${context.eventName}' event has no pull request to tell.`)
    return ''
  }
  const number = pullRequestNumber(context.payload)
  const repository = /^([\w.-]+)\/([\w.-]+)$/.exec(context.env.GITHUB_REPOSITORY ?? '')
  if (!report.target || report.projectId === undefined || number === undefined || !repository) {
    say('No pull-request comment: the pull request, the repository or the commit is not known.')
    return ''
  }
  if (context.token === '') {
    say('No pull-request comment: github-token is empty.')
    return ''
  }

  const budget = new AbortController()
  const timer = setTimeout(() => budget.abort(), context.budgetMs ?? GITHUB_BUDGET_MS)
  const signal = AbortSignal.any([budget.signal, context.signal])
  try {
    return await write(report, context, { owner: repository[1], repo: repository[2], number, signal })
  } catch (cause) {
    if (context.signal.aborted) context.say('The run was cancelled; the pull-request comment was left as it was.')
    else context.warn(explain(cause, budget.signal.aborted, context.budgetMs ?? GITHUB_BUDGET_MS))
    return ''
  } finally {
    clearTimeout(timer)
  }
}

interface Where {
  owner: string
  repo: string
  number: number
  signal: AbortSignal
}

async function write(report: Report, context: CommentContext, where: Where): Promise<string> {
  const { owner, repo, number, signal } = where
  const request = { signal }
  const { getOctokit } = await import('@actions/github')
  const baseUrl = (context.env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, '')
  const octokit = getOctokit(context.token, { baseUrl })

  // A newer push may have started a newer run: its result, not this one, belongs on the pull request.
  const { data: pull } = await octokit.rest.pulls.get({ owner, repo, pull_number: number, request })
  if (pull.state !== 'open' || pull.head.sha !== report.target!.commitSha) {
    const now = pull.state !== 'open' ? `is ${pull.state}` : `now has head ${pull.head.sha.slice(0, 7)}`
    context.say(`No pull-request comment: pull request #${number} ${now}; the comment is left to the newer run.`)
    return ''
  }
  const viewer = await octokit.graphql<{ viewer: { login: string } }>('query { viewer { login } }', { request })
  const marker = commentMarker(report.projectId!)
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    owner,
    repo,
    issue_number: number,
    per_page: 100,
    request
  })
  const own = findOwnComment(comments, viewer.viewer.login, marker)
  const step = planComment(context.mode, report.outcome, own !== undefined)
  if (step.write === 'none') {
    context.say(`No pull-request comment: ${step.why}.`)
    return ''
  }
  const body = renderMarkdown(report, commentPlace([marker], footer(report, context.env)))
  if (own) {
    const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: own.id, body, request })
    context.say(`Updated the pull-request comment: ${data.html_url}`)
    return data.html_url
  }
  const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: number, body, request })
  context.say(`Wrote the pull-request comment: ${data.html_url}`)
  return data.html_url
}

function pullRequestNumber(payload: Record<string, unknown>): number | undefined {
  const pull = payload.pull_request as Record<string, unknown> | undefined
  const number = pull?.number ?? payload.number
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined
}

/** A last line pointing back at the run that wrote the comment, for the rest of the list. */
function footer(report: Report, env: NodeJS.ProcessEnv): string[] {
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '')
  const runId = env.GITHUB_RUN_ID ?? ''
  const run =
    /^\d+$/.test(runId) &&
    /^https?:\/\/[^\s()<>"']+$/.test(server) &&
    /^[\w.-]+\/[\w.-]+$/.test(env.GITHUB_REPOSITORY ?? '')
      ? `[the run's job summary](${server}/${env.GITHUB_REPOSITORY}/actions/runs/${runId})`
      : "the run's job summary"
  const commit = report.target ? ` for commit \`${report.target.commitSha.slice(0, 7)}\`` : ''
  return [`<sub>Written by eval-gate${commit}; ${run} and its \`report-file\` output have the details.</sub>`]
}

/** One warning that says what happened and what to change; GitHub's own words are quoted, never obeyed. */
function explain(cause: unknown, timedOut: boolean, budgetMs: number): string {
  const after = ' The gate\u2019s result is unchanged.'
  if (timedOut)
    return `GitHub did not answer within ${budgetMs / 1000} s; the pull-request comment was left as it was.${after}`
  const status = (cause as { status?: unknown }).status
  const message = cause instanceof Error ? cause.message : String(cause)
  if (status === 403 || status === 404) {
    return (
      `Could not write the pull-request comment: GitHub answered ${status} (${quoted(message, 200)}). ` +
      'Give the job `permissions: pull-requests: write` (pull requests from forks only ever get a read-only token), ' +
      `or set \`pr-comment: off\`.${after}`
    )
  }
  if (status === 401) return `Could not write the pull-request comment: github-token was refused (401).${after}`
  return `Could not write the pull-request comment: ${quoted(message, 300)}.${after}`
}
