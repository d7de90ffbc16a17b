// @ts-check
import tseslint from 'typescript-eslint';

const noVscode = {
  name: 'vscode',
  message: 'The pure core (service client, sandbox, catalog model, link rules) must not import vscode.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.cache/**', '.vscode-test/**', '**/*.js', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
      // undici's entry point installs a process-wide dispatcher; load its modules one by one.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'undici', message: 'Import undici/lib/... modules, never the entry point.', allowTypeImports: true }] },
      ],
    },
  },
  {
    files: ['src/api/**/*.ts', 'src/sandbox/**/*.ts', 'src/catalog/**/*.ts', 'src/links/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'undici', message: 'Import undici/lib/... modules, never the entry point.', allowTypeImports: true },
            noVscode,
          ],
        },
      ],
    },
  },
);
