/**
 * Links back to GitHub that the action writes itself (never the service): the repository's address from
 * the runner's variables, only when both look like what the runner sets, so that no odd value can end up
 * inside a link in the summary or the comment.
 */
export function repositoryUrl(env: NodeJS.ProcessEnv): string | undefined {
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '')
  const repository = env.GITHUB_REPOSITORY ?? ''
  if (!/^[\w.-]+\/[\w.-]+$/.test(repository) || !/^https?:\/\/[^\s()<>"']+$/.test(server)) return undefined
  return `${server}/${repository}`
}
