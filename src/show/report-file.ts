/**
 * The report file: the whole result as JSON under RUNNER_TEMP, for later steps that want more than the
 * outputs can carry (every blocked metric, the requests made, the waits and the timings). Its shape is
 * versioned by `schema_version` and documented in the README.
 */
import { closeSync, mkdirSync, openSync, rmSync, writevSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Report } from '../report/report.js'

export const REPORT_SCHEMA_VERSION = 1

/** The report file's text, in three parts: the small facts, the service's answer, and the end. */
export function reportFileParts(report: Report): [string, string | Buffer[], string] {
  const document = {
    schema_version: REPORT_SCHEMA_VERSION,
    verdict: report.outcome,
    warn_only: report.warnOnly,
    project_id: report.projectId ?? null,
    commit_sha: report.target?.commitSha ?? null,
    branch: report.target?.branch ?? null,
    event: report.eventName || null,
    commit_source: report.target?.shaSource ?? null,
    blocked_count: report.itemCount,
    problem: report.problem ?? null,
    notes: report.notes,
    requests: report.requests,
    waits: report.waits.map((w) => ({ after_request: w.afterRequest, ms: w.ms, why: w.why })),
    timings: {
      started_at: new Date(report.startedAt).toISOString(),
      finished_at: new Date(report.finishedAt).toISOString(),
      duration_ms: report.finishedAt - report.startedAt,
      waited_ms: report.waits.reduce((sum, w) => sum + w.ms, 0)
    }
  }
  // The answer goes last and whole, as the service wrote it (key removed), so a reader of the file sees
  // the small facts first, and a large answer costs no second serialisation.
  const head = JSON.stringify(document, null, 2)
  return [`${head.slice(0, -2)},\n  "answer": `, report.answerJson ?? 'null', '\n}\n']
}

/** Where this step's report goes: one file per step (GITHUB_ACTION names the step), in the job's temp folder. */
export function reportFilePath(env: NodeJS.ProcessEnv): string {
  const step = (env.GITHUB_ACTION ?? '').replace(/[^\w.-]+/g, '_').replace(/^\.+/, '') || 'step'
  return join(env.RUNNER_TEMP || tmpdir(), 'eval-gate', `report-${step}.json`)
}

/**
 * Writes the report file and returns its path; throws when it cannot be written whole (and removes what
 * was written of it, so no later step reads half a report). The answer's bytes go out in the pieces
 * they arrived in, in one synchronous writev: a large answer costs no copy and no encoding, and no
 * thread of the pool is started for it (a write in the background measured no faster: the thread
 * competes with the rest of the step for the runner's few cores, and the step waits for it to end).
 */
export function writeReportFile(report: Report, env: NodeJS.ProcessEnv): string {
  const path = reportFilePath(env)
  mkdirSync(join(path, '..'), { recursive: true })
  const [head, answer, tail] = reportFileParts(report)
  // Bytes, never text pieces joined as text: a character may be split between two pieces.
  const buffers = [head, ...(typeof answer === 'string' ? [answer] : answer), tail].map((piece) =>
    typeof piece === 'string' ? Buffer.from(piece) : piece
  )
  const size = buffers.reduce((sum, buffer) => sum + buffer.length, 0)
  const fd = openSync(path, 'w', 0o600)
  try {
    // libuv writes any number of buffers, IOV_MAX at a time, and goes on after a short write; an error
    // after some bytes were written comes back only as a short count.
    const count = writevSync(fd, buffers)
    if (count !== size) throw new Error(`wrote ${count} of ${size} bytes`)
  } catch (cause) {
    closeSync(fd)
    // The write's own error is the one to report, whether or not the half-written file can be removed.
    try {
      rmSync(path, { force: true })
    } catch {
      // left as it is: the report-file output stays empty, so no later step is pointed at it
    }
    throw cause
  }
  closeSync(fd)
  return path
}
