/**
 * `<invoice-pay>` itself, without React: what a merchant's page runs at once. It reserves the pay
 * form's space in its shadow root from the first frame (the loading view, same box as the form),
 * starts the pay-session request, and loads the pay flow (React and the rest, widget/src/flow) only
 * when the element nears the viewport or is touched — or at once with `loading="eager"`. Attributes
 * and properties mirror each other (./attributes.ts); a property set before this script ran is
 * kept. The flow then renders into the same shadow root and follows every attribute change.
 */
import * as de from '../i18n/de.ts';
import * as en from '../i18n/en.ts';
import { emit, eventDetail } from '../lib/events.ts';
import { linkQuery, prefetchSession } from '../lib/session-request.ts';
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
const loaderTexts = (lang: string | null) =>
  /^de\b/i.test(lang ?? '')
    ? { loading: de.loading, loadError: de.loadError, tryAgain: de.tryAgain }
    : { loading: en.loading, loadError: en.loadError, tryAgain: en.tryAgain };

export function defineInvoicePay(
  loadFlow: (attempt: number) => Promise<FlowModule>,
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
    #root: ShadowRoot;
    #placeholder: HTMLElement | null = null;
    #flow: FlowHandle | null = null;
    #loading = false;
    #attempts = 0;
    #queued = false;
    #link = '';

    constructor() {
      super();
      this.#root = this.attachShadow({ mode: 'open' });
      adoptStyles(this.#root);
    }

    connectedCallback() {
      upgradeProperties(this);
      if (!this.#flow && !this.#placeholder) this.#showPlaceholder('loading');
      this.#prefetch();
      if (this.#flow) return;
      if (this.getAttribute('loading') === 'eager' || typeof IntersectionObserver === 'undefined') {
        this.load();
        return;
      }
      observer ??= new IntersectionObserver(near, { rootMargin: NEAR_VIEWPORT });
      observer.observe(this);
      for (const type of ['pointerenter', 'touchstart', 'focusin'])
        this.addEventListener(type, this.#touched, { passive: true, once: true });
    }

    disconnectedCallback() {
      observer?.unobserve(this);
      // Moved within the page (removed and added in one task): keep the flow and its state.
      queueMicrotask(() => {
        if (this.isConnected || !this.#flow) return;
        this.#flow.unmount();
        this.#flow = null;
        this.#showPlaceholder('loading');
      });
    }

    attributeChangedCallback(name: string, old: string | null, value: string | null) {
      if (old === value) return;
      if (name === 'loading' && value === 'eager' && this.isConnected) this.load();
      if (this.#queued) return;
      this.#queued = true;
      queueMicrotask(() => {
        this.#queued = false;
        if (this.#flow) this.#flow.update(this.#props());
        else if (this.#placeholder && name === 'lang') this.#showPlaceholder('loading');
        if (LINK_ATTRIBUTES.includes(name)) this.#prefetch();
      });
    }

    #touched = () => this.load();

    /** Load and mount the pay flow (once). */
    load(): void {
      if (this.#flow || this.#loading || !this.isConnected) return;
      this.#loading = true;
      observer?.unobserve(this);
      loadFlow(this.#attempts++).then(
        (flow) => {
          this.#loading = false;
          if (!this.isConnected || this.#flow) return;
          this.#flow = flow.mountFlow({
            host: this,
            root: this.#root,
            props: this.#props(),
            onRendered: () => {
              this.#placeholder?.remove();
              this.#placeholder = null;
            },
          });
        },
        (err: unknown) => {
          this.#loading = false;
          this.#showPlaceholder('failed');
          const invoice = this.getAttribute('invoice');
          emit(
            this,
            'error',
            eventDetail(null, null, {
              invoice,
              reference: this.getAttribute('reference'),
              message: loaderTexts(this.#lang()).loadError,
              code: 'load_failed',
            }),
          );
          console.error('invoice-pay: the payment form could not be loaded', err);
        },
      );
    }

    #lang(): string | null {
      return (
        this.getAttribute('lang') ||
        this.closest('[lang]')?.getAttribute('lang') ||
        document.documentElement.lang ||
        null
      );
    }

    #props(): WidgetProps {
      const a = (name: string) => this.getAttribute(name) ?? undefined;
      return {
        merchant: a('merchant'),
        shortcode: a('shortcode'),
        invoice: a('invoice'),
        amount: a('amount'),
        currency: a('currency'),
        api: (a('api')?.trim() || defaultApi).replace(/\/+$/, ''),
        locale: a('locale'),
        lang: this.#lang(),
        debug: parseBoolean(this.getAttribute('debug')),
        customerEmail: a('customer-email'),
        reference: a('reference'),
        returnUrl: a('return-url'),
      };
    }

    /** Ask for the pay session now, so it is there when the flow renders (lib/session-request.ts). */
    #prefetch(): void {
      if (this.#flow || !this.isConnected) return;
      const p = this.#props();
      const q = linkQuery(p);
      const key = JSON.stringify([p.api, q]);
      if (key === this.#link || !q.invoice || !(q.merchant || q.shortcode) || !/^[A-Z]{3}$/.test(q.currency!))
        return;
      this.#link = key;
      try {
        prefetchSession(p.api, q);
      } catch {
        /* the flow asks again */
      }
    }

    /** The loading view (the pay form's box), or the load failure with a retry. */
    #showPlaceholder(kind: 'loading' | 'failed'): void {
      const texts = loaderTexts(this.#lang());
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
          this.#showPlaceholder('loading');
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
      this.#placeholder?.remove();
      this.#placeholder = panel;
      this.#root.append(panel);
    }
  }

  defineProperties(InvoicePayElement.prototype);
  customElements.define(tag, InvoicePayElement);
}
