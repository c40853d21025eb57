import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

// Client libraries of the outside world, for the layers that must not reach them.
const NEST = ['@nestjs/*'];
const POSTGRES = ['@prisma/*', 'pg'];
const REDIS = ['bullmq', 'ioredis'];
const SERVER_SIDE = [...NEST, ...REDIS, ...POSTGRES];

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
    // The layers, as tags in each project.json (docs/architecture.md): apps depend on
    // libs and never on each other, libs never on apps, contracts and file-types on
    // nothing, the converters on no infrastructure (fetcher, database, queue, Nest).
    // The adapters to the outside world (db: Postgres, queue: Redis, fetcher: outbound
    // HTTP, metrics: Prometheus) stand on the contracts alone, beside one another and
    // beside the converters (neither side knows the other), without Nest and without
    // another adapter's client library; infra wires db and queue into Nest for both apps.
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
              bannedExternalImports: SERVER_SIDE,
            },
            {
              sourceTag: 'scope:converters',
              notDependOnLibsWithTags: ['scope:fetcher', 'scope:db', 'scope:queue', 'scope:infra'],
              bannedExternalImports: SERVER_SIDE,
            },
            // db's and infra's tests run against the throwaway database the test support sets up.
            {
              sourceTag: 'scope:db',
              onlyDependOnLibsWithTags: ['scope:contracts', 'scope:testing'],
              bannedExternalImports: [...NEST, ...REDIS],
            },
            { sourceTag: 'scope:queue', onlyDependOnLibsWithTags: ['scope:contracts'], bannedExternalImports: [...NEST, ...POSTGRES] },
            { sourceTag: 'scope:fetcher', onlyDependOnLibsWithTags: ['scope:contracts'], bannedExternalImports: SERVER_SIDE },
            { sourceTag: 'scope:metrics', onlyDependOnLibsWithTags: ['scope:contracts'], bannedExternalImports: SERVER_SIDE },
            // The MCP tools run in the API and in the CLI: no server code, only the contracts.
            { sourceTag: 'scope:mcp', onlyDependOnLibsWithTags: ['scope:contracts'], bannedExternalImports: SERVER_SIDE },
            {
              sourceTag: 'scope:infra',
              onlyDependOnLibsWithTags: ['scope:contracts', 'scope:config', 'scope:db', 'scope:queue', 'scope:testing'],
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
