/**
 * The step: read the inputs, find the commit, ask the service, build one report, and show it in every
 * place (outputs, report file, job summary, annotations, log). `run` is the only place that decides
 * whether the step fails, and it fails unless it positively decided otherwise: index.ts sets the failing
 * exit code before anything runs, and any way the process can end before a decision (a throw, a promise
 * left pending while the event loop drains, an exit) is reported as verdict `error`.
 */
import { appendFileSync, readFileSync } from 'node:fs'
import * as core from '@actions/core'
import { cancelled } from './fail-closed.js'
import { isForkPullRequest, ResolveError, resolveTarget, type EventContext } from './commit/resolve-target.js'
import { repositoryUrl } from './report/links.js'
import { buildReport, itemsTheReportNeeds, type Report, type ReportFacts } from './report/report.js'
import { evaluateGate, sleep } from './service/gate-client.js'
import { InputError, readSettings, type Settings } from './settings/settings.js'
import { annotateMetrics, headline, logMetrics, type Console } from './show/annotations.js'
import { errorMessage, logLine, neutralize } from './show/log-text.js'
import { renderMarkdown, SUMMARY_PLACE } from './show/markdown.js'
import { commentOnPullRequest } from './show/comment/pull-request-comment.js'
import { outputsOf } from './show/outputs.js'
import { writeReportFile } from './show/report-file.js'
import { redactor, type Redact } from './untrusted/redact.js'
import { quoted } from './untrusted/visible.js'

const STOPPED_HINT = 'This is a fault of the action or of the runner, not of the commit. Run the job again.'

export async function run(): Promise<void> {
  const startedAt = Date.now()
  // Masked before anything else runs, so no later line (even an error) can show the key.
  const rawKey = core.getInput('api-key')
  if (rawKey !== '') core.setSecret(rawKey)
  const token = core.getInput('github-token')
  if (token !== '') core.setSecret(token)
  const redact = redactor(rawKey.trim(), token)
  /** Every log line goes through here: the key removed, quoted pieces made inert, one line, no command. */
  const safe = (message: string): string => logLine(redact(message))
  const say = (message: string): void => core.info(safe(message))
  const out: Console = { ...core, info: say, infoLines: (lines) => core.info(lines.map(safe).join('\n')) }

  const event = readEvent()
  /** What is known so far, so that a run stopped at any point still reports what it had. */
  const known: ReportFacts = { outcome: 'error', warnOnly: false, eventName: event.eventName, startedAt }
  let decided: Report | undefined
  const decide = (facts: ReportFacts): Report => {
    decided ??= show(buildReport(facts, redact), out)
    return decided
  }
  const stopUndecided = (why: string): void => {
    if (decided) return
    decide({ ...known, outcome: 'error', warnOnly: false, problem: { message: why, hint: STOPPED_HINT } })
  }

  // The last line of defence: none of these may end the process without a decision.
  const onBeforeExit = (): void =>
    stopUndecided('eval-gate stopped before a verdict: its work ended without an answer and without an error.')
  const onExit = (): void => stopUndecided('eval-gate was ended before a verdict.')
  const onFault = (cause: unknown): void => {
    stopUndecided(`eval-gate stopped before a verdict: ${errorMessage(cause)}`)
    process.exit()
  }
  // On cancel or timeout-minutes the runner sends SIGINT, then SIGTERM: stop waiting and report.
  // fail-closed.ts listens from the first moment; its signal says whether one came.
  const cancel = cancelled.signal
  process.on('beforeExit', onBeforeExit)
  process.on('exit', onExit)
  process.on('uncaughtException', onFault)
  process.on('unhandledRejection', onFault)
  try {
    const { facts, settings } = await gate(event, known, say, cancel, redact)
    const report = decide(facts)
    // Only now, with the outcome settled: the comment may fail or time out, and changes nothing of it.
    const url = settings
      ? await commentOnPullRequest(report, {
          mode: settings.prComment,
          token: settings.githubToken,
          eventName: event.eventName,
          payload: event.payload,
          env: process.env,
          signal: cancel,
          say,
          warn: (message) => core.warning(safe(message)),
          redact
        })
      : ''
    core.setOutput('comment-url', url)
  } catch (cause) {
    stopUndecided(`eval-gate could not finish: ${errorMessage(cause)}`)
  } finally {
    process.removeListener('beforeExit', onBeforeExit)
    process.removeListener('exit', onExit)
    process.removeListener('uncaughtException', onFault)
    process.removeListener('unhandledRejection', onFault)
  }
}

/** Reads the settings, resolves the commit and asks the service; `known` fills in as facts arrive. */
async function gate(
  event: EventContext,
  known: ReportFacts,
  say: (message: string) => void,
  signal: AbortSignal,
  redact: Redact
): Promise<{ facts: ReportFacts; settings?: Settings }> {
  let settings: Settings
  try {
    settings = readSettings((name) => core.getInput(name), { isForkPullRequest: isForkPullRequest(event) })
    known.projectId = settings.projectId
    known.target = resolveTarget(event, settings)
  } catch (cause) {
    if (!(cause instanceof InputError || cause instanceof ResolveError)) throw cause
    // A configuration problem: nothing is sent, and the step fails whatever fail-on-error says,
    // because a misconfigured gate would otherwise pass every commit without anyone noticing.
    return {
      facts: { ...known, problem: { message: cause.message, hint: 'Fix the step\u2019s inputs; no request was sent.' } }
    }
  }
  const target = known.target
  known.commitUrl = commitUrl(target.commitSha)
  for (const warning of settings.warnings) core.warning(warning)
  say(`Gating commit ${target.commitSha} on branch ${quoted(target.branch)} of project ${quoted(settings.projectId)}.`)
  say(`  commit from ${target.shaSource}; branch from ${target.branchSource}; event ${quoted(event.eventName)}.`)

  const result = await evaluateGate(
    { ...settings, ...target },
    {
      now: Date.now,
      random: Math.random,
      sleep,
      log: say,
      signal,
      slicing: { scan: redact.scan, keep: itemsTheReportNeeds() }
    }
  )
  known.requests = result.requests
  known.waits = result.waits
  if (result.kind === 'error') {
    const problem = { message: result.message, hint: result.hint }
    return { facts: { ...known, warnOnly: !settings.failOnError, problem }, settings }
  }
  const facts: ReportFacts = {
    ...known,
    outcome: result.verdict,
    items: result.items,
    answer: result.answer,
    answerText: result.answerText,
    answerBytes: result.answerBytes,
    itemCount: result.itemCount,
    answerClean: result.answerClean,
    notes: result.notes,
    warnOnly: result.verdict === 'blocked' && !settings.failOnBlocked
  }
  return { facts, settings }
}

/**
 * Shows the report everywhere and sets the step's result. The exit code is settled first, from the
 * outcome alone; a place that cannot be written never turns a failure into a pass.
 */
function show(report: Report, out: Console): Report {
  process.exitCode = report.outcome === 'pass' || report.warnOnly ? 0 : 1
  out.info(`Answer after ${report.requests} request(s): ${report.outcome}.`)

  let reportFile = ''
  try {
    reportFile = writeReportFile(report, process.env)
  } catch (cause) {
    core.warning(`Could not write the report file: ${errorMessage(cause)}`)
  }
  writeSummary(renderMarkdown(report, SUMMARY_PLACE))

  try {
    for (const [name, value] of Object.entries(outputsOf(report, reportFile))) core.setOutput(name, value)
  } catch (cause) {
    // Later steps would read no verdict at all: the step cannot be called a pass.
    core.setFailed(neutralize(`eval-gate could not finish: could not write its outputs: ${errorMessage(cause)}`))
  }

  logMetrics(report, out)
  if (report.outcome === 'blocked') annotateMetrics(report, out)
  const reason = headline(report)
  if (report.outcome === 'pass') out.info(reason)
  else if (!report.warnOnly) core.setFailed(reason)
  else if (report.outcome === 'blocked') core.warning(`${reason} The step passes because fail-on-blocked is false.`)
  else core.warning(`No verdict: ${reason} The step passes because fail-on-error is false; the commit was not checked.`)
  return report
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
  const repository = repositoryUrl(process.env)
  return repository && `${repository}/commit/${sha}`
}
