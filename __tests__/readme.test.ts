// The README's inputs and outputs tables must say what action.yml says: same names, same order,
// same required flags and defaults. A change to one without the other fails here.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'

const root = new URL('../', import.meta.url)
const actionYml = readFileSync(new URL('action.yml', root), 'utf8')
const readme = readFileSync(new URL('README.md', root), 'utf8')

interface Entry {
  name: string
  required: boolean
  default?: string
}

/** The entries of a top-level block of action.yml (`inputs:` or `outputs:`). */
function yamlBlock(key: string): Entry[] {
  const start = actionYml.indexOf(`\n${key}:\n`)
  const rest = actionYml.slice(start + key.length + 3)
  const block = rest.slice(0, rest.search(/\n\S/) + 1)
  return [...block.matchAll(/^ {2}([a-z][a-z0-9-]*):\n((?: {4}.*\n?)*)/gm)].map((m) => ({
    name: m[1],
    required: /^ {4}required: true$/m.test(m[2]),
    default: /^ {4}default: '?([^'\n]*)'?$/m.exec(m[2])?.[1]
  }))
}

/** The rows of the README table under a `## heading`, as arrays of trimmed cells. */
function readmeTable(heading: string): string[][] {
  const section = readme.slice(readme.indexOf(`\n## ${heading}\n`))
  const lines = section.split('\n').slice(2)
  const table = lines.slice(lines.findIndex((l) => l.startsWith('|')))
  const rows = table.slice(
    0,
    table.findIndex((l) => !l.startsWith('|'))
  )
  return rows.slice(2).map((row) =>
    row
      .slice(1, -1)
      .split(' | ')
      .map((c) => c.trim())
  )
}

describe('README', () => {
  it('lists every input of action.yml, in order, with its required flag and default', () => {
    const inputs = yamlBlock('inputs')
    expect(inputs.length).toBeGreaterThan(0)
    const rows = readmeTable('Inputs')
    expect(rows.map((r) => r[0])).toEqual(inputs.map((i) => `\`${i.name}\``))
    for (const [i, input] of inputs.entries()) {
      expect([input.name, rows[i][1]]).toEqual([input.name, input.required ? 'yes' : 'no'])
      if (input.default !== undefined) expect([input.name, rows[i][2]]).toEqual([input.name, `\`${input.default}\``])
    }
  })

  it('lists every output of action.yml, in order', () => {
    const outputs = yamlBlock('outputs')
    expect(outputs.length).toBeGreaterThan(0)
    expect(readmeTable('Outputs').map((r) => r[0])).toEqual(outputs.map((o) => `\`${o.name}\``))
  })

  it('runs on node24 from the committed bundle', () => {
    expect(actionYml).toMatch(/^runs:\n {2}using: node24\n {2}main: dist\/index\.js$/m)
  })
})
