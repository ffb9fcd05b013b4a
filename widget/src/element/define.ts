/**
 * `<invoice-pay>` itself, without React: what a merchant's page runs at once. It reserves the pay
 * form's space in its shadow root from the first frame (the loading view, same box as the form),
 * and loads the pay flow (React and the rest, widget/src/flow) and the pay session side by side only
 * when the element nears the viewport or is touched — or at once with `loading="eager"`. Attributes
 * and properties mirror each other (./attributes.ts); a property set before this script ran is
 * kept. The flow then renders into the same shadow root and follows every attribute change.
 */
import { DE_LOADING, EN_LOADING } from '../i18n/loading-texts.ts';
import { emit, eventDetail } from '../lib/events.ts';
import { linkQuery, prefetchSession } from '../../../client/session-request.ts';
import {
  LINK_ATTRIBUTES,
  OBSERVED_ATTRIBUTES,
  defineProperties,
  parseBoolean,
  upgradeProperties,
} from './attributes.ts';
import type { FlowHandle, FlowModule, WidgetProps } from './props.ts';
import { adoptStyles } from './stylesheet.ts';

export const TAG_NAME = 'invoice-pay';

/** How far outside the viewport the flow starts loading (it should be ready when scrolled to). */
const NEAR_VIEWPORT = '600px 0px';

/** The loading view's texts from the catalogue (only these three: the rest comes with the flow). */
const loaderTexts = (lang: string | null) => (/^de\b/i.test(lang ?? '') ? DE_LOADING : EN_LOADING);

export function defineInvoicePay(
  loadFlow: (attempt: number, api: string) => Promise<FlowModule>,
  defaultApi: string,
  tag = TAG_NAME,
): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return; // loaded twice: keep the first

  let observer: IntersectionObserver | null = null;
  const near = (entries: IntersectionObserverEntry[]) => {
    for (const e of entries) if (e.isIntersecting) (e.target as InvoicePayElement).load();
  };

  class InvoicePayElement extends HTMLElement {
    static observedAttributes = OBSERVED_ATTRIBUTES;
    // Plain members, not #private ones: the ES2020 build would turn those into WeakMap lookups,
    // slower to start on the merchant's page; and assigned in the constructor, not declared with
    // initialisers, which that build turns into Object.defineProperty calls.
    declare private _root: ShadowRoot;
    declare private _placeholder: HTMLElement | null;
    declare private _flow: FlowHandle | null;
    declare private _loading: boolean;
    declare private _attempts: number;
    declare private _queued: boolean;
    declare private _link: string;

    constructor() {
      super();
      this._root = this.attachShadow({ mode: 'open' });
      this._placeholder = null;
      this._flow = null;
      this._loading = false;
      this._attempts = 0;
      this._queued = false;
      this._link = '';
      this._touched = () => this.load();
      adoptStyles(this._root, false);
    }

    connectedCallback() {
      upgradeProperties(this);
      if (!this._flow && !this._placeholder) this._showPlaceholder('loading');
      if (this._flow) return;
      for (const type of ['pointerenter', 'touchstart', 'focusin'])
        this.addEventListener(type, this._touched, { passive: true, once: true });
      // The rest in a task of its own: the host page's script run (parsing, this definition, the
      // upgrade) stays short, so a page that includes the widget gets no long task from it.
      setTimeout(() => this._start(), 0);
    }

    /** Load the flow (and ask for the pay session) now (eager), or when the element nears the viewport. */
    private _start(): void {
      if (!this.isConnected || this._flow) return;
      if (this.getAttribute('loading') === 'eager' || typeof IntersectionObserver === 'undefined') {
        this.load();
        return;
      }
      observer ??= new IntersectionObserver(near, { rootMargin: NEAR_VIEWPORT });
      observer.observe(this);
    }

    disconnectedCallback() {
      observer?.unobserve(this);
      // Moved within the page (removed and added in one task): keep the flow and its state.
      queueMicrotask(() => {
        if (this.isConnected || !this._flow) return;
        this._flow.unmount();
        this._flow = null;
        this._showPlaceholder('loading');
      });
    }

    attributeChangedCallback(name: string, old: string | null, value: string | null) {
      if (old === value) return;
      if (name === 'loading' && value === 'eager' && this.isConnected) this.load();
      if (this._queued) return;
      this._queued = true;
      queueMicrotask(() => {
        this._queued = false;
        if (this._flow) this._flow.update(this._props());
        else if (this._placeholder && name === 'lang') this._showPlaceholder('loading');
        // (Until the flow is wanted nothing is asked: load() asks for the session with the flow.)
        if (this._loading && LINK_ATTRIBUTES.includes(name)) this._prefetch();
      });
    }

    declare private _touched: () => void;

    /**
     * Load and mount the pay flow (once), asking for the pay session at the same time: both arrive
     * together, and a page whose element is never scrolled to asks the server nothing.
     */
    load(): void {
      if (this._flow || this._loading || !this.isConnected) return;
      this._loading = true;
      this._prefetch();
      observer?.unobserve(this);
      adoptStyles(this._root, true); // the flow's look, parsed now that it is needed
      loadFlow(this._attempts++, this._props().api).then(
        (flow) => {
          this._loading = false;
          if (!this.isConnected || this._flow) return;
          this._flow = flow.mountFlow({
            host: this,
            root: this._root,
            props: this._props(),
            onRendered: () => {
              this._placeholder?.remove();
              this._placeholder = null;
            },
          });
        },
        (err: unknown) => {
          this._loading = false;
          this._showPlaceholder('failed');
          const invoice = this.getAttribute('invoice');
          emit(
            this,
            'error',
            eventDetail(null, null, {
              invoice,
              reference: this.getAttribute('reference'),
              message: loaderTexts(this._lang()).loadError,
              code: 'load_failed',
            }),
          );
          console.error('invoice-pay: the payment form could not be loaded', err);
        },
      );
    }

    private _lang(): string | null {
      return (
        this.getAttribute('lang') ||
        this.closest('[lang]')?.getAttribute('lang') ||
        document.documentElement.lang ||
        null
      );
    }

    private _props(): WidgetProps {
      const a = (name: string) => this.getAttribute(name) ?? undefined;
      return {
        merchant: a('merchant'),
        shortcode: a('shortcode'),
        invoice: a('invoice'),
        amount: a('amount'),
        currency: a('currency'),
        api: (a('api')?.trim() || defaultApi).replace(/\/+$/, ''),
        locale: a('locale'),
        lang: this._lang(),
        debug: parseBoolean(this.getAttribute('debug')),
        customerEmail: a('customer-email'),
        reference: a('reference'),
        returnUrl: a('return-url'),
      };
    }

    /** Ask for the pay session now, so it is there when the flow renders (client/session-request.ts). */
    private _prefetch(): void {
      if (this._flow || !this.isConnected) return;
      const p = this._props();
      const q = linkQuery(p);
      const key = JSON.stringify([p.api, q]);
      if (key === this._link || !q.invoice || !(q.merchant || q.shortcode) || !/^[A-Z]{3}$/.test(q.currency!))
        return;
      this._link = key;
      try {
        prefetchSession(p.api, q);
      } catch {
        /* the flow asks again */
      }
    }

    /** The loading view (the pay form's box), or the load failure with a retry. */
    private _showPlaceholder(kind: 'loading' | 'failed'): void {
      const texts = loaderTexts(this._lang());
      const panel = document.createElement('div');
      panel.className = 'panel';
      panel.setAttribute('part', 'root');
      const status = document.createElement('div');
      status.className = 'status-view';
      status.setAttribute('role', kind === 'loading' ? 'status' : 'alert');
      const text = document.createElement('p');
      text.textContent = kind === 'loading' ? texts.loading : texts.loadError;
      status.append(text);
      if (kind === 'failed') {
        const retry = document.createElement('button');
        retry.type = 'button';
        retry.className = 'primary';
        retry.textContent = texts.tryAgain;
        retry.addEventListener('click', () => {
          this._showPlaceholder('loading');
          this.load();
        });
        const actions = document.createElement('div');
        actions.className = 'actions';
        actions.append(retry);
        status.append(actions);
      } else {
        panel.setAttribute('aria-busy', 'true');
      }
      panel.append(status);
      this._placeholder?.remove();
      this._placeholder = panel;
      this._root.append(panel);
    }
  }

  defineProperties(InvoicePayElement.prototype);
  customElements.define(tag, InvoicePayElement);
}
