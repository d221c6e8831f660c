import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import envolve from './eslint/client-boundary.mjs';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    '.next-*/**',
    'out/**',
    'build/**',
    'next-env.d.ts',
    'playwright-report/**',
    'test-results/**',
    'test-results-dev/**',
    'reports/**',
    '.stryker-tmp*/**',
    '.data/**',
  ]),
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.mts', 'vitest.mutation.config.mts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { envolve },
    rules: {
      'envolve/client-boundary': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Test suites are long `describe` blocks by nature, and their `useTestDatabase()`
    // style helpers are vitest fixtures, not React hooks.
    files: ['tests/**', 'e2e/**'],
    rules: {
      'max-lines-per-function': 'off',
      'react-hooks/rules-of-hooks': 'off',
      // Response bodies and library internals are read loosely in assertions.
      '@typescript-eslint/no-explicit-any': 'off',
      // vi.mock's importOriginal<typeof import('…')>() is the documented pattern.
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
    },
  },
]);
