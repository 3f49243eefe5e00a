/**
 * The report file: the whole result as JSON under RUNNER_TEMP, for later steps that want more than the
 * outputs can carry (every blocked metric, the requests made, the waits and the timings). Its shape is
 * versioned by `schema_version` and documented in the README.
 */
import { close, mkdirSync, openSync, writeFileSync, writev } from 'node:fs'
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

/** Answers larger than this are written while the rest of the report is shown, rather than before. */
const WRITE_BEHIND_CHARS = 256 * 1024

/**
 * Writes the report file: its path, and when it is all written. The file is created here, so a folder
 * that cannot be written to throws at once; a large answer is then written in the background while the
 * other places are shown, and the process, which waits for pending writes before it exits, waits for it.
 */
export function writeReportFile(report: Report, env: NodeJS.ProcessEnv): { path: string; written: Promise<void> } {
  const path = reportFilePath(env)
  mkdirSync(join(path, '..'), { recursive: true })
  const [head, answer, tail] = reportFileParts(report)
  const pieces = typeof answer === 'string' ? [answer] : answer
  if (pieces.reduce((size, piece) => size + piece.length, 0) <= WRITE_BEHIND_CHARS) {
    // Joined as bytes, never piece by piece as text: a character may be split between two pieces.
    const text = typeof answer === 'string' ? answer : Buffer.concat(answer).toString('utf8')
    writeFileSync(path, `${head}${text}${tail}`, { encoding: 'utf8', mode: 0o600 })
    return { path, written: Promise.resolve() }
  }
  const fd = openSync(path, 'w', 0o600)
  const buffers = [head, ...pieces, tail].map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece))
  const size = buffers.reduce((sum, buffer) => sum + buffer.length, 0)
  // libuv writes any number of buffers, IOV_MAX at a time, and goes on after a short write; an error after
  // some bytes were written comes back only as a short count.
  const written = new Promise<void>((resolve, reject) =>
    writev(fd, buffers, (cause, count) =>
      close(fd, () => {
        if (cause) reject(cause)
        else if (count !== size) reject(new Error(`wrote ${count} of ${size} bytes`))
        else resolve()
      })
    )
  )
  return { path, written }
}
