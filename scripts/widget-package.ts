/**
 * The widget's npm package, built by `npm run build` (scripts/build-widget.ts) and packed by
 * `npm pack` itself: dist/package/invoice-pay-<version>.tgz. It holds both builds (the standalone
 * loader with its flow chunks, the ES module with React external), TypeScript declarations for the
 * element, React 19 and Vue (widget/types), and custom-elements.json generated from
 * widget/src/element/api-docs.ts. The same tarball is served, content-addressed, at
 * /widget/invoice-pay-<version>-<hash>.tgz (manifest.json `package`), so agencies install it with
 * `npm install https://pay.example.com/widget/invoice-pay-….tgz`.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { ATTRIBUTE_DOCS, CSS_PROPERTY_DOCS, EVENT_DOCS, PART_DOCS } from '../widget/src/element/api-docs.ts';
import { contentHash, writeManifest, type WidgetManifest } from './widget-release.ts';

export const PACKAGE_DIR = 'dist/package';
const STAGE = join(PACKAGE_DIR, 'stage');
const MODULE_PATH = 'dist/invoice-pay.esm.js';

/** custom-elements.json (schema 1.0.0): what editors and Storybook-like tools read. */
export function customElementsManifest(version: string) {
  const declaration = {
    kind: 'class',
    name: 'InvoicePayElement',
    tagName: 'invoice-pay',
    customElement: true,
    description: `Card payments on an invoice (InvoicePay ${version}): amount, payment details, a server-confirmed payment.`,
    attributes: ATTRIBUTE_DOCS.map((a) => ({
      name: a.name,
      fieldName: a.property,
      type: { text: a.type },
      description: a.description,
      ...(a.default ? { default: JSON.stringify(a.default) } : {}),
    })),
    members: ATTRIBUTE_DOCS.map((a) => ({
      kind: 'field',
      name: a.property,
      attribute: a.name,
      reflects: true,
      type: { text: a.type === 'boolean' ? 'boolean' : `${a.type} | undefined` },
      description: a.description,
    })),
    events: EVENT_DOCS.map((e) => ({
      name: e.name,
      type: { text: 'CustomEvent<InvoicePayEventDetail>' },
      description: e.description,
    })),
    cssProperties: CSS_PROPERTY_DOCS,
    cssParts: PART_DOCS,
  };
  return {
    schemaVersion: '1.0.0',
    readme: 'README.md',
    modules: [
      {
        kind: 'javascript-module',
        path: MODULE_PATH,
        declarations: [declaration],
        exports: [
          {
            kind: 'custom-element-definition',
            name: 'invoice-pay',
            declaration: { name: 'InvoicePayElement', module: MODULE_PATH },
          },
          { kind: 'js', name: 'InvoicePay', declaration: { name: 'InvoicePay', module: MODULE_PATH } },
        ],
      },
    ],
  };
}

function packageJson(version: string, loader: string) {
  return {
    name: 'invoice-pay',
    version,
    description:
      'The <invoice-pay> web component: card payments on Xero and QuickBooks invoices (InvoicePay).',
    type: 'module',
    main: './dist/invoice-pay.esm.js',
    module: './dist/invoice-pay.esm.js',
    types: './types/index.d.ts',
    exports: {
      '.': { types: './types/index.d.ts', default: './dist/invoice-pay.esm.js' },
      './vue': { types: './types/vue.d.ts' },
      './standalone': `./dist/${loader}`,
      './custom-elements.json': './custom-elements.json',
      './package.json': './package.json',
    },
    customElements: 'custom-elements.json',
    sideEffects: ['./dist/*.js'],
    files: ['dist', 'types', 'custom-elements.json', 'README.md'],
    peerDependencies: { react: '^19.0.0', 'react-dom': '^19.0.0' },
    peerDependenciesMeta: { react: { optional: true }, 'react-dom': { optional: true } },
    license: 'UNLICENSED',
  };
}

const README = `# invoice-pay

The \`<invoice-pay>\` web component of InvoicePay. Full reference: docs/embedding.md of your InvoicePay
server's repository, or its /api/docs.

- **React 19** (\`import { InvoicePay } from 'invoice-pay'\`): the ES module (React external) defines the
  element; \`<InvoicePay api="https://pay.example.com" merchant="…" invoice="INV-1" onPayment={(e) => …} />\`
  has typed props and callbacks. Or use \`<invoice-pay … oninvoice-pay:payment={…}>\` directly.
- **Vue 3**: load the script from your InvoicePay server, and \`import type {} from 'invoice-pay/vue'\` for
  typed templates (\`vue-tsc\`).
- **Any page**: \`<script src="https://pay.example.com/widget/invoice-pay.js" defer></script>\` (also in
  \`dist/invoice-pay.js\` with the loader and flow chunks it adds, to host yourself; \`invoice-pay/standalone\`
  is the loader itself, for bundlers).
- \`custom-elements.json\`: attributes, events, CSS custom properties and parts for editors.

Event amounts are integer minor units (cents).
`;

export async function writeWidgetPackage(
  manifest: WidgetManifest,
  widgetDir = 'dist/widget',
): Promise<string> {
  rmSync(PACKAGE_DIR, { recursive: true, force: true });
  mkdirSync(join(STAGE, 'dist'), { recursive: true });
  mkdirSync(join(STAGE, 'types'), { recursive: true });
  const files = [
    'invoice-pay.js',
    manifest.loader.path.replace('/widget/', ''),
    'invoice-pay.esm.js',
    ...[manifest.flow.entry, ...manifest.flow.imports, ...manifest.flow.lazy, ...manifest.module.chunks].map(
      (e) => e.path.replace('/widget/', ''),
    ),
  ];
  for (const name of files) copyFileSync(join(widgetDir, name), join(STAGE, 'dist', name));
  cpSync('widget/types', join(STAGE, 'types'), { recursive: true });
  writeFileSync(
    join(STAGE, 'custom-elements.json'),
    `${JSON.stringify(customElementsManifest(manifest.version), null, 2)}\n`,
  );
  writeFileSync(
    join(STAGE, 'package.json'),
    `${JSON.stringify(packageJson(manifest.version, manifest.loader.path.replace('/widget/', '')), null, 2)}\n`,
  );
  writeFileSync(join(STAGE, 'README.md'), README);
  copyFileSync('widget/types/index.d.ts', join(widgetDir, 'invoice-pay.d.ts'));

  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', '..'], {
    cwd: STAGE,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [{ filename }] = JSON.parse(out) as { filename: string }[];
  const tarball = join(PACKAGE_DIR, filename);
  rmSync(STAGE, { recursive: true, force: true });

  // Served beside the widget under a content-addressed name (decision 0007), listed in the manifest.
  const body = readFileSync(tarball);
  const served = `invoice-pay-${manifest.version}-${contentHash(body)}.tgz`;
  copyFileSync(tarball, join(widgetDir, served));
  manifest.package = {
    path: `/widget/${served}`,
    file: filename,
    integrity: `sha512-${createHash('sha512').update(body).digest('base64')}`,
    bytes: body.length,
  };
  writeManifest(widgetDir, manifest);
  return tarball;
}
