// A TCP server on loopback that answers each request with exactly the bytes a test gives, then ends,
// destroys or holds the connection. For answers no HTTP server library would write: a 101 upgrade, a
// broken status line, a Content-Length that lies, a close in the middle of the headers.
import { createServer } from 'node:net'

/**
 * @param {object} options
 * @param {string | Buffer | ((request: string) => string | Buffer)} options.reply  the bytes to write back
 * @param {'end' | 'destroy' | 'hold'} [options.after]  what to do with the socket once they are written
 */
export async function startRawStandIn({ reply, after = 'end' }) {
  /** @type {string[]} */
  const requests = []
  const sockets = new Set()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    let text = ''
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1')
      const end = text.indexOf('\r\n\r\n')
      if (end < 0) return
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1] ?? 0)
      if (text.length < end + 4 + length) return
      requests.push(text)
      text = ''
      socket.write(typeof reply === 'function' ? reply(requests.at(-1)) : reply)
      if (after === 'end') socket.end()
      if (after === 'destroy') socket.destroy()
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: async () => {
      for (const s of sockets) s.destroy()
      await new Promise((resolve) => server.close(resolve))
    }
  }
}

/** A loopback server that accepts connections and never says a word: a proxy waiting on a host that never answers. */
export async function startSilentServer() {
  const sockets = new Set()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => sockets.size,
    close: async () => {
      for (const s of sockets) s.destroy()
      await new Promise((resolve) => server.close(resolve))
    }
  }
}
