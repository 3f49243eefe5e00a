/**
 * The step: read the inputs, find the commit, ask the service, then report through outputs, the job
 * summary and annotations. `run` is the only place that decides whether the step fails.
 */
import { appendFileSync, readFileSync } from 'node:fs'
import * as core from '@actions/core'
import { isForkPullRequest, ResolveError, resolveTarget, type EventContext, type GateTarget } from './commit.js'
import { evaluateGate, sleep } from './gate-client.js'
import { errorMessage, neutralize } from './log-text.js'
import { InputError, readSettings, type Settings } from './settings.js'
import { renderSummary, type Report } from './summary.js'
import { blockedHeadline, describeMetric, readMetric } from './verdict.js'

/** GitHub shows 10 annotations of each type per step; one error is kept for the step's own failure. */
const ANNOTATION_SLOTS = 9

/** Prints a line that may hold server or event text, made unable to act as a workflow command. */
const say = (message: string): void => core.info(neutralize(message))

export async function run(): Promise<void> {
  // Masked before anything else runs, so no later line (even an error) can show the key.
  const rawKey = core.getInput('api-key')
  if (rawKey !== '') core.setSecret(rawKey)

  // On cancel or timeout-minutes the runner sends SIGINT, then SIGTERM: stop waiting and report.
  const cancel = new AbortController()
  const onSignal = (): void => cancel.abort()
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    await gate(readEvent(), cancel.signal)
  } catch (cause) {
    // A fault of the action itself (an unwritable outputs file, say): the step fails, it never passes.
    core.setFailed(neutralize(`eval-gate could not finish: ${errorMessage(cause)}`))
  } finally {
    process.removeListener('SIGINT', onSignal)
    process.removeListener('SIGTERM', onSignal)
  }
}

async function gate(event: EventContext, signal: AbortSignal): Promise<void> {
  let settings: Settings
  let target: GateTarget
  try {
    settings = readSettings((name) => core.getInput(name), { isForkPullRequest: isForkPullRequest(event) })
    target = resolveTarget(event, settings)
  } catch (cause) {
    if (!(cause instanceof InputError || cause instanceof ResolveError)) throw cause
    // A configuration problem: nothing is sent, and the step fails whatever fail-on-error says,
    // because a misconfigured gate would otherwise pass every commit without anyone noticing.
    const message = cause.message
    finish({
      outcome: 'error',
      eventName: event.eventName,
      items: [],
      warnOnly: false,
      problem: { message, hint: 'Fix the step\u2019s inputs; no request was sent.' }
    })
    return
  }
  for (const warning of settings.warnings) core.warning(warning)
  say(`Gating commit ${target.commitSha} on branch ${target.branch} of project ${settings.projectId}.`)
  say(`  commit from ${target.shaSource}; branch from ${target.branchSource}; event ${event.eventName || '(none)'}.`)

  const result = await evaluateGate(
    { ...settings, ...target },
    { now: Date.now, random: Math.random, sleep, log: say, signal }
  )
  const report: Report = {
    outcome: result.kind === 'error' ? 'error' : result.verdict,
    projectId: settings.projectId,
    eventName: event.eventName,
    target,
    commitUrl: commitUrl(target.commitSha),
    items: result.kind === 'verdict' ? result.items : [],
    problem: result.kind === 'error' ? { message: result.message, hint: result.hint } : undefined,
    warnOnly: result.kind === 'error' ? !settings.failOnError : result.verdict === 'blocked' && !settings.failOnBlocked
  }
  say(`Answer after ${result.requests} request(s): ${report.outcome}.`)
  finish(report)
}

/** Writes the outputs and the summary, annotates, and sets the step's result. */
function finish(report: Report): void {
  core.setOutput('verdict', report.outcome)
  core.setOutput('blocked-metrics', JSON.stringify(report.items))
  core.setOutput('blocked-count', String(report.items.length))
  core.setOutput('commit-sha', report.target?.commitSha ?? '')
  core.setOutput('branch', report.target?.branch ?? '')
  writeSummary(renderSummary(report))

  if (report.outcome === 'pass') {
    say('The evaluation service passed this commit.')
    return
  }
  if (report.outcome === 'blocked') {
    annotateMetrics(report.items, report.warnOnly)
    const headline = blockedHeadline(report.items)
    if (report.warnOnly) core.warning(neutralize(`${headline} The step passes because fail-on-blocked is false.`))
    else core.setFailed(neutralize(headline))
    return
  }
  const problem = report.problem!
  const text = neutralize(`${problem.message} ${problem.hint ?? ''}`.trim())
  if (report.warnOnly)
    core.warning(`No verdict: ${text} The step passes because fail-on-error is false; the commit was not checked.`)
  else core.setFailed(text)
}

function annotateMetrics(items: unknown[], warnOnly: boolean): void {
  const annotate = (message: string): void =>
    warnOnly
      ? core.warning(neutralize(message), { title: 'Blocked metric' })
      : core.error(neutralize(message), { title: 'Blocked metric' })
  const slots = warnOnly ? ANNOTATION_SLOTS - 1 : ANNOTATION_SLOTS
  const shown = items.length <= slots ? items : items.slice(0, slots - 1)
  for (const item of shown) annotate(describeMetric(readMetric(item)))
  if (shown.length < items.length)
    annotate(`…and ${items.length - shown.length} more blocked metric(s); the job summary lists them.`)
  for (const item of items.slice(0, 50)) say(`  blocked: ${describeMetric(readMetric(item))}`)
  if (items.length > 50) say(`  …and ${items.length - 50} more.`)
}

function writeSummary(markdown: string): void {
  const path = process.env.GITHUB_STEP_SUMMARY
  if (!path) return
  try {
    appendFileSync(path, markdown, 'utf8')
  } catch (cause) {
    core.warning(`Could not write the job summary: ${errorMessage(cause)}`)
  }
}

function readEvent(): EventContext {
  const env = process.env
  let payload: Record<string, unknown> = {}
  if (env.GITHUB_EVENT_PATH) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8'))
      if (parsed !== null && typeof parsed === 'object') payload = parsed as Record<string, unknown>
    } catch (cause) {
      core.warning(`Could not read the event payload at GITHUB_EVENT_PATH: ${errorMessage(cause)}`)
    }
  }
  return { eventName: env.GITHUB_EVENT_NAME ?? '', payload, env }
}

function commitUrl(sha: string): string | undefined {
  const server = (process.env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '')
  const repository = process.env.GITHUB_REPOSITORY
  if (!repository || !/^[\w.-]+\/[\w.-]+$/.test(repository) || !/^https?:\/\/[^\s()<>]+$/.test(server)) return undefined
  return `${server}/${repository}/commit/${sha}`
}
