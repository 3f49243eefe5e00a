import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { neutralize } from '../src/show/log-text.js'
import { workflowCommands } from '../__fixtures__/run-action.mjs'

describe('neutralize', () => {
  it.each([
    '::error::forged',
    '  ::add-mask::secret',
    '::stop-commands::token',
    'line\n::warning::second line',
    'bare\r::notice::carriage return',
    'text ##[error]legacy'
  ])('keeps %p from reading as a workflow command', (text) => {
    expect(workflowCommands(text)).not.toEqual([])
    expect(workflowCommands(neutralize(text))).toEqual([])
  })

  it('leaves ordinary text alone', () => {
    expect(neutralize('faithfulness 0.71 < 0.8 | ok')).toBe('faithfulness 0.71 < 0.8 | ok')
  })

  it('never lets any text become a command or a second line', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(':', '#', '[', ']', '\n', '\r', ' ', 'a', 'e', 'r', 'o', '\u2028') }),
        (text) => {
          const safe = neutralize(text)
          expect(safe.split(/\r\n|\n|\r/).length).toBe(1)
          expect(workflowCommands(safe)).toEqual([])
        }
      )
    )
  })
})
