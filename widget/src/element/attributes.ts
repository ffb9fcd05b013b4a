/**
 * The element's attributes and the properties that mirror them (docs/embedding.md). Every property
 * reads and writes its attribute, so the two never disagree: `el.invoice = 'INV-7'` sets
 * `invoice="INV-7"`, `removeAttribute('invoice')` makes `el.invoice` undefined, `el.debug = false`
 * removes `debug`.
 */
/** [attribute, property]; `debug` is the one boolean. Documented in ./api-docs.ts. */
export const ATTRIBUTES: readonly (readonly [attribute: string, property: string])[] = [
  ['merchant', 'merchant'],
  ['shortcode', 'shortcode'],
  ['invoice', 'invoice'],
  ['amount', 'amount'],
  ['currency', 'currency'],
  ['api', 'api'],
  ['locale', 'locale'],
  ['theme', 'theme'],
  ['customer-email', 'customerEmail'],
  ['reference', 'reference'],
  ['return-url', 'returnUrl'],
  ['loading', 'loading'],
  ['debug', 'debug'],
];

/** `lang` is HTML's own global attribute (and property); the element observes it too. */
export const OBSERVED_ATTRIBUTES = [...ATTRIBUTES.map(([attribute]) => attribute), 'lang'];

/** The attributes that name the pay session: a change starts a new one. */
export const LINK_ATTRIBUTES = ['merchant', 'shortcode', 'invoice', 'amount', 'currency', 'api'];

export const parseBoolean = (value: string | null) => value !== null && !/^(false|0|off|no)$/i.test(value);

/** Define the mirroring properties on the element's prototype. */
export function defineProperties(proto: HTMLElement): void {
  for (const [attribute, property] of ATTRIBUTES) {
    const boolean = attribute === 'debug';
    Object.defineProperty(proto, property, {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        const value = this.getAttribute(attribute);
        return boolean ? parseBoolean(value) : (value ?? undefined);
      },
      set(this: HTMLElement, value: unknown) {
        if (boolean) {
          if (value) this.setAttribute(attribute, '');
          else this.removeAttribute(attribute);
        } else if (value === null || value === undefined || value === '') {
          this.removeAttribute(attribute);
        } else {
          this.setAttribute(attribute, String(value));
        }
      },
    });
  }
}

/**
 * A property set on the element before its definition loaded is an own property that hides the
 * prototype's accessor: take it off and set it again through the accessor (so it becomes the
 * attribute, as if set after upgrade).
 */
export function upgradeProperties(el: HTMLElement): void {
  const own = el as unknown as Record<string, unknown>;
  for (const [, property] of ATTRIBUTES) {
    if (!Object.prototype.hasOwnProperty.call(el, property)) continue;
    const value = own[property];
    delete own[property];
    own[property] = value;
  }
}
