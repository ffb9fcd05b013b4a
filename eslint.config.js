// The layers the README's architecture table promises, as import rules (`npm run lint`, run by
// `npm test`). Only import and global rules: formatting is prettier's, types are tsc's.
//
//   browser code (site, widget, admin, client) → core, client; never api
//   core (isomorphic)                          → nothing of ours but core; no Node, no DOM
//   api infrastructure (http, db, net, mail, rate-limit, outbox, audit, ports)
//                                              → core and infrastructure; never a domain, never the composition
//   api shared top-level files (context, caches, announcer, …) → core and infrastructure; never a domain
//   api domains                                → only the domains of a lower layer (DOMAIN_LAYERS; the README draws it):
//                                                what depends on a domain listens to it or answers it (api/wiring.ts);
//                                                never another domain's repository (its rows.ts, holds.ts or service)
//   api route files                            → never another route file (share a service instead)
import tseslint from 'typescript-eslint';

/**
 * The dependency order of the api/ domains, bottom first: a domain imports only domains of a lower
 * layer, never one of its own layer or above (the README's architecture section draws it). What a
 * lower domain needs from a higher one comes through the app's wiring (api/wiring.ts): payments and
 * invoices announce (api/announcer.ts), accounting and merchant webhooks listen; accounting answers
 * the live amount due payments ask for.
 */
export const DOMAIN_LAYERS = [
  ['auth', 'blog', 'widget-releases'], // users, sessions, API keys; posts; the widget's kept releases
  ['merchants'], // merchants, their members, settings
  ['invoices', 'connect', 'prospects'], // the invoice ledger; Stripe Connect onboarding; leads
  ['public-objects'], // the integrator API's objects, shared by v1, webhook events and the console
  ['pay-links'], // signed pay links
  ['payments'], // quotes, charges, refunds, notices, the provider (sandbox and Stripe)
  ['merchant-webhooks', 'webhooks', 'sandbox'], // events to merchants; the provider's events to us; the sandbox provider and its pages
  ['accounting'], // Xero and QuickBooks records, the outbox's jobs, live amounts
  ['pay', 'v1', 'admin-console', 'seed', 'health', 'public-config', 'docs'], // what the outside calls
];
const DOMAINS = DOMAIN_LAYERS.flat();
// The audit log is infrastructure: every domain writes to it, it knows none of them.
export const INFRASTRUCTURE = [
  'http',
  'db',
  'net',
  'mail',
  'rate-limit',
  'outbox',
  'audit',
  'ports',
  'metrics',
];
// Top-level files every layer shares: they know no domain, nor the composition below.
export const SHARED_TOP_LEVEL = [
  'announcer.ts',
  'app-caches.ts',
  'background.ts',
  'clock.ts',
  'config.ts',
  'config-production.ts',
  'context.ts',
  'errors.ts',
  'logger.ts',
  'project-path.ts',
  'secret-box.ts',
  'secrets.ts',
];
// Composition: the top-level files that know the domains and put the app together. Nothing imports
// them but each other, scripts and tests, so infrastructure and the shared files reach no domain
// through them either: one hop of these rules is enough.
export const COMPOSITION = [
  'admin-cli.ts',
  'app.ts',
  'cluster.ts',
  'main.ts',
  'migrations.ts',
  'payment-providers.ts',
  'reconcile-cli.ts',
  'retention.ts',
  'wiring.ts',
];
/** Import specifiers of the composition files, from api/ itself (`./`) or up to three folders below it. */
const composition = (from) => COMPOSITION.flatMap((file) => from.map((up) => `${up}${file}`));

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

/** Import specifiers that reach a domain folder from a file up to three folders below api/. */
const reaching = (domains, from = '') =>
  domains.flatMap((domain) => [
    `${from}../${domain}/*`,
    `${from}../../${domain}/*`,
    `${from}../../../${domain}/*`,
  ]);

/**
 * The domain order as one rule per domain (typescript-eslint's copy of no-restricted-imports, so it
 * adds to the route rules below instead of replacing them): a file of a domain may not import a
 * domain of its own layer or above, the composition, or another domain's repository.
 */
const domainOrder = DOMAIN_LAYERS.flatMap((layer, i) =>
  layer.map((domain) => {
    const above = DOMAIN_LAYERS.slice(i)
      .flat()
      .filter((d) => d !== domain);
    const others = DOMAINS.filter((d) => d !== domain);
    return {
      files: [`api/${domain}/**`],
      rules: {
        '@typescript-eslint/no-restricted-imports': restrict(
          {
            group: [...reaching(above), ...composition(['../', '../../', '../../../'])],
            message: `Domains call one way (README, Architecture; DOMAIN_LAYERS in eslint.config.js): ${domain} does not import a domain of its layer or above (${above.join(', ')}), nor the composition (${COMPOSITION.join(', ')}). Announce what happened or ask through api/wiring.ts instead.`,
          },
          {
            group: reaching(others.map((d) => `${d}/**/*repository*`)).map((p) => p.replace(/\/\*$/, '')),
            message: `A domain's tables are its own: ${domain} does not import another domain's repository. Use what that domain offers the others (its rows.ts, holds.ts, service or events).`,
          },
        ),
      },
    };
  }),
);

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
        group: [...reaching(DOMAINS), ...composition(['../', '../../'])],
        message:
          'Infrastructure never imports a domain (nor the composition that knows them): the domain passes what it needs in (registry, callback, parameter).',
      }),
    },
  },
  {
    files: SHARED_TOP_LEVEL.map((file) => `api/${file}`),
    rules: {
      'no-restricted-imports': restrict({
        group: [...DOMAINS.map((domain) => `./${domain}/*`), ...composition(['./'])],
        message:
          'The files every layer shares (the app dependencies, caches, announcer, errors, …) never import a domain (nor the composition that knows them): a domain declares its own (ports, cacheKey, createAnnouncer).',
      }),
    },
  },
  ...domainOrder,
  {
    files: ['api/**/*routes.ts'],
    ignores: INFRASTRUCTURE.map((folder) => `api/${folder}/**`),
    rules: { 'no-restricted-imports': restrict(routeToRoute) },
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
