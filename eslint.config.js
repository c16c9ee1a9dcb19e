// One lint setup for the whole workspace; formatting is Prettier's job (eslint-config-prettier
// turns off the rules that would fight it).
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Package floors: the back office and the site build on @conveyor/shared only.
const packageFloors = [
  {
    group: ['**/api/src/**', '**/api/test/**', '@conveyor/api', '@conveyor/api/*'],
    message: 'admin/ and site/ import only @conveyor/shared from other packages.',
  },
  {
    group: ['../../admin/**', '../../site/**', '../../../admin/**', '../../../site/**'],
    message: 'admin/ and site/ import only @conveyor/shared from other packages.',
  },
];

/**
 * The API's layers, low to high (DESIGN 10): a module imports from its own layer or a lower one,
 * never a higher one. Domain folders may import each other; none imports plugins, routes or the
 * app. Paths are relative to api/src.
 */
const API_LAYERS = [
  { name: 'lib and config', paths: ['lib', 'config.ts'] },
  { name: 'db', paths: ['db'] },
  {
    name: 'the domain folders',
    paths: [
      'audit',
      'backup',
      'content',
      'drafts',
      'exports',
      'jobs',
      'notify',
      'publish',
      'revisions',
      'schedules',
      'storage',
    ],
  },
  { name: 'plugins', paths: ['plugins'] },
  { name: 'routes', paths: ['routes'] },
  { name: 'the app and its entry points', paths: ['app.ts', 'server.ts', 'cli'] },
];
const apiPath = (path) => `api/src/${path}`;
// One zone per layer: its files may not import from any layer above it.
const API_LAYER_ZONES = API_LAYERS.slice(0, -1).map((layer, index) => {
  const above = API_LAYERS.slice(index + 1);
  return {
    target: layer.paths.map(apiPath),
    from: above.flatMap((higher) => higher.paths).map(apiPath),
    message:
      'api/src runs lib, config → db → domain folders → plugins → routes → app: ' +
      `${layer.name} may not import from ${above.map((higher) => higher.name).join(', ')}. ` +
      'Move what it needs down instead.',
  };
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/.astro/',
      'data/',
      '.tools/',
      '.cache/',
      // the publishing bench's bare Astro project and the builds' working folders, while they run
      'site/.bench/',
      'site/.builds/',
      'coverage/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // .astro files: their frontmatter and scripts get the TypeScript rules above too.
  ...astro.configs['flat/recommended'],
  {
    // The React code: the back office and the site's islands.
    files: ['admin/src/**/*.tsx', 'site/src/components/islands/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // The API's layers run one way (API_LAYERS above).
    files: ['api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: API_LAYER_ZONES },
      ],
      // Request data is typed by the route's JSON schemas (the type provider), never cast: a
      // cast says the data is what the schema may not have checked.
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > MemberExpression[object.name='request']",
          message:
            'Do not cast request data (request.body/query/params as …): give the route a ' +
            'body/querystring/params schema and let the type provider type it.',
        },
      ],
    },
  },
  {
    // Package floors (above). Their tests may start the real API through its exported test
    // helpers, nothing deeper.
    files: ['admin/**', 'site/**'],
    ignores: ['admin/test/**', 'admin/e2e/**', 'site/test/**', 'site/e2e/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: packageFloors }],
    },
  },
  {
    // The site's pages, layouts and components show only what the plan gives them as props
    // (site/src/lib/plan.ts), which keys each page by them for the incremental build: they may
    // not read the data themselves (site/src/lib/api.ts), nor other pages' plans.
    files: ['site/src/pages/**', 'site/src/layouts/**', 'site/src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...packageFloors,
            {
              regex: '(^|/)lib/api(\\.ts)?$',
              message:
                'Pages, layouts and components take their data as props from the plan (src/lib/plan.ts), which keys each page by them.',
            },
            {
              regex: '(^|/)lib/plan(\\.ts)?$',
              importNames: ['plannedPages'],
              message:
                "A page takes its own props from the plan (routePaths), not the whole site's.",
            },
            {
              // the planning itself; its page types (lib/plan/pages.ts) are every page's
              regex: '(^|/)lib/plan/(site|catalog|kept)(\\.ts)?$',
              message:
                "A page takes its own props from the plan (routePaths), not the whole site's.",
            },
          ],
        },
      ],
      // nor by a dynamic import()
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/(^|\\/)lib\\/api(\\.ts)?$/]',
          message:
            'Pages, layouts and components take their data as props from the plan (src/lib/plan.ts), which keys each page by them.',
        },
      ],
    },
  },
  {
    // The back office's layers: common/ holds the primitives (fields, inputs, small components,
    // hooks, helpers) below the feature folders, which import it; the screens every resource
    // uses (list, create, edit) are in screens/, which brings in the features' panels. So
    // common/ imports only itself, the providers, i18n, config.ts and packages. This rule
    // replaces the package floor above for these files, hence the API pattern again (leaving
    // admin/src is a '../../' import, which the second pattern refuses).
    files: ['admin/src/common/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/src/**', '**/api/test/**', '@conveyor/api', '@conveyor/api/*'],
              message: 'admin/ and site/ import only @conveyor/shared from other packages.',
            },
            {
              regex: '^\\.\\./(?!(providers|i18n)/|config\\.ts$)',
              message:
                'admin/src/common imports only itself, providers/, i18n/ and config.ts: a screen that needs a feature belongs in admin/src/screens/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['admin/test/**', 'admin/e2e/**', 'site/test/**', 'site/e2e/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/src/**', '**/api/test/**'],
              message: 'Tests outside api/ start the API through @conveyor/api/testing.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON answers whose shape is the thing under test.
    files: ['**/test/**', '**/*.test.ts', '**/*.test.tsx', '**/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
