/**
 * The blog's browser sanitiser (`site/src/features/blog/sanitize-dom.ts`) run in real Chromium,
 * whose HTML parser is the one that matters: hostile markup that never went through the server's
 * sanitiser comes out inert, and inserting the result into a live page runs nothing.
 */
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';

declare global {
  interface Window {
    sanitizeForDisplay(html: string, base?: string): string;
    __xss?: unknown;
  }
}

const HOSTILE: string[] = [
  '<script>window.__xss = "script"</script>',
  '<img src="x" onerror="window.__xss = \'onerror\'">',
  '<img src=x oNeRrOr=window.__xss=1>',
  '<a href="javascript:window.__xss=\'js-link\'">click</a>',
  '<a href=" jav&#x09;ascript:window.__xss=1">tab</a>',
  '<a href="JAVASCRIPT:window.__xss=1">upper</a>',
  '<iframe srcdoc="<script>parent.__xss=\'srcdoc\'</script>"></iframe>',
  '<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">',
  '<svg onload="window.__xss=\'svg\'"><script>window.__xss=1</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=\'mxss\'">',
  '<details open ontoggle="window.__xss=\'toggle\'">x</details>',
  '<form action="javascript:window.__xss=1"><button>go</button></form>',
  '<p style="background:url(javascript:window.__xss=1)" onclick="window.__xss=1">styled</p>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=\'noscript\'>"></noscript>',
  '<a href="data:text/html,<script>parent.__xss=1</script>">data</a>',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  '<div><!-- comment --><span class="evil blog-p">class</span></div>',
];

describe('browser blog sanitiser in Chromium', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    const bundle = await build({
      entryPoints: ['site/src/features/blog/sanitize-dom.ts'],
      bundle: true,
      format: 'iife',
      globalName: 'blogSanitizer',
      write: false,
      target: 'es2022',
    });
    browser = await launchBrowser();
    page = await browser.newPage();
    page.on('dialog', (d) => {
      void d.dismiss();
      void page.evaluate(() => (window.__xss = 'dialog'));
    });
    await page.setContent('<!doctype html><html><body><div id="out"></div></body></html>');
    await page.addScriptTag({
      content: `${bundle.outputFiles[0].text}\nwindow.sanitizeForDisplay = blogSanitizer.sanitizeForDisplay;`,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const sanitize = (html: string) =>
    page.evaluate((h) => window.sanitizeForDisplay(h, 'https://pay.example/blog/post'), html);

  it('keeps ordinary formatting, safe links and images', async () => {
    expect(await sanitize('<h2 class="blog-h2">Hi</h2><p>Text <strong>bold</strong> <em>it</em></p>')).toBe(
      '<h2 class="blog-h2">Hi</h2><p>Text <strong>bold</strong> <em>it</em></p>',
    );
    expect(await sanitize('<a href="https://x.example/a?b=1" title="t">x</a>')).toBe(
      '<a href="https://x.example/a?b=1" title="t" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(await sanitize('<a href="mailto:a@b.example">mail</a>')).toContain('href="mailto:a@b.example"');
    expect(await sanitize('<img src="https://x.example/a.png" alt="A" width="10">')).toBe(
      '<img src="https://x.example/a.png" alt="A" width="10">',
    );
    expect(
      await sanitize('<ul><li>a</li></ul><table><tbody><tr><td colspan="2">c</td></tr></tbody></table>'),
    ).toBe('<ul><li>a</li></ul><table><tbody><tr><td colspan="2">c</td></tr></tbody></table>');
  });

  it('gives an image without a text alternative an empty alt (decorative)', async () => {
    expect(await sanitize('<img src="https://x.example/a.png">')).toBe(
      '<img src="https://x.example/a.png" alt="">',
    );
  });

  it('unwraps unknown elements but keeps their text', async () => {
    expect(await sanitize('<custom-el><p>inside</p></custom-el><font color="red">old</font>')).toBe(
      '<p>inside</p>old',
    );
  });

  it.each(HOSTILE)('neutralises %s', async (html) => {
    const out = await sanitize(html);
    const lower = out.toLowerCase();
    for (const bad of [
      '<script',
      '<iframe',
      '<object',
      '<embed',
      '<svg',
      '<math',
      '<form',
      '<style',
      ' on',
      'javascript:',
      'srcdoc',
      'data:',
      'style=',
      'evil',
    ]) {
      expect(lower).not.toContain(bad);
    }
    // Inserting the result into the live page runs nothing.
    await page.evaluate((h) => {
      window.__xss = undefined;
      document.getElementById('out')!.innerHTML = h;
      document
        .querySelectorAll('#out details')
        .forEach((d) => ((d as HTMLDetailsElement).open = !(d as HTMLDetailsElement).open));
    }, out);
    await page.waitForTimeout(50);
    expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  });

  it('the raw hostile markup does fire when not sanitised (the check above can fail)', async () => {
    await page.evaluate(() => {
      window.__xss = undefined;
      document.getElementById('out')!.innerHTML = '<img src="x" onerror="window.__xss = \'raw\'">';
    });
    await page.waitForFunction(() => window.__xss === 'raw');
  });
});
