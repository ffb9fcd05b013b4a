// The layers the README's architecture table promises, as import rules (`npm run lint`, run by
// `npm test`). Only import and global rules: formatting is prettier's, types are tsc's.
//
//   browser code (site, widget, admin, client) → core, client; never api
//   core (isomorphic)                          → nothing of ours but core; no Node, no DOM
//   api infrastructure (http, db, net, mail, rate-limit, outbox) → core and infrastructure; never a domain
//   api route files                            → never another route file (share a service instead)
//   api/payments                               → the invoice ledger through invoices/holds.ts, never its repositories;
//                                                never accounting's records or merchant webhooks (they listen: payments/events.ts)
import tseslint from 'typescript-eslint';

const DOMAINS = [
  'accounting',
  'admin-console',
  'auth',
  'blog',
  'connect',
  'invoices',
  'merchant-webhooks',
  'merchants',
  'pay',
  'pay-links',
  'payments',
  'prospects',
  'public-objects',
  'sandbox',
  'seed',
  'v1',
  'webhooks',
];
// The audit log is infrastructure: every domain writes to it, it knows none of them.
const INFRASTRUCTURE = ['http', 'db', 'net', 'mail', 'rate-limit', 'outbox', 'audit'];

const NODE_BUILTINS = [
  'node:*',
  'fs',
  'path',
  'os',
  'crypto',
  'http',
  'https',
  'net',
  'child_process',
  'url',
  'util',
];

/** `no-restricted-imports` patterns: `groups` of gitignore-style globs on the import specifier. */
const restrict = (...patterns) => ['error', { patterns }];

const neverApi = {
  group: ['**/api/**', '**/api'],
  message: 'Browser code never imports the server (api/): share it through core/ or client/.',
};
const routeToRoute = {
  group: ['*routes.ts', '*routes'],
  message: 'A route file never imports another route file: move what both need into a service.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      'test-results/**',
      'examples/**',
      '**/*.d.ts',
      'api/docs/reference-client.js',
    ],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    // Dead code inside a file (an import, a variable or a parameter nobody reads); knip finds it across files.
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['site/**', 'widget/**', 'admin/**', 'client/**'],
    rules: { 'no-restricted-imports': restrict(neverApi) },
  },
  {
    files: ['core/**'],
    rules: {
      'no-restricted-imports': restrict(
        { group: NODE_BUILTINS, message: 'core/ runs in the browser too: no Node built-ins.' },
        {
          group: ['**/api/**', '**/site/**', '**/widget/**', '**/admin/**', '**/client/**'],
          message: 'core/ is the bottom layer: it imports nothing of ours outside core/.',
        },
      ),
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'localStorage',
          'sessionStorage',
          'customElements',
          'HTMLElement',
        ].map((name) => ({ name, message: 'core/ runs on the server too: no DOM.' })),
      ],
    },
  },
  {
    files: INFRASTRUCTURE.map((folder) => `api/${folder}/**`),
    rules: {
      'no-restricted-imports': restrict(routeToRoute, {
        group: DOMAINS.flatMap((domain) => [`../${domain}/*`, `../../${domain}/*`]),
        message:
          'Infrastructure never imports a domain: the domain passes what it needs in (registry, callback, parameter).',
      }),
    },
  },
  {
    files: ['api/**/*routes.ts'],
    ignores: INFRASTRUCTURE.map((folder) => `api/${folder}/**`),
    rules: { 'no-restricted-imports': restrict(routeToRoute) },
  },
  {
    // One owner per ledger (issue 35): payments reserve, release, record refunds and read balances
    // through the invoices' own verbs (api/invoices/holds.ts), never by writing its tables.
    files: ['api/payments/**'],
    rules: {
      'no-restricted-imports': restrict(
        routeToRoute,
        {
          group: ['../invoices/*repository*', '../../invoices/*repository*'],
          message:
            "Payments never touch the invoices' repositories: use the ledger's verbs in api/invoices/holds.ts.",
        },
        {
          group: ['../accounting/enqueue*', '../merchant-webhooks/*', '../../merchant-webhooks/*'],
          message:
            'Payments never call accounting or merchant webhooks: announce what happened (api/payments/events.ts); they listen (api/wiring.ts).',
        },
      ),
    },
  },
  {
    // routes → service → repository: a route handler parses, calls a service and maps the answer.
    files: ['api/**/*routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|transaction)$/]',
          message:
            'No queries or transactions in a route file: call a service (queries live in repositories).',
        },
        {
          // Raw SQL too: sql`…`, sql.raw(…), sql.ref(…).
          selector: "TaggedTemplateExpression[tag.name='sql'], CallExpression[callee.object.name='sql']",
          message: 'No SQL in a route file: call a service (queries live in repositories).',
        },
      ],
    },
  },
);
