// The project's own workflows: least privilege, and third-party actions pinned to full commit SHAs.
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'

const dir = new URL('../.github/workflows/', import.meta.url)
const workflows = readdirSync(dir).filter((name) => name.endsWith('.yml'))

describe('workflows', () => {
  it('exist', () => {
    expect(workflows).toEqual(expect.arrayContaining(['ci.yml', 'check-dist.yml']))
  })

  it.each(workflows)('%s pins every third-party action to a commit SHA', (name) => {
    const text = readFileSync(new URL(name, dir), 'utf8')
    const uses = [...text.matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)/gm)].map((m) => m[1])
    expect(uses.length).toBeGreaterThan(0)
    for (const use of uses) {
      if (use.startsWith('./')) continue
      expect(use).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/)
    }
  })

  it.each(workflows)('%s grants only read access to contents', (name) => {
    const text = readFileSync(new URL(name, dir), 'utf8')
    expect(text).toMatch(/^permissions:\n {2}contents: read\n/m)
    expect(text).not.toMatch(/: write\b/)
  })
})
