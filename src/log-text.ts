/**
 * The runner reads workflow commands from every line of stdout and stderr: a line starting with `::`
 * (after blanks), and `##[command]` anywhere in a line. Text that came from the server or from an event
 * payload goes through `neutralize` before it is printed raw, so it can never become a command.
 */

/** The message of anything thrown, for a log line or an error. */
export function errorMessage(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause)
}

const ZERO_WIDTH_SPACE = '\u200b'

export function neutralize(text: string): string {
  return (
    text
      // The runner splits lines on \n and on a bare \r; other controls (ANSI escapes) are shown, not obeyed.
      .replace(
        /[\u0000-\u0008\u000a-\u001f\u007f\u0085\u2028\u2029]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
      )
      .replace(/::/g, `:${ZERO_WIDTH_SPACE}:`)
      .replace(/##\[/g, `##${ZERO_WIDTH_SPACE}[`)
  )
}
