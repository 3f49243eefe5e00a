// Preloaded with `node --import` by startup.e2e.test.ts: records every module the action resolves (its
// own files and the built-ins it requires), then, at exit, every internal module Node loaded
// (`internal:` and the name from process.moduleLoadList: `fs.promises`, say, is loaded by a property
// read, not a require), one a line, to TRACE_LOADS_FILE. Needs module.registerHooks (Node 22.15 and
// later); on older Nodes it writes nothing.
// Built-ins are fetched with getBuiltinModule, not imported: an ESM import of node:fs builds its whole
// namespace, fs.promises included, which would put on the list what the action itself never loads.
const { appendFileSync } = process.getBuiltinModule('node:fs')
const nodeModule = process.getBuiltinModule('node:module')

const seen = []
if (typeof nodeModule.registerHooks === 'function') {
  nodeModule.registerHooks({
    resolve(specifier, context, next) {
      const result = next(specifier, context)
      seen.push(result.url)
      return result
    }
  })
  process.on('exit', () => {
    const internal = process.moduleLoadList
      .filter((entry) => entry.startsWith('NativeModule '))
      .map((entry) => `internal:${entry.slice('NativeModule '.length)}`)
    appendFileSync(process.env.TRACE_LOADS_FILE, [...seen, ...internal].join('\n') + '\n')
  })
}
