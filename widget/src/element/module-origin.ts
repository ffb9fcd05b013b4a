/**
 * The default `api` of the ES module builds: the origin the module was loaded from (right when it is
 * loaded from the InvoicePay server itself; bundled into an app it is the app's, so set `api`).
 */
export function moduleOrigin(url: string): string {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? location.origin : origin;
  } catch {
    return typeof location === 'undefined' ? '' : location.origin;
  }
}
