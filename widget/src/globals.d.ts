/** Build-time constant (widget/vite.config.ts): true in the ES module build. */
declare const __WIDGET_ESM__: boolean;
