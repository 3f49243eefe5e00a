/**
 * Text on the step's log. The runner reads workflow commands from every line of stdout and stderr (a
 * line starting with `::` after blanks, and `##[command]` anywhere in a line), and the problem matchers
 * that earlier steps registered (`actions/setup-node` adds tsc and eslint ones) turn lines shaped like
 * `x.ts(12,5): error TS2304: …` into annotations on any file.
 *
 * So text that came from the service or the event is only ever put into a sentence as a JSON string
 * (`quoted`), and every log line goes through `logLine`, which escapes the colons and `#` inside those
 * strings (every common matcher needs a colon between a file and its line, or right after it), shows
 * hidden characters, and keeps the line one line that cannot start a command.
 */
import { showHidden, unitEscape } from '../untrusted/visible.js'

/** The message of anything thrown, for a log line or an error. */
export function errorMessage(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause)
}

const JSON_STRING = /"(?:[^"\\]|\\.)*"/g

/** A line for the log: one line, no command, and no matcher-shaped text inside quoted pieces. */
export function logLine(text: string): string {
  return neutralize(showHidden(text).replace(JSON_STRING, (s) => s.replace(/:/g, '\\u003a').replace(/#/g, '\\u0023')))
}

/**
 * For text on a workflow command or a log line: one line, not starting with `::` (the runner trims
 * white space first), and no `##[` anywhere. The marks that break them are visible backslashes.
 */
export function neutralize(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f\u0085\u2028\u2029]/g, (c) => unitEscape(c.charCodeAt(0)))
    .replace(/^(\s*)::/, '$1\\::')
    .replace(/##\[/g, '##\\[')
}
