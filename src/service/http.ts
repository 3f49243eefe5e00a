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
  /**
   * The body's bytes, in the blocks they were read into, for writing it out again without encoding it;
   * absent when they are not exactly `body` (bytes that are not UTF-8).
   */
  bytes?: Buffer[]
}

export interface PostOptions {
  headers: Record<string, string>
  signal: AbortSignal
  /** Bodies larger than this are cut off and the request fails: memory stays bounded whatever the server sends. */
  maxBodyBytes: number
  /**
   * Given the body's text as it is decoded, a piece at a time, in order: joined, the pieces are exactly
   * `body`. Work done here overlaps the wait for the rest of the answer.
   */
  onText?: (piece: string) => void
}

/** The answer went past the size limit; what arrived before it is its partial answer. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
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

/** What arrived of an answer before the exchange ended without it: its status and its text so far. */
export interface PartialAnswer {
  status: number
  body: string
}

const partials = new WeakMap<Error, PartialAnswer>()

function withPartial(cause: Error, partial: PartialAnswer): Error {
  partials.set(cause, partial)
  return cause
}

/** The part of an answer that had arrived when `cause` ended the exchange, if an answer had begun. */
export function partialAnswer(cause: unknown): PartialAnswer | undefined {
  return cause instanceof Error ? partials.get(cause) : undefined
}

/** Pieces smaller than this are copied into blocks of BLOCK_BYTES; larger ones are kept as they are. */
const SMALL_PIECE_BYTES = 4 * 1024
const BLOCK_BYTES = 64 * 1024

/**
 * A body as it arrives, as bytes and as text. Small pieces are copied into blocks: an answer sent a byte
 * at a time would otherwise cost a Buffer and a string per byte (hundreds of bytes each), gigabytes for
 * a body under the size limit. Text is decoded block by block and joined: V8 parses such a joined string
 * several milliseconds faster per megabyte than one decoded from a single large Buffer. Each decoded
 * piece is also given to `onText`, as it is decoded.
 */
export class BodyReader {
  size = 0
  private readonly blocks: Buffer[] = []
  private block = Buffer.alloc(0)
  private used = 0
  private readonly decoder = new StringDecoder('utf8')
  private decoded = ''

  constructor(private readonly onText: (piece: string) => void = () => undefined) {}

  add(piece: Buffer): void {
    this.size += piece.length
    if (piece.length >= SMALL_PIECE_BYTES) {
      this.flush()
      return this.keep(piece)
    }
    if (this.used + piece.length > this.block.length) {
      this.flush()
      this.block = Buffer.allocUnsafe(BLOCK_BYTES)
    }
    piece.copy(this.block, this.used)
    this.used += piece.length
  }

  /** All the text so far; a character cut off at the end reads as U+FFFD. */
  text(): string {
    this.flush()
    this.append(this.decoder.end())
    return this.decoded
  }

  /** All the bytes so far, in order. */
  bytes(): Buffer[] {
    this.flush()
    return this.blocks
  }

  private keep(piece: Buffer): void {
    this.blocks.push(piece)
    this.append(this.decoder.write(piece))
  }

  private append(text: string): void {
    if (text === '') return
    this.decoded += text
    this.onText(text)
  }

  /** Keeps the filled part of the current block; what is left of it takes the next small pieces. */
  private flush(): void {
    if (this.used === 0) return
    this.keep(this.block.subarray(0, this.used))
    this.block = this.block.subarray(this.used)
    this.used = 0
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
    /** Once an answer has begun, what arrived of it goes with any error that ends it. */
    let received: (() => PartialAnswer) | undefined
    const fail = (cause: Error): void =>
      settle(() => {
        reject(received ? withPartial(cause, received()) : cause)
        request.destroy()
      })
    const onAbort = (): void => fail(new AbortedError())
    options.signal.addEventListener('abort', onAbort, { once: true })

    request.on('response', (response) => {
      const status = response.statusCode ?? 0
      const body = new BodyReader(options.onText)
      received = () => ({ status, body: body.text() })
      response.on('data', (chunk: Buffer) => {
        if (body.size + chunk.length > options.maxBodyBytes) return fail(new BodyTooLargeError(options.maxBodyBytes))
        body.add(chunk)
      })
      response.on('end', () =>
        settle(() => {
          const text = body.text()
          // A body that was not valid UTF-8 reads with U+FFFD in it: its bytes are then not that text.
          const bytes = text.includes('\uFFFD') ? undefined : body.bytes()
          resolve({ status, headers: response.headers, body: text, bytes })
        })
      )
      // A connection that dies mid-body may end in 'error', 'aborted' or only in 'close'. What arrived goes
      // with the error: a cut-off answer that says blocked must not end as a mere network fault.
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
