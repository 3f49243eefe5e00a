/**
 * The step's outputs, all small: `blocked-metrics` is the report's bounded list (see
 * report/items-json.ts), `blocked-count` the true count (empty when it is unknown: no verdict, or a block
 * whose list could not be read), and `report-file` where the whole result is.
 */
import type { Report } from '../report/report.js'

export interface Outputs {
  verdict: string
  'blocked-metrics': string
  'blocked-count': string
  'commit-sha': string
  branch: string
  'report-file': string
}

export function outputsOf(report: Report, reportFile: string): Outputs {
  return {
    verdict: report.outcome,
    'blocked-metrics': report.itemsJson.json,
    'blocked-count': report.itemCount === null ? '' : String(report.itemCount),
    'commit-sha': report.target?.commitSha ?? '',
    branch: report.target?.branch ?? '',
    'report-file': reportFile
  }
}
