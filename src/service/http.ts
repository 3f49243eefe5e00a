/**
 * One HTTP POST, and nothing more: no redirects followed, no retries, a body size cap, and a promise
 * that settles on every way the exchange can end.
 *
 * Node's request emits neither `response` nor `error` in some endings: an answer that switches
 * protocols (101) emits only `upgrade`, and aborting a request that has no socket yet (a CONNECT still
 * waiting on a silent proxy) emits nothing at all. So the signal is handled here rather than handed to
 * Node: an abort settles the promise at once and then tears the request down, and a request that
 * closes without an answer settles too.
 *
 * `https_proxy`/`http_proxy`/`no_proxy` are read by `@actions/http-client`'s own rules, and when they
 * send a request through a proxy, http-client chooses the agent (a CONNECT tunnel), as in every other
 * action. The request itself is made here because http-client's own `request()` cannot be aborted and
 * follows redirects with the Authorization header still attached when the header is set anywhere but
 * per request. http-client (with the tunnel and undici it imports) and TLS are loaded only when a
 * request needs them: a run that needs neither does not pay for them at start-up.
 */
import * as http from 'node:http'
import { StringDecoder } from 'node:string_decoder'
import { getProxyUrl } from '@actions/http-client/lib/proxy'

export interface HttpAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
  /** The body's bytes in the pieces they arrived in, for writing it out again without encoding or copying it. */
  bytes: Buffer[]
}

export interface PostOptions {
  headers: Record<string, string>
  signal: AbortSignal
  /** Bodies larger than this are cut off and the request fails: memory stays bounded whatever the server sends. */
  maxBodyBytes: number
}

export class BodyTooLargeError extends Error {
  constructor(
    readonly limit: number,
    /** The answer's first bytes, as text: enough to see whether it says blocked. */
    readonly head: string
  ) {
    super(`the answer is larger than ${limit} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

/** The exchange was stopped by its signal (deadline, per-request limit or cancel). */
export class AbortedError extends Error {
  constructor() {
    super('the request was stopped before an answer arrived')
    this.name = 'AbortedError'
  }
}

/** The agent for a URL: http-client's proxy agent when a proxy applies, else a fresh one with no keep-alive. */
async function agentFor(url: URL): Promise<http.Agent | false> {
  if (getProxyUrl(url) === undefined) return false
  const { HttpClient } = await import('@actions/http-client')
  return new HttpClient().getAgent(url.href)
}

export async function postJson(url: string, payload: string, options: PostOptions): Promise<HttpAnswer> {
  const target = new URL(url)
  const transport = target.protocol === 'https:' ? process.getBuiltinModule('node:https') : http
  const agent = await agentFor(target)
  return new Promise<HttpAnswer>((resolve, reject) => {
    if (options.signal.aborted) return reject(new AbortedError())
    const request = transport.request(target, {
      method: 'POST',
      agent,
      headers: { ...options.headers, 'Content-Length': String(Buffer.byteLength(payload)) }
    })
    let settled = false
    const settle = (done: () => void): void => {
      if (settled) return
      settled = true
      options.signal.removeEventListener('abort', onAbort)
      done()
    }
    const fail = (cause: Error): void =>
      settle(() => {
        reject(cause)
        request.destroy()
      })
    const onAbort = (): void => fail(new AbortedError())
    options.signal.addEventListener('abort', onAbort, { once: true })

    request.on('response', (response) => {
      const chunks: Buffer[] = []
      // Decoded as it arrives and joined as text: V8 parses the joined string several milliseconds faster
      // per megabyte than one decoded from a single large Buffer (an external string).
      const decoder = new StringDecoder('utf8')
      let text = ''
      let size = 0
      response.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > options.maxBodyBytes) {
          const head = Buffer.concat(chunks)
            .subarray(0, 64 * 1024)
            .toString('utf8')
          return fail(new BodyTooLargeError(options.maxBodyBytes, head))
        }
        chunks.push(chunk)
        text += decoder.write(chunk)
      })
      response.on('end', () =>
        settle(() => {
          const body = text + decoder.end()
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, bytes: chunks })
        })
      )
      // A connection that dies mid-body may end in 'error', 'aborted' or only in 'close'.
      response.on('error', fail)
      response.on('close', () => fail(new Error('the connection closed before the answer was complete')))
    })
    request.on('upgrade', (response: http.IncomingMessage, socket: import('node:net').Socket) => {
      socket.destroy()
      fail(new Error(`the service answered ${response.statusCode ?? '?'} and tried to switch protocols`))
    })
    request.on('error', fail)
    // After a response this fires once the body is read (already settled); before one, nothing else will.
    request.on('close', () => fail(new Error('the connection closed without an answer')))
    request.end(payload)
  })
}
