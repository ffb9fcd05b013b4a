/**
 * The console's texts for the embed codes of a merchant (admin/src/merchants/EmbedPanel.tsx) and
 * its hosted pay page branding (logo and brand colour, in the merchant form and details).
 */
export const embed = {
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
      script: 'Script tag (any page, website builders)',
      pinned: 'Pinned version with Subresource Integrity',
      react: 'React (npm package from your server)',
      wordpress: 'WordPress shortcode (InvoicePay plugin)',
      link: 'Xero / QuickBooks payment link',
    },
    downloads: {
      wordpress: 'Download the WordPress plugin (zip)',
    },
    hints: {
      script: 'Always the latest widget. Replace the invoice number and amount, or leave the amount out.',
      pinned: 'This exact build (%{version}): upgrade by copying the code again after an update.',
      react: 'Install the package, then render the component; set api to your InvoicePay address.',
      wordpress:
        'Install the plugin (WordPress 6.0 or later: Plugins → Add New → Upload), then put the shortcode in a Shortcode block. It reads the invoice and amount from the page link; add invoice="…" amount="…" for a fixed one.',
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
