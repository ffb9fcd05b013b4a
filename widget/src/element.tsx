/**
 * Registers the `<invoice-pay>` custom element: React via @r2wc/react-to-web-component with an open
 * shadow root. Attributes and properties (both react to changes): merchant, shortcode, invoice,
 * amount (major units as the accounting tool writes them, "1,250.00"), currency, api (API origin;
 * default: where the script came from), locale (default en-US), debug (boolean: present = on).
 * Events: invoice-pay:ready | payment | paid | error | end (see lib/events.ts).
 *
 * @example
 *   <script src="https://pay.example.com/widget/invoice-pay.js"></script>
 *   <invoice-pay merchant="8c1f…" invoice="INV-0042" amount="1,250.00" currency="AUD"></invoice-pay>
 *   <script>document.querySelector('invoice-pay').addEventListener('invoice-pay:paid', (e) => console.log(e.detail))</script>
 */
import r2wc from '@r2wc/react-to-web-component';
import { InvoicePay, type InvoicePayProps } from './InvoicePay.tsx';

export const TAG_NAME = 'invoice-pay';

const STRING_PROPS = ['merchant', 'shortcode', 'invoice', 'amount', 'currency', 'api', 'locale'] as const;

// r2wc 2 keeps props and its render method under these registered symbols. Its attribute handling
// ignores removed or empty attributes (`debug` written without a value, or `removeAttribute`), so
// the subclass below applies those itself.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

type R2wcInternals = HTMLElement & {
  [PROPS]: Record<string, unknown>;
  [RENDER](): void;
  attributeChangedCallback?(name: string, old: string | null, value: string | null): void;
};

const parseDebug = (value: string | null) => value !== null && !/^(false|0|off|no)$/i.test(value);

export function defineInvoicePay(tag = TAG_NAME): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return; // loaded twice: keep the first
  const Base = r2wc(InvoicePay, {
    shadow: 'open',
    props: { ...Object.fromEntries(STRING_PROPS.map((p) => [p, 'string'])), debug: 'boolean' } as Record<
      Exclude<keyof InvoicePayProps, 'container'>,
      'string' | 'boolean'
    >,
  }) as unknown as { new (): R2wcInternals };

  class InvoicePayElement extends Base {
    constructor() {
      super();
      this[PROPS].debug = parseDebug(this.getAttribute('debug'));
    }

    override attributeChangedCallback(name: string, old: string | null, value: string | null) {
      if (name === 'debug') {
        this[PROPS].debug = parseDebug(value);
        this[RENDER]();
      } else if (value === null || value === '') {
        this[PROPS][name] = undefined;
        this[RENDER]();
      } else {
        super.attributeChangedCallback?.(name, old, value);
      }
    }
  }
  // `el.debug = false` must remove the attribute rather than write debug="false".
  Object.defineProperty(InvoicePayElement.prototype, 'debug', {
    configurable: true,
    enumerable: true,
    get(this: R2wcInternals) {
      return Boolean(this[PROPS].debug);
    },
    set(this: R2wcInternals, v: unknown) {
      if (v) this.setAttribute('debug', '');
      else this.removeAttribute('debug');
    },
  });
  customElements.define(tag, InvoicePayElement);
}
