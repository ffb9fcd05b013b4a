<?php
// Verify an InvoicePay webhook delivery in PHP (7.4+), with no dependencies.
//
// X-InvoicePay-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]
// Each v1 is HMAC-SHA256(secret, "<t>.<raw body>") in hex. After the merchant rotates the secret,
// deliveries carry two v1 values for 24 hours (the new secret's and the old one's): accept the
// delivery when ANY of them matches yours. Use the raw body (php://input), not re-encoded JSON.

function verify_invoicepay_signature(string $secret, string $header, string $rawBody, int $tolerance = 300): bool
{
    $timestamp = null;
    $signatures = [];
    foreach (explode(',', $header) as $part) {
        $pair = explode('=', trim($part), 2);
        if (count($pair) !== 2) {
            continue;
        }
        if ($pair[0] === 't') {
            $timestamp = $pair[1];
        } elseif ($pair[0] === 'v1' && $pair[1] !== '') {
            $signatures[] = $pair[1];
        }
    }
    if ($timestamp === null || !ctype_digit($timestamp) || count($signatures) === 0) {
        return false;
    }
    if (abs(time() - (int) $timestamp) > $tolerance) {
        return false; // a replay
    }
    $expected = hash_hmac('sha256', $timestamp . '.' . $rawBody, $secret);
    foreach ($signatures as $signature) {
        if (hash_equals($expected, $signature)) {
            return true;
        }
    }
    return false;
}

// In a handler:
//   $raw = file_get_contents('php://input');
//   $header = $_SERVER['HTTP_X_INVOICEPAY_SIGNATURE'] ?? '';
//   if (!verify_invoicepay_signature(getenv('INVOICEPAY_WEBHOOK_SECRET'), $header, $raw)) {
//       http_response_code(400);
//       exit('invalid signature');
//   }
//   // apply $_SERVER['HTTP_IDEMPOTENCY_KEY'] once, then answer 200.

// From a shell: INVOICEPAY_WEBHOOK_SECRET=whsec_… php verify.php "<X-InvoicePay-Signature>" < body.json
if (PHP_SAPI === 'cli' && isset($argv[0]) && realpath($argv[0]) === __FILE__) {
    $ok = verify_invoicepay_signature((string) getenv('INVOICEPAY_WEBHOOK_SECRET'), $argv[1] ?? '', stream_get_contents(STDIN));
    echo $ok ? "verified\n" : "invalid signature\n";
    exit($ok ? 0 : 1);
}
