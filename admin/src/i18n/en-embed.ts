/**
 * The console's texts for the embed codes of a merchant (admin/src/merchants/EmbedPanel.tsx) and
 * its hosted pay page branding (logo and brand colour, in the merchant form and details).
 */
export const embed = {
  widget_releases: {
    title: 'Widget releases',
    intro:
      "Every release of the widget this server still serves. A page, a WordPress setting or a lockfile pinned to one keeps working after every deploy; upgrade by copying the newer release's script and integrity.",
    none: 'No release is published yet: the server publishes its build when it starts.',
    failed: 'The releases could not be read.',
    version: 'Version',
    published: 'Published',
    script: 'Pinned script',
    package: 'npm package',
    current: 'current',
    copy_sri: 'Copy SRI',
    copy_integrity: 'Copy the integrity (SRI hash) of %{version}',
    copied: 'Integrity copied',
  },
  embed: {
    title: 'Embed',
    intro:
      "Copy-ready codes for this merchant's website or accounting tool. The widget calls %{base}; every amount is decided there.",
    loading: 'Loading the widget version…',
    manifest_failed: 'The widget build could not be read: the pinned and React codes are not available.',
    copy: 'Copy',
    copied: 'Copied!',
    copied_toast: 'Embed code copied',
    copy_failed: 'Failed to copy the code',
    kinds: {
      script: 'HTML: script tag (any page, website builders)',
      pinned: 'HTML: pinned version with Subresource Integrity',
      jsx: 'React, JSX (npm package from your server)',
      tsx: 'React, TSX (typed)',
      vue: 'Vue 3 single-file component',
      wordpress: 'WordPress shortcode (InvoicePay plugin)',
      wordpress_block: 'WordPress Custom HTML block (InvoicePay plugin)',
      link: 'Xero / QuickBooks payment link',
    },
    amount_label: 'Amount',
    amount_fixed: 'The invoice’s amount is in the code',
    amount_typed: 'Leave it out: the customer types what to pay',
    downloads: {
      wordpress: 'Download the WordPress plugin (zip)',
    },
    hints: {
      script: 'Always the latest widget. Paste into any HTML page; replace the invoice number (and amount).',
      pinned: 'This exact build (%{version}): upgrade by copying the code again after an update.',
      jsx: 'Install the package (the comment’s command), save as PayInvoice.jsx and render <PayInvoice invoice="…" />.',
      tsx: 'The same in TypeScript: save as PayInvoice.tsx; a missing merchant or misspelt event is a type error.',
      vue: 'Install the package, save as PayInvoice.vue and use <PayInvoice invoice="…" />. Optional: isCustomElement: (tag) => tag === "invoice-pay" in the Vue plugin’s compilerOptions silences the dev warning.',
      wordpress:
        'Install the plugin (WordPress 6.0 or later: Plugins → Add New → Upload), then put the shortcode in a Shortcode block. Without an amount it reads the invoice and amount from the page link (Xero’s and QuickBooks’ Pay now).',
      wordpress_block:
        'With the plugin installed, paste into a Custom HTML block: the plugin loads the script on pages that hold the element.',
      link: 'Xero: Invoice settings → Payment services → Custom payment URL. QuickBooks: a custom invoice message.',
    },
  },
  branding: {
    logo_url: 'Logo URL (https)',
    logo_hint: 'Shown at the top of the hosted pay page',
    brand_color: 'Brand colour',
    brand_color_hint: 'Hex colour such as #0f5132 for the pay page accent (dark enough for white text)',
    logo_invalid: 'The logo must be an https:// URL',
    color_invalid: 'The brand colour must be a hex colour such as #0f5132',
    color_too_light:
      'The brand colour is too light for white text (contrast %{ratio}:1, at least 4.5:1 needed)',
    none: 'None (the product colour)',
    logo_alt: '%{name} logo',
  },
};
