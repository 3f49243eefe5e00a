/**
 * One HTTP POST, and nothing more: no redirects followed, no retries, a body size cap, and an
 * AbortSignal that stops it at any point (connecting, waiting for headers, or reading a body that
 * drips a byte at a time, which an idle timeout never catches).
 *
 * `@actions/http-client` chooses the agent, so `https_proxy`/`http_proxy`/`no_proxy` work as in every
 * other action; the request itself is made here because http-client's own `request()` cannot be
 * aborted and follows redirects with the Authorization header still attached when the header is set
 * anywhere but per request.
 */
import * as http from 'node:http'
import * as https from 'node:https'
import { HttpClient } from '@actions/http-client'

export interface HttpAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

export interface PostOptions {
  headers: Record<string, string>
  signal: AbortSignal
  /** Bodies larger than this are cut off and the request fails: memory stays bounded whatever the server sends. */
  maxBodyBytes: number
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the answer is larger than ${limit} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

const agents = new HttpClient()

export function postJson(url: string, payload: string, options: PostOptions): Promise<HttpAnswer> {
  const target = new URL(url)
  const transport = target.protocol === 'https:' ? https : http
  return new Promise<HttpAnswer>((resolve, reject) => {
    const request = transport.request(
      target,
      {
        method: 'POST',
        agent: agents.getAgent(url),
        headers: { ...options.headers, 'Content-Length': String(Buffer.byteLength(payload)) },
        signal: options.signal
      },
      (response) => {
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > options.maxBodyBytes) {
            request.destroy(new BodyTooLargeError(options.maxBodyBytes))
            return
          }
          chunks.push(chunk)
        })
        response.on('end', () => {
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8')
          })
        })
        // A connection that dies mid-body may end in 'error' or only in 'close': either way there is no answer.
        response.on('error', reject)
        response.on('close', () => {
          if (!response.complete) reject(new Error('the connection closed before the answer was complete'))
        })
      }
    )
    request.on('error', reject)
    request.end(payload)
  })
}
