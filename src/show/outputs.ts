/**
 * The step's outputs. A later step usually reads one through `env:`, and Linux refuses to start a process
 * with one environment string over 128 KiB; GitHub allows 1 MB of outputs per job, counted as UTF-16. So
 * `blocked-metrics` holds whole items, in the service's order, up to 64 KiB, while `blocked-count` is
 * always the true count and the report file holds the whole list.
 */
import type { Report } from '../report/report.js'

export const MAX_METRICS_OUTPUT_BYTES = 64 * 1024

/** The longest prefix of the items whose JSON array fits MAX_METRICS_OUTPUT_BYTES, and how many it holds. */
export function boundedMetricsJson(
  items: unknown[],
  limit = MAX_METRICS_OUTPUT_BYTES
): { json: string; shown: number } {
  const parts: string[] = []
  let size = 2 // the brackets
  for (const item of items) {
    let part: string
    try {
      part = JSON.stringify(item) ?? 'null'
    } catch {
      break // nested too deeply to write out: the output stops before it, whole items only
    }
    const grown = size + Buffer.byteLength(part, 'utf8') + (parts.length > 0 ? 1 : 0)
    if (grown > limit) break
    parts.push(part)
    size = grown
  }
  return { json: `[${parts.join(',')}]`, shown: parts.length }
}

export interface Outputs {
  verdict: string
  'blocked-metrics': string
  'blocked-count': string
  'commit-sha': string
  branch: string
  'report-file': string
}

export function outputsOf(report: Report, metricsJson: string, reportFile: string): Outputs {
  return {
    verdict: report.outcome,
    'blocked-metrics': metricsJson,
    'blocked-count': String(report.items.length),
    'commit-sha': report.target?.commitSha ?? '',
    branch: report.target?.branch ?? '',
    'report-file': reportFile
  }
}
