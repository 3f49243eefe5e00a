// ESLint flat config: typescript-eslint's type-aware recommended rules for src/ and the tests,
// the plain recommended rules for the JavaScript fixtures, and Prettier left in charge of layout.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'node_modules/', '.ci/', '.demo/'] },
  js.configs.recommended,
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } }
  },
  {
    // Finding control characters in untrusted text is the point of several regular expressions here.
    rules: { 'no-control-regex': 'off' }
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: globals.node }
  },
  {
    files: ['__tests__/**/*.ts'],
    rules: {
      // Test doubles in __fixtures__ are JavaScript, so their values arrive loosely typed.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off'
    }
  },
  prettier
)
