<?php
/**
 * Deleting the plugin (Plugins → Delete) removes its settings: the InvoicePay address, the default
 * merchant and the pinned widget version. Nothing else is stored by the plugin.
 */

if (!defined('WP_UNINSTALL_PLUGIN')) {
    exit; // only ever run by WordPress's uninstaller
}

foreach (['invoice_pay_origin', 'invoice_pay_merchant', 'invoice_pay_script_path', 'invoice_pay_integrity'] as $option) {
    delete_option($option);
    delete_site_option($option); // a network-wide copy on multisite, if one was ever saved
}
