// The one POST, against real servers on loopback: how a body is kept as it arrives, what is kept of one
// that is cut off, and when its bytes may stand for its text.
import { afterEach, describe, expect, it } from '@jest/globals'
import { createServer, type Server } from 'node:http'
import { BodyReader, BodyTooLargeError, partialAnswer, postJson } from '../src/service/http.js'

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** A server that answers every request by calling `answer`; its URL. */
async function serve(answer: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(answer)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as import('node:net').AddressInfo
  return `http://127.0.0.1:${address.port}/v1/gates/evaluate`
}

const post = (url: string) =>
  postJson(url, '{}', { headers: {}, signal: new AbortController().signal, maxBodyBytes: 1024 * 1024 })

describe('BodyReader', () => {
  it('keeps a body sent a byte at a time in a few large blocks, characters split between bytes intact', () => {
    const text = `{"verdict":"blocked","note":"${'naïve 🚦 '.repeat(30_000)}"}`
    const sent = Buffer.from(text)
    const pieces: string[] = []
    const reader = new BodyReader((piece) => pieces.push(piece))
    for (let i = 0; i < sent.length; i++) reader.add(sent.subarray(i, i + 1))
    expect(reader.size).toBe(sent.length)
    expect(reader.text()).toBe(text)
    // The text as it was decoded, in pieces that join to exactly the body.
    expect(pieces.join('')).toBe(text)
    expect(pieces.length).toBeGreaterThan(1)
    expect(pieces.every((piece) => piece !== '')).toBe(true)
    const blocks = reader.bytes()
    expect(Buffer.concat(blocks).equals(sent)).toBe(true)
    // One Buffer per 64 KiB, not one per byte (about 390,000 here).
    expect(blocks.length).toBeLessThanOrEqual(Math.ceil(sent.length / (64 * 1024)))
  })

  it('keeps large pieces as they are and small ones in order between them', () => {
    const pieces = [Buffer.from('ab'), Buffer.alloc(8192, 0x63), Buffer.from('d'), Buffer.from('e')]
    const reader = new BodyReader()
    for (const piece of pieces) reader.add(piece)
    expect(reader.text()).toBe(`ab${'c'.repeat(8192)}de`)
    const blocks = reader.bytes()
    expect(blocks[1]).toBe(pieces[1])
    expect(Buffer.concat(blocks).equals(Buffer.concat(pieces))).toBe(true)
  })

  it('reads a character cut off at the end as U+FFFD', () => {
    const pieces: string[] = []
    const reader = new BodyReader((piece) => pieces.push(piece))
    reader.add(Buffer.from('ok \u{1f6a6}').subarray(0, 5))
    expect(reader.text()).toBe('ok \ufffd')
    expect(pieces.join('')).toBe('ok \ufffd')
  })
})

describe('postJson', () => {
  it('gives the body as text and as the bytes it arrived in', async () => {
    const body = `{"verdict":"pass","x":"${'é'.repeat(100_000)}"}`
    const url = await serve((_, res) => res.end(body))
    const answer = await post(url)
    expect(answer.body).toBe(body)
    expect(Buffer.concat(answer.bytes!).toString()).toBe(body)
  })

  it('gives no bytes for a body that is not UTF-8: they are not its text', async () => {
    const url = await serve((_, res) => res.end(Buffer.from([0x7b, 0xff, 0x7d])))
    const answer = await post(url)
    expect(answer.body).toBe('{\ufffd}')
    expect(answer.bytes).toBeUndefined()
  })

  it('keeps what arrived of an answer cut off in the middle, with its status', async () => {
    const url = await serve((_, res) => {
      res.writeHead(201, { 'Content-Length': '1000' })
      res.write('{"verdict":"blocked","blocked_metrics":[')
      setTimeout(() => res.socket?.destroy(), 20)
    })
    const cause = await post(url).catch((error: unknown) => error)
    expect(cause).toBeInstanceOf(Error)
    expect(partialAnswer(cause)).toEqual({ status: 201, body: '{"verdict":"blocked","blocked_metrics":[' })
  })

  it('keeps what arrived when the signal stops an answer still arriving', async () => {
    const url = await serve((_, res) => {
      res.writeHead(200)
      res.write('{"verdict":"bl')
    })
    const stop = new AbortController()
    const pending = postJson(url, '{}', { headers: {}, signal: stop.signal, maxBodyBytes: 1024 })
    setTimeout(() => stop.abort(), 100)
    const cause = await pending.catch((error: unknown) => error)
    expect(partialAnswer(cause)).toEqual({ status: 200, body: '{"verdict":"bl' })
  })

  it('gives everything that arrived before the size limit, not only its start', async () => {
    const url = await serve((_, res) =>
      res.end(`{"pad":"${'a'.repeat(200_000)}","verdict":"blocked","x":"${'b'.repeat(2_000_000)}"}`)
    )
    const cause = await post(url).catch((error: unknown) => error)
    expect(cause).toBeInstanceOf(BodyTooLargeError)
    const { body } = partialAnswer(cause)!
    expect(body).toContain('"verdict":"blocked"')
    expect(body.length).toBeLessThanOrEqual(1024 * 1024)
  })
})
