<?php
/**
 * Plugin Name:       InvoicePay
 * Description:       Card payments on your Xero and QuickBooks invoices: the [invoice_pay] shortcode shows the InvoicePay form.
 * Version:           1.0.0
 * Requires at least: 6.0
 * Requires PHP:      7.4
 * License:           MIT
 *
 * Usage, in any post or page (a Shortcode block in the block editor):
 *   [invoice_pay]                                        invoice, amount and currency from the page's link
 *   [invoice_pay invoice="INV-0042" amount="1,250.00" currency="AUD"]
 *   [invoice_pay merchant="8c1f…"]                       another merchant than the default one
 *   [invoice_pay theme="dark" lang="de" reference="PO-7" customer-email="…" return-url="…" loading="eager"]
 * Or the element itself in a Custom HTML block: <invoice-pay merchant="…" invoice="INV-0042"></invoice-pay>
 * (the plugin loads the script on any page whose content has one).
 *
 * Settings → InvoicePay: your InvoicePay address, the default merchant id, and optionally a pinned
 * widget version with its Subresource Integrity hash (from <address>/widget/manifest.json).
 */

if (!defined('ABSPATH')) {
    exit; // only ever run inside WordPress
}

const INVOICE_PAY_DEFAULT_ORIGIN = 'https://pay.example.com';

/** The InvoicePay address, without a trailing slash. */
function invoice_pay_origin(): string
{
    $origin = (string) get_option('invoice_pay_origin', INVOICE_PAY_DEFAULT_ORIGIN);
    return rtrim($origin !== '' ? $origin : INVOICE_PAY_DEFAULT_ORIGIN, '/');
}

/** The script: the latest build, or the pinned one (path from manifest.json) when set. */
function invoice_pay_register_script(): void
{
    $pinned = trim((string) get_option('invoice_pay_script_path', ''));
    $src = invoice_pay_origin() . ($pinned !== '' ? '/' . ltrim($pinned, '/') : '/widget/invoice-pay.js');
    // Deferred by the tag filter below rather than the 'strategy' argument, which needs WordPress 6.3.
    wp_register_script('invoice-pay', $src, [], null, false);
}
add_action('wp_enqueue_scripts', 'invoice_pay_register_script');

/**
 * The script tag: deferred (on every WordPress version), and for a pinned build with its Subresource
 * Integrity hash — the browser refuses the script if a byte differs.
 */
function invoice_pay_script_tag(string $tag, string $handle): string
{
    if ($handle !== 'invoice-pay') {
        return $tag;
    }
    if (strpos($tag, ' defer') === false) {
        $tag = str_replace(' src=', ' defer src=', $tag);
    }
    $integrity = trim((string) get_option('invoice_pay_integrity', ''));
    if ($integrity === '' || trim((string) get_option('invoice_pay_script_path', '')) === '') {
        return $tag;
    }
    return str_replace(' src=', sprintf(' integrity="%s" crossorigin="anonymous" src=', esc_attr($integrity)), $tag);
}
add_filter('script_loader_tag', 'invoice_pay_script_tag', 10, 2);

/** A value of the page's own link (?INVOICENUMBER=…&AMOUNTDUE=…), as Xero and QuickBooks links carry them. */
function invoice_pay_link_value(array $names): string
{
    foreach ($names as $name) {
        if (isset($_GET[$name]) && is_string($_GET[$name]) && trim($_GET[$name]) !== '') {
            return sanitize_text_field(wp_unslash($_GET[$name]));
        }
    }
    return '';
}

/**
 * [invoice_pay]: the <invoice-pay> element. Every attribute value is escaped with esc_attr; the
 * widget itself validates them again, and the server decides what may be paid.
 */
function invoice_pay_shortcode($atts): string
{
    $atts = shortcode_atts(
        [
            'merchant' => (string) get_option('invoice_pay_merchant', ''),
            'shortcode' => '',
            'invoice' => invoice_pay_link_value(['invoiceno', 'invoicenumber', 'invoiceNo', 'INVOICENUMBER', 'invoice_no']),
            'amount' => invoice_pay_link_value(['amount', 'amountdue', 'AMOUNTDUE']),
            'currency' => invoice_pay_link_value(['currency', 'CURRENCY']),
            'locale' => '',
            'theme' => '',
            'lang' => '',
            'reference' => '',
            'customer-email' => '',
            'return-url' => '',
            'loading' => '',
        ],
        is_array($atts) ? $atts : [],
        'invoice_pay'
    );
    if ($atts['merchant'] === '' && $atts['shortcode'] === '') {
        return current_user_can('edit_posts')
            ? '<p><strong>InvoicePay:</strong> set a merchant id under Settings → InvoicePay, or write [invoice_pay merchant="…"].</p>'
            : '';
    }

    wp_enqueue_script('invoice-pay');

    $html = '<invoice-pay';
    foreach ($atts as $name => $value) {
        if ($value !== '') {
            $html .= sprintf(' %s="%s"', $name, esc_attr($value));
        }
    }
    return $html . '></invoice-pay>';
}
add_shortcode('invoice_pay', 'invoice_pay_shortcode');

/** The element written in a Custom HTML block (no shortcode): the script is loaded for it too. */
function invoice_pay_content($content)
{
    if (is_string($content) && strpos($content, '<invoice-pay') !== false) {
        wp_enqueue_script('invoice-pay');
    }
    return $content;
}
add_filter('the_content', 'invoice_pay_content', 20);

/** Settings → InvoicePay. */
function invoice_pay_settings_init(): void
{
    $fields = [
        'invoice_pay_origin' => ['InvoicePay address', 'e.g. ' . INVOICE_PAY_DEFAULT_ORIGIN],
        'invoice_pay_merchant' => ['Default merchant id', 'Merchant Details in the InvoicePay console'],
        'invoice_pay_script_path' => ['Pinned widget path (optional)', 'script.path from /widget/manifest.json'],
        'invoice_pay_integrity' => ['Pinned widget integrity (optional)', 'script.integrity from /widget/manifest.json'],
    ];
    add_settings_section('invoice_pay_main', '', '__return_false', 'invoice-pay');
    foreach ($fields as $option => [$label, $help]) {
        register_setting('invoice_pay', $option, ['type' => 'string', 'sanitize_callback' => 'sanitize_text_field']);
        add_settings_field($option, esc_html($label), function () use ($option, $help) {
            printf(
                '<input type="text" class="regular-text" name="%1$s" value="%2$s"><p class="description">%3$s</p>',
                esc_attr($option),
                esc_attr((string) get_option($option, '')),
                esc_html($help)
            );
        }, 'invoice-pay', 'invoice_pay_main');
    }
}
add_action('admin_init', 'invoice_pay_settings_init');

function invoice_pay_settings_page(): void
{
    add_options_page('InvoicePay', 'InvoicePay', 'manage_options', 'invoice-pay', function () {
        echo '<div class="wrap"><h1>InvoicePay</h1><form method="post" action="options.php">';
        settings_fields('invoice_pay');
        do_settings_sections('invoice-pay');
        submit_button();
        echo '</form></div>';
    });
}
add_action('admin_menu', 'invoice_pay_settings_page');
