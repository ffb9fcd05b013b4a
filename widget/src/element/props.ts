/**
 * What the element hands the pay flow (widget/src/flow/mount.tsx): its attributes, resolved — the
 * API origin (the `api` attribute, or where the script came from), the language (the `lang`
 * attribute, or the page's) — and the contract of a mounted flow.
 */
export interface WidgetProps {
  merchant?: string;
  shortcode?: string;
  invoice?: string;
  amount?: string;
  currency?: string;
  api: string;
  locale?: string;
  lang: string | null;
  debug: boolean;
  customerEmail?: string;
  reference?: string;
  returnUrl?: string;
}

export interface FlowOptions {
  host: HTMLElement;
  /** The element's shadow root (its stylesheet adopted already). */
  root: ShadowRoot;
  props: WidgetProps;
  /** Called once the flow's first view is on screen (the loading view is then removed). */
  onRendered(): void;
}

export interface FlowHandle {
  update(props: WidgetProps): void;
  unmount(): void;
}

export interface FlowModule {
  mountFlow(options: FlowOptions): FlowHandle;
}
