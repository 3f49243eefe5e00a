// A small forward proxy on loopback that only answers CONNECT, as corporate proxies do for tunnels.
// It knows host names nobody else does: `routes` maps "host:port" to a loopback port, so a request can
// only reach such a host through the proxy. Every CONNECT it sees is recorded.
import { createServer } from 'node:http'
import { connect } from 'node:net'

/** @param {Record<string, number>} routes  "host:port" → port on 127.0.0.1 */
export async function startConnectProxy(routes) {
  /** @type {string[]} */
  const tunnels = []
  const sockets = new Set()
  const server = createServer((_, res) => {
    res.writeHead(405).end('CONNECT only')
  })
  server.on('connect', (req, client, head) => {
    const target = req.url ?? ''
    tunnels.push(target)
    const port = routes[target]
    if (port === undefined) return client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n')
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('error', () => s.destroy())
      s.on('close', () => sockets.delete(s))
    }
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    close: async () => {
      for (const s of sockets) s.destroy()
      await new Promise((resolve) => server.close(resolve))
    }
  }
}
