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
import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { zip } from './zip.ts';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import {
  ATTRIBUTE_DOCS,
  CSS_PROPERTY_DOCS,
  EVENT_DOCS,
  METHOD_DOCS,
  PART_DOCS,
} from '../widget/src/element/api-docs.ts';
import { chunksOf, contentHash, writeManifest, type WidgetManifest } from './widget-release.ts';

export const PACKAGE_DIR = 'dist/package';
const STAGE = join(PACKAGE_DIR, 'stage');
const MODULE_PATH = 'dist/invoice-pay.esm.js';
const ELEMENT_MODULE_PATH = 'dist/invoice-pay.element.js';

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
    members: [
      ...ATTRIBUTE_DOCS.map((a) => ({
        kind: 'field',
        name: a.property,
        attribute: a.name,
        reflects: true,
        type: { text: a.type === 'boolean' ? 'boolean' : `${a.type} | undefined` },
        description: a.description,
      })),
      ...METHOD_DOCS.map((m) => ({
        kind: 'method',
        name: m.name,
        return: { type: { text: 'void' } },
        description: m.description,
      })),
    ],
    events: EVENT_DOCS.map((e) => ({
      name: e.name,
      type: { text: 'CustomEvent<InvoicePayEventDetail>' },
      description: e.description,
    })),
    cssProperties: CSS_PROPERTY_DOCS,
    cssParts: PART_DOCS,
  };
  const define = {
    kind: 'function',
    name: 'defineInvoicePay',
    description: 'Registers <invoice-pay> (importing the module does; a second call is a no-op).',
    return: { type: { text: 'void' } },
  };
  // The element is declared where it is defined: both ES modules (with React, without).
  const moduleOf = (path: string, react: boolean) => ({
    kind: 'javascript-module',
    path,
    declarations: [declaration, define],
    exports: [
      {
        kind: 'custom-element-definition',
        name: 'invoice-pay',
        declaration: { name: 'InvoicePayElement', module: path },
      },
      { kind: 'js', name: 'defineInvoicePay', declaration: { name: 'defineInvoicePay', module: path } },
      ...(react
        ? [{ kind: 'js', name: 'InvoicePay', declaration: { name: 'InvoicePay', module: path } }]
        : []),
    ],
  });
  return {
    schemaVersion: '1.0.0',
    readme: 'README.md',
    modules: [moduleOf(MODULE_PATH, true), moduleOf(ELEMENT_MODULE_PATH, false)],
  };
}

export function packageJson(version: string, loader: string) {
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
      './element': { types: './types/element.d.ts', default: './dist/invoice-pay.element.js' },
      './vue': { types: './types/vue.d.ts' },
      './standalone': `./dist/${loader}`,
      './custom-elements.json': './custom-elements.json',
      './package.json': './package.json',
    },
    customElements: 'custom-elements.json',
    sideEffects: ['./dist/*.js'],
    files: ['dist', 'types', 'custom-elements.json', 'README.md', 'LICENSE'],
    // Only the main entry (`InvoicePay`) uses the app's React; element, standalone and Vue need none.
    peerDependencies: { react: '>=18', 'react-dom': '>=18' },
    peerDependenciesMeta: { react: { optional: true }, 'react-dom': { optional: true } },
    license: 'MIT',
  };
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * The package's README: what an agency needs without the server's repository — install, the
 * entries, the attributes, events, CSS custom properties and parts (from the element's own
 * api-docs.ts, as custom-elements.json), and where the full reference lives on the server.
 */
export const PACKAGE_README = `# invoice-pay

The \`<invoice-pay>\` web component of InvoicePay: card (and bank) payments on Xero and QuickBooks
invoices, confirmed by your InvoicePay server. MIT licence (LICENSE). The full reference is your
server's \`/api/docs\` and its \`docs/embedding.md\`; this file is enough to embed it.

## Install

From your InvoicePay server, pinned to one release (the exact URL is \`package.path\` in
\`https://pay.example.com/widget/manifest.json\`; the server keeps every release it has served):

    npm install https://pay.example.com/widget/invoice-pay-<version>-<hash>.tgz

## Entries

- **React 18 or 19** (\`import { InvoicePay } from 'invoice-pay'\`): the ES module (your app's React)
  defines the element; \`<InvoicePay api="https://pay.example.com" merchant="…" invoice="INV-1" onPayment={(e) => …} />\`
  has typed props and callbacks (\`invoice\` and \`merchant\` or \`shortcode\` required). The module
  is marked \`"use client"\`: a Server Component (Next.js App Router) may import it.
- **Any bundled app, no framework** (\`import 'invoice-pay/element'\`): defines the element; its pay form
  is a lazy chunk with its own React inside. Nothing else to install; types without React.
- **Vue 3**: \`import 'invoice-pay/element'\` and \`import type {} from 'invoice-pay/vue'\` for typed
  templates (\`vue-tsc\`); tell Vue the tag is a custom element (\`compilerOptions.isCustomElement\`).
- **Any page**: \`<script src="https://pay.example.com/widget/invoice-pay.js" defer></script>\` (also in
  \`dist/invoice-pay.js\` with the loader and flow chunks it adds, to host yourself). \`invoice-pay/standalone\`
  is that loader for bundlers: it loads the pay form from the element's \`api\` server.
- \`custom-elements.json\`: the same reference as below, for editors.

Bundled into an app, the element cannot tell which server it came from: set \`api\`. Event amounts
are integer minor units (cents).

    <invoice-pay api="https://pay.example.com" merchant="YOUR-MERCHANT-ID"
                 invoice="INV-0042" amount="1,250.00" currency="AUD"></invoice-pay>

## Attributes

| attribute | type | what |
|---|---|---|
${ATTRIBUTE_DOCS.map((a) => `| \`${a.name}\` | ${cell(a.type)} | ${cell(a.description)} |`).join('\n')}

## Events

Dispatched on the element (they bubble and cross the shadow root); \`event.detail\` carries the
invoice, amounts in minor units and the payment's ids.

| event | when |
|---|---|
${EVENT_DOCS.map((e) => `| \`${e.name}\` | ${cell(e.description)} |`).join('\n')}

## Styling

Custom properties (set on the element or an ancestor) and \`invoice-pay::part(name)\`; nothing else of
the page reaches inside. \`theme="dark"\` or \`theme="auto"\` picks a built-in dark palette.

| custom property | what | default |
|---|---|---|
${CSS_PROPERTY_DOCS.map((p) => `| \`${p.name}\` | ${cell(p.description)} | ${cell(p.default ?? '')} |`).join('\n')}

Parts: ${PART_DOCS.map((p) => `\`${p.name}\``).join(', ')}.
`;

/**
 * The WordPress plugin (examples/wordpress/invoice-pay) as the zip WordPress installs from Plugins →
 * Add New → Upload: /widget/invoice-pay-wordpress.zip, offered by the console's Embed panel.
 */
function writeWordPressPlugin(widgetDir: string): { path: string; bytes: number } {
  const folder = 'examples/wordpress/invoice-pay';
  const files = readdirSync(folder).sort();
  const body = zip([
    { name: 'invoice-pay/' },
    ...files.map((f) => ({ name: `invoice-pay/${f}`, data: readFileSync(join(folder, f)) })),
  ]);
  writeFileSync(join(widgetDir, 'invoice-pay-wordpress.zip'), body);
  return { path: '/widget/invoice-pay-wordpress.zip', bytes: body.length };
}

/**
 * /widget/invoice-pay.d.ts, for TSX hosts without the package (one file, as the React example's
 * fetch script vendors it): types/index.d.ts with types/element.d.ts written into it.
 */
export function selfContainedDeclarations(): string {
  const index = readFileSync('widget/types/index.d.ts', 'utf8');
  const element = readFileSync('widget/types/element.d.ts', 'utf8').replace(/^\/\*\*[\s\S]*?\*\/\n/, '');
  const imports = /import type \{[^}]*\} from '\.\/element\.js';\n/;
  const reexport = "export * from './element.js';\n";
  if (!imports.test(index) || !index.includes(reexport))
    throw new Error('widget/types/index.d.ts: the element declarations are not imported as expected');
  return index.replace(imports, '').replace(reexport, element);
}

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
    'invoice-pay.element.js',
    ...chunksOf(widgetDir, 'invoice-pay.element.js').map((e) => e.path.replace('/widget/', '')),
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
  writeFileSync(join(STAGE, 'README.md'), PACKAGE_README);
  writeFileSync(join(widgetDir, 'invoice-pay.d.ts'), selfContainedDeclarations());
  copyFileSync('widget/LICENSE', join(STAGE, 'LICENSE'));

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
  // And under one name that always holds the latest build (the examples' package.json names it).
  copyFileSync(tarball, join(widgetDir, 'invoice-pay.tgz'));
  manifest.latest.package = '/widget/invoice-pay.tgz';
  manifest.wordpress = writeWordPressPlugin(widgetDir);
  manifest.package = {
    path: `/widget/${served}`,
    file: filename,
    integrity: `sha512-${createHash('sha512').update(body).digest('base64')}`,
    bytes: body.length,
  };
  writeManifest(widgetDir, manifest);
  return tarball;
}
