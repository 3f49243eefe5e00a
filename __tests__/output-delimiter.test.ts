// core.setOutput as patched in patches/: its heredoc delimiter comes from Math.random instead of
// node:crypto, and is drawn again until neither the name nor the value holds it. Read back the way the
// runner reads GITHUB_OUTPUT, every value must come out exactly as it went in.
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as core from '@actions/core'
import { parseOutputs } from '../__fixtures__/run-action.mjs'

const dir = mkdtempSync(join(tmpdir(), 'eval-gate-delimiter-'))
const file = join(dir, 'output')
const saved = process.env.GITHUB_OUTPUT
beforeAll(() => {
  process.env.GITHUB_OUTPUT = file
})
afterAll(() => {
  if (saved === undefined) delete process.env.GITHUB_OUTPUT
  else process.env.GITHUB_OUTPUT = saved
  rmSync(dir, { recursive: true, force: true })
})
afterEach(() => {
  jest.restoreAllMocks()
})

function written(name: string, value: string): { text: string; outputs: Record<string, string> } {
  writeFileSync(file, '')
  core.setOutput(name, value)
  const text = readFileSync(file, 'utf8')
  return { text, outputs: parseOutputs(text) }
}

/** The delimiter six draws of 0 make: one for each group of hex digits, and one for the variant. */
const ZEROS = 'ghadelimiter_00000000-0000-4000-8000-000000000000'

describe('setOutput delimiter', () => {
  it('has a UUID shape and differs from one output to the next', () => {
    const first = written('verdict', 'pass').text
    const second = written('verdict', 'pass').text
    const delimiter = /^verdict<<(.*)$/m.exec(first)?.[1]
    expect(delimiter).toMatch(/^ghadelimiter_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(second).not.toContain(delimiter)
  })

  it('is drawn again when the value holds it, so the value cannot end its heredoc early', () => {
    // The first six draws make the all-zero delimiter; the value holds it on a line of its own, followed
    // by a line that would set another output if the heredoc ended there.
    let draws = 0
    jest.spyOn(Math, 'random').mockImplementation(() => (draws++ < 6 ? 0 : 0.5))
    const value = `ok\n${ZEROS}\ninjected<<EOF\nyes\nEOF`
    const { text, outputs } = written('report', value)
    expect(outputs).toEqual({ report: value })
    expect(text.startsWith(`report<<${ZEROS}\n`)).toBe(false)
    expect(text).toMatch(/^report<<ghadelimiter_80000000-8000-4800-a800-800000000000\n/)
  })

  it('is drawn again when the name holds it', () => {
    let draws = 0
    jest.spyOn(Math, 'random').mockImplementation(() => (draws++ < 6 ? 0 : 0.5))
    const { outputs } = written(`name${ZEROS}`, 'value')
    expect(outputs).toEqual({ [`name${ZEROS}`]: 'value' })
  })

  it('keeps values with blank lines, carriage returns and delimiter-like lines whole', () => {
    for (const value of ['', '\n', 'a\r\nb', 'ghadelimiter_', 'x<<y\nghadelimiter_1\n', '€'.repeat(1000)]) {
      expect(written('v', value).outputs).toEqual({ v: value })
    }
  })
})
