import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/generated/**', 'tmp/**', '**/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // The layers, as tags in each project.json (README "Architecture"): apps depend on
    // libs and never on each other, libs never on apps, contracts and file-types on
    // nothing, the converters on no infrastructure (fetcher, database, queue, Nest).
    // Projects import each other by package name only (@docformat/...).
    // Source, tests, benches and tools; the Jest and ESLint configs (.js) load the shared preset by path.
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'scope:contracts', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'scope:file-types', onlyDependOnLibsWithTags: [] },
            // The client is published on its own: no server code, and of this repository's
            // libs only the test support its end-to-end tests start the service with.
            {
              sourceTag: 'scope:client',
              onlyDependOnLibsWithTags: ['scope:testing'],
              bannedExternalImports: ['@nestjs/*', 'bullmq', 'ioredis', '@prisma/*', 'pg'],
            },
            {
              sourceTag: 'scope:converters',
              notDependOnLibsWithTags: ['scope:fetcher', 'scope:db', 'scope:queue', 'scope:infra'],
              bannedExternalImports: ['@nestjs/*', 'bullmq', 'ioredis', '@prisma/*', 'pg'],
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-console': 'off' },
  },
);
