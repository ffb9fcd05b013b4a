<?php
/**
 * The plugin's uninstall.php with WordPress's option functions stubbed: prints the options it
 * deleted as JSON (tests/unit/examples-wordpress.test.ts).
 */
define('WP_UNINSTALL_PLUGIN', 'invoice-pay/invoice-pay.php');
$deleted = [];
function delete_option($name) { global $deleted; $deleted[] = $name; return true; }
function delete_site_option($name) { return true; }
require __DIR__ . '/../invoice-pay/uninstall.php';
echo json_encode($deleted);
