<?php
/**
 * Test harness: loads the plugin with the few WordPress functions it calls stubbed (same signatures
 * and behaviour for what the plugin uses), then renders a page whose content holds shortcodes, the
 * way WordPress would: the_content runs the shortcodes, then the footer prints the enqueued scripts
 * through the script_loader_tag filter. Used by tests/unit/examples-wordpress.test.ts and
 * tests/e2e/examples-wordpress.test.ts.
 *
 * Usage: php render.php '{"options":{…},"query":{…},"content":"[invoice_pay]","can_edit":false,"mode":"page"|"admin"}'
 */

define('ABSPATH', __DIR__ . '/');

$input = json_decode($argv[1] ?? '{}', true, 512, JSON_THROW_ON_ERROR);
$GLOBALS['wp_options'] = $input['options'] ?? [];
$GLOBALS['wp_hooks'] = [];
$GLOBALS['wp_shortcodes'] = [];
$GLOBALS['wp_scripts'] = [];
$GLOBALS['wp_enqueued'] = [];
$_GET = $input['query'] ?? [];
// WordPress adds slashes to request data (wp_magic_quotes); the plugin must wp_unslash it.
array_walk_recursive($_GET, function (&$v) { $v = addslashes((string) $v); });

function add_action($hook, $callback, $priority = 10, $accepted_args = 1) { return add_filter($hook, $callback, $priority, $accepted_args); }
function add_filter($hook, $callback, $priority = 10, $accepted_args = 1)
{
    $GLOBALS['wp_hooks'][$hook][] = [$callback, $accepted_args];
    return true;
}
function do_action($hook, ...$args)
{
    foreach ($GLOBALS['wp_hooks'][$hook] ?? [] as [$callback, $n]) {
        $callback(...array_slice($args, 0, $n));
    }
}
function apply_filters($hook, $value, ...$args)
{
    foreach ($GLOBALS['wp_hooks'][$hook] ?? [] as [$callback, $n]) {
        $value = $callback(...array_slice(array_merge([$value], $args), 0, $n));
    }
    return $value;
}
function get_option($name, $default = false) { return $GLOBALS['wp_options'][$name] ?? $default; }
function esc_attr($text) { return htmlspecialchars((string) $text, ENT_QUOTES, 'UTF-8'); }
function esc_html($text) { return htmlspecialchars((string) $text, ENT_QUOTES, 'UTF-8'); }
function esc_url($url) { return htmlspecialchars((string) $url, ENT_QUOTES, 'UTF-8'); }
function wp_unslash($value) { return is_array($value) ? array_map('wp_unslash', $value) : stripslashes((string) $value); }
function sanitize_text_field($str)
{
    $str = strip_tags((string) $str);
    $str = preg_replace('/[\r\n\t ]+/', ' ', $str);
    return trim($str);
}
function current_user_can($capability) { return (bool) ($GLOBALS['input']['can_edit'] ?? false); }
function __return_false() { return false; }

function add_shortcode($tag, $callback) { $GLOBALS['wp_shortcodes'][$tag] = $callback; }
/** WordPress's rule: only the known attributes, each defaulting; names are lower-cased by the parser. */
function shortcode_atts($pairs, $atts, $shortcode = '')
{
    $out = [];
    foreach ($pairs as $name => $default) {
        $out[$name] = array_key_exists($name, (array) $atts) ? $atts[$name] : $default;
    }
    return $out;
}
function shortcode_parse_atts($text)
{
    $atts = [];
    $pattern = '/([\w-]+)\s*=\s*"([^"]*)"(?:\s|$)|([\w-]+)\s*=\s*\'([^\']*)\'(?:\s|$)|([\w-]+)\s*=\s*([^\s\'"]+)(?:\s|$)/';
    if (preg_match_all($pattern, $text, $m, PREG_SET_ORDER)) {
        foreach ($m as $match) {
            if (($match[1] ?? '') !== '') $atts[strtolower($match[1])] = stripcslashes($match[2]);
            elseif (($match[3] ?? '') !== '') $atts[strtolower($match[3])] = stripcslashes($match[4]);
            elseif (($match[5] ?? '') !== '') $atts[strtolower($match[5])] = stripcslashes($match[6]);
        }
    }
    return $atts === [] ? '' : $atts;
}
function do_shortcode($content)
{
    return preg_replace_callback('/\[([\w-]+)([^\]]*)\]/', function ($m) {
        $callback = $GLOBALS['wp_shortcodes'][$m[1]] ?? null;
        return $callback ? $callback(shortcode_parse_atts(trim($m[2])), '', $m[1]) : $m[0];
    }, $content);
}

function wp_register_script($handle, $src, $deps = [], $ver = false, $args = [])
{
    $GLOBALS['wp_scripts'][$handle] = ['src' => $src, 'args' => is_array($args) ? $args : ['in_footer' => (bool) $args]];
    return true;
}
function wp_enqueue_script($handle) { $GLOBALS['wp_enqueued'][$handle] = true; }
function wp_print_enqueued_scripts()
{
    foreach (array_keys($GLOBALS['wp_enqueued']) as $handle) {
        $script = $GLOBALS['wp_scripts'][$handle] ?? null;
        if (!$script) continue;
        $strategy = $script['args']['strategy'] ?? '';
        $tag = sprintf(
            "<script src=\"%s\" id=\"%s-js\"%s></script>\n",
            esc_url($script['src']),
            esc_attr($handle),
            $strategy ? sprintf(' %1$s data-wp-strategy="%1$s"', $strategy) : ''
        );
        echo apply_filters('script_loader_tag', $tag, $handle, $script['src']);
    }
}

// Admin screens (mode "admin"): render the settings page through the same calls WordPress makes.
$GLOBALS['wp_settings'] = ['fields' => [], 'registered' => []];
function register_setting($group, $name, $args = []) { $GLOBALS['wp_settings']['registered'][$name] = $args; }
function add_settings_section($id, $title, $callback, $page) {}
function add_settings_field($id, $title, $callback, $page, $section = 'default') { $GLOBALS['wp_settings']['fields'][] = [$title, $callback]; }
function add_options_page($page_title, $menu_title, $capability, $slug, $callback) { $GLOBALS['wp_settings']['page'] = $callback; }
function settings_fields($group) { echo '<input type="hidden" name="option_page" value="' . esc_attr($group) . '">'; }
function do_settings_sections($page)
{
    foreach ($GLOBALS['wp_settings']['fields'] as [$title, $callback]) {
        echo "<label>$title</label>";
        $callback();
    }
}
function submit_button() { echo '<button type="submit">Save Changes</button>'; }

require __DIR__ . '/../invoice-pay/invoice-pay.php';

if (($input['mode'] ?? 'page') === 'admin') {
    do_action('admin_init');
    do_action('admin_menu');
    ($GLOBALS['wp_settings']['page'])();
    exit(0);
}

do_action('wp_enqueue_scripts');
// the_content: WordPress runs the shortcodes (priority 11), then the later filters (the plugin's at 20).
$content = apply_filters('the_content', do_shortcode($input['content'] ?? '[invoice_pay]'));
?>
<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Pay your invoice – a WordPress site</title></head>
<body>
<main class="entry-content">
<?php echo $content, "\n"; ?>
</main>
<?php wp_print_enqueued_scripts(); ?>
</body>
</html>
