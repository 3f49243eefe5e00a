/**
 * The pull-request comment: one per pull request and project, found by its marker and by being the
 * token's own, edited in place (an edit notifies nobody) and created only when there is none.
 *
 * It never changes the step's outcome: every way GitHub can fail ends in at most one warning, and all of
 * GitHub's calls together share one time limit, so a hung GitHub cannot hold the step. `@actions/github`
 * is loaded here, on first use, so that runs that never comment do not pay for it.
 */
import { repositoryUrl } from '../../report/links.js'
import type { Report } from '../../report/report.js'
import { commentPlace, renderMarkdown } from '../markdown.js'
import { quoted } from '../../untrusted/visible.js'
import type { CommentMode } from '../../settings/settings.js'
import { COMMENT_EVENTS, commentMarker, findOwnComment, planComment } from './comment-plan.js'

/** All of GitHub's calls together; past this the comment is left as it was. */
export const GITHUB_BUDGET_MS = 30_000
/** Pages of 100 comments read at most while looking for ours: 10,000 comments, and never a loop. */
export const MAX_COMMENT_PAGES = 100

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
  /** Removes the API key and the token from GitHub's own words before they are cut and quoted. */
  redact: (text: string) => string
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
    // The race ends the wait when the signal fires even if some call did not take the signal: a hung or
    // looping GitHub cannot hold the step. (index.ts ends the process once run() has decided.)
    return await Promise.race([
      write(report, context, { owner: repository[1], repo: repository[2], number, signal }),
      aborted(signal)
    ])
  } catch (cause) {
    if (context.signal.aborted) context.say('The run was cancelled; the pull-request comment was left as it was.')
    else context.warn(explain(cause, budget.signal.aborted, context.budgetMs ?? GITHUB_BUDGET_MS, context.redact))
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
  // Every request carries the signal, the pages of a paginated list included (paginate does not pass
  // per-call request options on to the pages after the first).
  octokit.hook.before('request', (options) => {
    options.request = { ...options.request, signal }
  })

  // A newer push may have started a newer run: its result, not this one, belongs on the pull request.
  const { data: pull } = await octokit.rest.pulls.get({ owner, repo, pull_number: number, request })
  const head = typeof pull?.head?.sha === 'string' ? pull.head.sha : ''
  if (pull?.state !== 'open' || head !== report.target!.commitSha) {
    const state = typeof pull?.state === 'string' && /^\w{1,20}$/.test(pull.state) ? pull.state : 'not open'
    const now = pull?.state !== 'open' ? `is ${state}` : `now has head ${head.slice(0, 7)}`
    context.say(`No pull-request comment: pull request #${number} ${now}; the comment is left to the newer run.`)
    return ''
  }
  const viewer = await octokit.graphql<{ viewer?: { login?: unknown } }>('query { viewer { login } }', { request })
  const login = viewer?.viewer?.login
  if (typeof login !== 'string' || login === '') {
    throw new Error('GitHub did not say which account the token writes as, so its comment cannot be told apart')
  }
  const marker = commentMarker(report.projectId!)
  // Only comments that could be ours are kept, and the reading stops at ours or at the page limit.
  let pages = 0
  const own = (
    await octokit.paginate(
      octokit.rest.issues.listComments,
      { owner, repo, issue_number: number, per_page: 100, request },
      (response, done) => {
        if (!Array.isArray(response.data)) throw new Error('GitHub listed the comments in a form it does not use')
        const found = findOwnComment(response.data, login, marker)
        if (found || ++pages >= MAX_COMMENT_PAGES) done()
        if (!found && pages >= MAX_COMMENT_PAGES) {
          throw new Error(
            `the pull request has more than ${MAX_COMMENT_PAGES} pages of comments; ours was not among them`
          )
        }
        return found ? [found] : []
      }
    )
  )[0]
  const step = planComment(context.mode, report.outcome, own !== undefined)
  if (step.write === 'none') {
    context.say(`No pull-request comment: ${step.why}.`)
    return ''
  }
  const body = renderMarkdown(report, commentPlace([marker], footer(report, context.env)))
  if (own) {
    const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: own.id, body, request })
    return said(context, 'Updated', data.html_url)
  }
  const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: number, body, request })
  return said(context, 'Wrote', data.html_url)
}

/** Logs the comment's address and returns it for the output, when it is one. */
function said(context: CommentContext, done: string, url: unknown): string {
  const address = typeof url === 'string' && /^https?:\/\/\S+$/.test(url) ? url : ''
  context.say(`${done} the pull-request comment${address ? `: ${address}` : '.'}`)
  return address
}

/** A promise that rejects when the signal aborts. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const stop = (): void => reject(new Error('stopped'))
    if (signal.aborted) stop()
    else signal.addEventListener('abort', stop, { once: true })
  })
}

function pullRequestNumber(payload: Record<string, unknown>): number | undefined {
  const pull = payload.pull_request as Record<string, unknown> | undefined
  const number = pull?.number ?? payload.number
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined
}

/** A last line pointing back at the run that wrote the comment, for the rest of the list. */
function footer(report: Report, env: NodeJS.ProcessEnv): string[] {
  const repository = repositoryUrl(env)
  const runId = env.GITHUB_RUN_ID ?? ''
  const run =
    repository && /^\d+$/.test(runId)
      ? `[the run's job summary](${repository}/actions/runs/${runId})`
      : "the run's job summary"
  const commit = report.target ? ` for commit \`${report.target.commitSha.slice(0, 7)}\`` : ''
  return [`<sub>Written by eval-gate${commit}; ${run} and its \`report-file\` output have the details.</sub>`]
}

/** One warning that says what happened and what to change; GitHub's own words are quoted, never obeyed. */
function explain(cause: unknown, timedOut: boolean, budgetMs: number, redact: (text: string) => string): string {
  const after = ' The gate\u2019s result is unchanged.'
  if (timedOut)
    return `GitHub did not answer within ${budgetMs / 1000} s; the pull-request comment was left as it was.${after}`
  const status = (cause as { status?: unknown }).status
  const message = redact(cause instanceof Error ? cause.message : String(cause))
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
