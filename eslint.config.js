// One lint setup for the whole workspace; formatting is Prettier's job (eslint-config-prettier
// turns off the rules that would fight it).
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
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
              importNames: ['plannedPages', 'planSite'],
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
