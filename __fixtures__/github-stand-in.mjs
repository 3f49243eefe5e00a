// A stand-in of GitHub's REST API (the few routes a pull-request comment needs) and of the GraphQL
// `viewer` query, on loopback, for end-to-end runs of the bundle with GITHUB_API_URL pointing at it.
// It answers the way GitHub does where the action's behaviour depends on it: paging with a `Link`
// header of absolute URLs, 403 `Resource not accessible by integration` for a read-only workflow
// token, 422 past 65,536 characters, 403 for editing another user's comment, GraphQL at
// `/api/graphql` on GitHub Enterprise Server. Comments and pull requests live in plain arrays and maps
// that tests read and change between runs.
//
// Run by itself: node __fixtures__/github-stand-in.mjs [--port 8790] [--enterprise] [--owner acme] [--repo assistant]
import { createServer } from 'node:http'
import { pathToFileURL } from 'node:url'

/**
 * @typedef {object} TokenOwner
 * @property {string} login
 * @property {'Bot' | 'User'} type
 * @property {boolean} write   false: a read-only workflow token (forks, restrictive organisation defaults)
 * @property {number} [id]
 */

/**
 * @typedef {object} Comment
 * @property {number} id
 * @property {number} issue_number
 * @property {string} body
 * @property {{ login: string, type: 'Bot' | 'User', id?: number }} user
 * @property {string} html_url
 * @property {string} created_at
 * @property {string} updated_at
 */

/**
 * @typedef {object} Pull
 * @property {number} number
 * @property {'open' | 'closed'} state
 * @property {{ sha: string, ref: string }} head
 */

/**
 * @typedef {'list' | 'create' | 'update' | 'pull' | 'user' | 'graphql'} RouteName
 */

/**
 * @typedef {object} RecordedRequest
 * @property {number} at
 * @property {string} method
 * @property {string} path            the path as received, API prefix included (`/api/v3/...` in enterprise mode)
 * @property {Record<string, string>} query
 * @property {string | undefined} authorization
 * @property {unknown} body           parsed JSON, or the raw text ('' when there was none)
 * @property {import('node:http').IncomingHttpHeaders} headers
 * @property {RouteName | null} route  null for a route the stand-in does not serve
 * @property {number | 'hang'} status
 */

/** GitHub's limit on a comment body, in characters (not UTF-16 units, not bytes). */
export const MAX_COMMENT_CHARS = 65536

export const WRITE_TOKEN = 'ghs_standin_write'
export const READONLY_TOKEN = 'ghs_standin_readonly'

/** github-actions[bot]'s user id on github.com; only decoration, nothing depends on it. */
const ACTIONS_BOT = { login: 'github-actions[bot]', type: /** @type {const} */ ('Bot'), id: 41898282 }

/** @returns {Record<string, TokenOwner>} */
function defaultTokens() {
  return {
    [WRITE_TOKEN]: { ...ACTIONS_BOT, write: true },
    [READONLY_TOKEN]: { ...ACTIONS_BOT, write: false }
  }
}

const DOCS = {
  list: 'https://docs.github.com/rest/issues/comments#list-issue-comments',
  create: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
  update: 'https://docs.github.com/rest/issues/comments#update-an-issue-comment',
  pull: 'https://docs.github.com/rest/pulls/pulls#get-a-pull-request',
  user: 'https://docs.github.com/rest/users/users#get-the-authenticated-user',
  graphql: 'https://docs.github.com/graphql',
  rest: 'https://docs.github.com/rest'
}

/**
 * Starts the stand-in on 127.0.0.1 and a free port.
 * @param {object} [options]
 * @param {string} [options.owner]      default 'acme'
 * @param {string} [options.repo]       default 'assistant'
 * @param {Record<string, TokenOwner>} [options.tokens]  token → who it writes as; others get 401
 * @param {Map<number, Pull> | Record<number, Pull> | Pull[]} [options.pulls]
 * @param {Array<Partial<Comment> & { issue_number: number, body: string }>} [options.comments]
 *   comments already there (another user's, one carrying a copy of a marker...); missing fields are filled in
 * @param {number} [options.perPageDefault]  default 30, as GitHub
 * @param {boolean | RouteName[]} [options.hang]  these routes (true: every request) never answer
 * @param {boolean} [options.enterprise]  serve under /api/v3 with GraphQL at /api/graphql, as GHES does
 * @param {number} [options.port]         a fixed port (default: any free one)
 */
export async function startGitHubStandIn(options = {}) {
  const owner = options.owner ?? 'acme'
  const repo = options.repo ?? 'assistant'
  const tokens = options.tokens ?? defaultTokens()
  const perPageDefault = options.perPageDefault ?? 30
  const prefix = options.enterprise ? '/api/v3' : ''
  const graphqlPath = options.enterprise ? '/api/graphql' : '/graphql'

  /** @type {RecordedRequest[]} */
  const requests = []
  /** @type {Map<number, Pull>} */
  const pulls = new Map()
  const initialPulls =
    options.pulls instanceof Map
      ? [...options.pulls.values()]
      : Array.isArray(options.pulls)
        ? options.pulls
        : Object.values(options.pulls ?? {})
  for (const pull of initialPulls) pulls.set(pull.number, pull)

  const sockets = new Set()
  let lastId = 1000
  let requestCount = 0
  const state = { origin: '', hang: options.hang ?? false }

  const htmlUrl = (issue, id) => `https://github.com/${owner}/${repo}/pull/${issue}#issuecomment-${id}`
  // GitHub's ids only grow. Tests may push comments of their own, so the next id is past all of them.
  const nextId = () => {
    lastId = Math.max(lastId, ...comments.map((c) => c.id)) + 1
    return lastId
  }

  /** @type {Comment[]} */
  const comments = []
  for (const c of options.comments ?? []) {
    const id = c.id ?? nextId()
    const at = c.created_at ?? stamp()
    comments.push({
      id,
      issue_number: c.issue_number,
      body: c.body,
      user: c.user ?? { login: 'octocat', type: 'User' },
      html_url: c.html_url ?? htmlUrl(c.issue_number, id),
      created_at: at,
      updated_at: c.updated_at ?? at
    })
  }

  // The REST shape of a comment: what is stored plus the URLs GitHub adds.
  const present = (c) => ({
    url: `${state.origin}${prefix}/repos/${owner}/${repo}/issues/comments/${c.id}`,
    issue_url: `${state.origin}${prefix}/repos/${owner}/${repo}/issues/${c.issue_number}`,
    node_id: `IC_standin${c.id}`,
    author_association: c.user.type === 'Bot' ? 'NONE' : 'MEMBER',
    ...c
  })

  /**
   * Matches a path to a route. Owner and repo compare case-insensitively, as on GitHub.
   * @returns {{ name: RouteName, n?: number } | null}
   */
  function route(method, path) {
    if (path === graphqlPath) return method === 'POST' ? { name: 'graphql' } : null
    if (!path.startsWith(`${prefix}/`)) return null
    const rest = path.slice(prefix.length)
    if (rest === '/user') return method === 'GET' ? { name: 'user' } : null
    const m = /^\/repos\/([^/]+)\/([^/]+)\/(.+)$/.exec(rest)
    if (!m || m[1].toLowerCase() !== owner.toLowerCase() || m[2].toLowerCase() !== repo.toLowerCase()) return null
    let r
    if ((r = /^issues\/(\d+)\/comments$/.exec(m[3])) && method === 'GET') return { name: 'list', n: Number(r[1]) }
    if ((r = /^issues\/(\d+)\/comments$/.exec(m[3])) && method === 'POST') return { name: 'create', n: Number(r[1]) }
    if ((r = /^issues\/comments\/(\d+)$/.exec(m[3])) && method === 'PATCH') return { name: 'update', n: Number(r[1]) }
    if ((r = /^pulls\/(\d+)$/.exec(m[3])) && method === 'GET') return { name: 'pull', n: Number(r[1]) }
    return null
  }

  const server = createServer((req, res) => {
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    // Answer only once the body is in: a client still writing when the answer arrives sees a reset.
    req.on('end', () => {
      const url = new URL(req.url ?? '/', state.origin)
      const raw = Buffer.concat(chunks).toString('utf8')
      let body = raw
      let bodyIsJson = false
      try {
        if (raw !== '') {
          body = JSON.parse(raw)
          bodyIsJson = true
        }
      } catch {
        // recorded as text; the routes that need JSON answer 400
      }
      const matched = route(req.method ?? '', url.pathname)
      /** @type {RecordedRequest} */
      const record = {
        at: Date.now(),
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        authorization: req.headers.authorization,
        body,
        headers: req.headers,
        route: matched?.name ?? null,
        status: 0
      }
      requests.push(record)

      const hang = state.hang
      if (hang === true || (Array.isArray(hang) && matched && hang.includes(matched.name))) {
        record.status = 'hang'
        return // never answers; close() ends the socket
      }

      /** @param {number} status @param {unknown} json @param {Record<string, string>} [headers] */
      const send = (status, json, headers = {}) => {
        record.status = status
        res.writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          'x-github-media-type': 'github.v3; format=json',
          'x-github-request-id': requestId(++requestCount),
          ...headers
        })
        res.end(JSON.stringify(json))
      }
      const error = (status, message, docs = DOCS.rest, extra = {}) =>
        send(status, { message, ...extra, documentation_url: docs, status: String(status) })

      // GitHub accepts both schemes; Octokit sends `token`.
      const auth = /^(?:token|bearer) (\S+)$/i.exec(req.headers.authorization ?? '')
      const who = auth ? tokens[auth[1]] : undefined
      if (!who) return error(401, 'Bad credentials', DOCS.rest)
      if (!matched) return error(404, 'Not Found', DOCS.rest)
      const docs = DOCS[matched.name]
      const needsBody = matched.name === 'create' || matched.name === 'update' || matched.name === 'graphql'
      if (needsBody && !bodyIsJson) return error(400, 'Problems parsing JSON', docs)

      switch (matched.name) {
        case 'graphql': {
          const query = /** @type {{ query?: unknown }} */ (body)?.query
          if (typeof query === 'string' && /\bviewer\b/.test(query))
            return send(200, { data: { viewer: { login: who.login } } })
          return send(200, { errors: [{ message: 'The stand-in answers only the viewer query' }] })
        }
        case 'user':
          if (who.type === 'Bot') return error(403, 'Resource not accessible by integration', docs)
          return send(200, { login: who.login, type: who.type, id: who.id ?? 1 })
        case 'pull': {
          const pull = pulls.get(/** @type {number} */ (matched.n))
          if (!pull) return error(404, 'Not Found', docs)
          return send(200, {
            url: `${state.origin}${prefix}/repos/${owner}/${repo}/pulls/${pull.number}`,
            html_url: `https://github.com/${owner}/${repo}/pull/${pull.number}`,
            ...pull
          })
        }
        case 'list': {
          const all = comments.filter((c) => c.issue_number === matched.n).sort((a, b) => a.id - b.id)
          const asked = Number.parseInt(url.searchParams.get('per_page') ?? '', 10)
          const perPage = Math.min(100, asked >= 1 ? asked : perPageDefault)
          const askedPage = Number.parseInt(url.searchParams.get('page') ?? '', 10)
          const page = askedPage >= 1 ? askedPage : 1
          const last = Math.max(1, Math.ceil(all.length / perPage))
          const slice = all.slice((page - 1) * perPage, page * perPage)
          const link = linkHeader(url, page, last)
          return send(200, slice.map(present), link ? { link } : {})
        }
        case 'create':
        case 'update': {
          if (!who.write) return error(403, 'Resource not accessible by integration', docs)
          let target
          if (matched.name === 'update') {
            target = comments.find((c) => c.id === matched.n)
            if (!target) return error(404, 'Not Found', docs)
            if (target.user.login !== who.login) return error(403, 'Resource not accessible by integration', docs)
          }
          const text = /** @type {{ body?: unknown }} */ (body)?.body
          if (typeof text !== 'string')
            return error(
              422,
              `Invalid request.\n\nFor 'properties/body', ${JSON.stringify(text ?? null)} is not a string.`,
              docs
            )
          if (Array.from(text).length > MAX_COMMENT_CHARS)
            return error(422, 'Validation Failed', docs, {
              errors: [
                {
                  resource: 'IssueComment',
                  code: 'custom',
                  field: 'body',
                  message: `body is too long (maximum is ${MAX_COMMENT_CHARS} characters)`
                }
              ]
            })
          if (target) {
            target.body = text
            target.updated_at = stamp(target.updated_at)
            return send(200, present(target))
          }
          const id = nextId()
          const at = stamp()
          /** @type {Comment} */
          const comment = {
            id,
            issue_number: /** @type {number} */ (matched.n),
            body: text,
            user: { login: who.login, type: who.type, ...(who.id === undefined ? {} : { id: who.id }) },
            html_url: htmlUrl(matched.n, id),
            created_at: at,
            updated_at: at
          }
          comments.push(comment)
          return send(201, present(comment), { location: present(comment).url })
        }
      }
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
  state.origin = `http://127.0.0.1:${port}`

  return {
    origin: state.origin,
    /** What GITHUB_API_URL holds on a runner: the origin, plus /api/v3 on GHES. */
    apiUrl: `${state.origin}${prefix}`,
    /** What GITHUB_GRAPHQL_URL holds. Octokit does not read it: it derives the GraphQL address from apiUrl. */
    graphqlUrl: `${state.origin}${graphqlPath}`,
    owner,
    repo,
    tokens,
    requests,
    comments,
    pulls,
    /** Which routes never answer; change between runs. */
    get hang() {
      return state.hang
    },
    set hang(value) {
      state.hang = value
    },
    close: async () => {
      // Hung requests keep their sockets open, and server.close waits for every socket.
      for (const s of sockets) s.destroy()
      await new Promise((resolve) => server.close(resolve))
    }
  }
}

/**
 * GitHub's Link header: absolute URLs, the asked URL with only `page` changed, in GitHub's order
 * (prev, next, last, first). Pages after the first carry prev and first too, so a reader that takes the
 * first link for `next` goes wrong here as it would on GitHub.
 * @param {URL} url @param {number} page @param {number} last
 */
function linkHeader(url, page, last) {
  const at = (p) => {
    const u = new URL(url)
    u.searchParams.set('page', String(p))
    return u.href
  }
  const links = []
  if (page > 1) links.push(`<${at(page - 1)}>; rel="prev"`)
  if (page < last) links.push(`<${at(page + 1)}>; rel="next"`, `<${at(last)}>; rel="last"`)
  if (page > 1) links.push(`<${at(1)}>; rel="first"`)
  return links.join(', ')
}

/** Shaped like GitHub's (five hex groups), unique per answer so a test can tell answers apart. */
function requestId(n) {
  const hex = (v, w) => v.toString(16).toUpperCase().padStart(w, '0')
  return `${hex(process.pid & 0xffff, 4)}:${hex(n, 4)}:${hex(n * 7919, 6)}:${hex(n * 104729, 7)}:${hex(Date.now() >>> 0, 8)}`
}

/**
 * GitHub's timestamps have whole seconds. An edit must move updated_at even within the second the
 * comment was written, or a test could not see that it happened, so it moves a second past `after`.
 * @param {string} [after]
 */
function stamp(after) {
  let t = Math.floor(Date.now() / 1000) * 1000
  if (after !== undefined) t = Math.max(t, Date.parse(after) + 1000)
  return new Date(t).toISOString().replace('.000Z', 'Z')
}

// Run by itself for the demo: serve until killed.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`)
    return i >= 0 ? process.argv[i + 1] : fallback
  }
  const standIn = await startGitHubStandIn({
    owner: arg('owner', 'acme'),
    repo: arg('repo', 'assistant'),
    enterprise: process.argv.includes('--enterprise'),
    pulls: [{ number: 1, state: 'open', head: { sha: 'a'.repeat(40), ref: 'feature' } }],
    port: Number(arg('port', '0'))
  })
  console.log(`GitHub stand-in for ${standIn.owner}/${standIn.repo} at ${standIn.apiUrl}`)
  console.log(`GraphQL at ${standIn.graphqlUrl}; tokens: ${WRITE_TOKEN} (write), ${READONLY_TOKEN} (read-only)`)
}
