import { launchBrowser } from './tests/e2e/support/browser.ts';
import { createConnectedMerchant } from './tests/e2e/support/pay-fixtures.ts';
import { startServer } from './tests/e2e/support/server.ts';
const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
const m = createConnectedMerchant(server);
for (let i = 0; i < 6; i++) {
  const ctx = await browser.newContext(); const page = await ctx.newPage();
  await page.goto(`${server.baseUrl}/pay/${m.id}?INVOICENUMBER=INV-${i}&AMOUNTDUE=10`, { waitUntil: 'commit' });
  const t = await (await page.waitForFunction(() => { const i = document.querySelector('invoice-pay')?.shadowRoot?.querySelector('#ip-am'); return i ? performance.now() : false; }, undefined, { polling: 'raf' })).jsonValue();
  const entries = await page.evaluate(() => performance.getEntries().map((e: any) => `${e.entryType} ${e.name.replace(/^http:\/\/[^/]+/, '').slice(0, 50)} start=${e.startTime.toFixed(0)} end=${(e.responseEnd ?? e.startTime + e.duration).toFixed(0)}`));
  if (i > 3) console.log(t, '\n' + entries.join('\n'));
  else console.log(t);
  await ctx.close();
}
await browser.close(); await server.stop();
