#!/usr/bin/env bash
# InvoicePay API walkthrough with curl, against a server in sandbox mode. The server confirms every
# charge: the card becomes a confirmation token, the server prices it, then charges it.
#   1. open a pay session for a payment link          GET  /api/pay/session
#   2. turn a test card into a confirmation token     POST /api/sandbox/confirmation_tokens
#      (Stripe.js createConfirmationToken does this in the browser in live mode)
#   3. quote: the surcharge for that card, the total  POST /api/payments/quote
#   4. pay: the server checks the balance, reserves and confirms the charge (twice: the same
#      Idempotency-Key returns the same payment)      POST /api/payments/create-payment-intent
#   5. the provider's word, read by the server        POST /api/pay/payments/{paymentId}/refresh
#   6. read the details the success page shows        GET  /api/payments/details?reference=…&paySessionId=…
#
# Usage: examples/curl/walkthrough.sh BASE_URL MERCHANT_ID
#   BASE_URL     e.g. http://localhost:8787 (npm start)
#   MERCHANT_ID  e.g. the "Demo merchant" id that npm start prints
# Optional environment: INVOICE (default INV-CURL-<time>), LINK_AMOUNT (the link's amount due as
# the invoice shows it, default 1,250.00), PAY_MINOR (the part to pay now, integer minor units,
# default 25000 = 250.00), CURRENCY (default AUD). Uses jq when installed, otherwise node (NO_JQ=1
# forces node).
set -euo pipefail

BASE="${1:-}"
MERCHANT="${2:-}"
if [ -z "$BASE" ] || [ -z "$MERCHANT" ]; then
  echo "usage: $0 BASE_URL MERCHANT_ID   (e.g. $0 http://localhost:8787 8c1f…; npm start prints the demo merchant id)" >&2
  exit 2
fi
BASE="${BASE%/}"
INVOICE="${INVOICE:-INV-CURL-$(date +%s)}"
LINK_AMOUNT="${LINK_AMOUNT:-1,250.00}"
PAY_MINOR="${PAY_MINOR:-25000}"
CURRENCY="${CURRENCY:-AUD}"

# field '.a.b' <<< "$json": one value out of a JSON document (null prints as empty).
if command -v jq >/dev/null 2>&1 && [ -z "${NO_JQ:-}" ]; then
  field() { jq -cr "$1 // empty"; }
else
  field() {
    node -e '
      let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
        let v = JSON.parse(s);
        for (const k of process.argv[1].split(".").filter(Boolean)) v = v == null ? v : v[k];
        process.stdout.write(v == null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v));
      });' "$1"
  }
fi

# call METHOD PATH [JSON BODY] [extra curl args…]: prints the body; stops with it on a non-2xx answer.
call() {
  local method="$1" path="$2" body="${3:-}"
  shift 3 || shift $#
  local args=(-sS -X "$method" --fail-with-body -H 'accept: application/json')
  [ -n "$body" ] && args+=(-H 'content-type: application/json' --data "$body")
  if ! curl "${args[@]}" "$@" "$BASE$path"; then
    echo >&2
    echo "FAILED: $method $path" >&2
    exit 1
  fi
}

uuid() { cat /proc/sys/kernel/random/uuid 2>/dev/null || node -e 'console.log(crypto.randomUUID())'; }

echo "== 1. Pay session for invoice $INVOICE ($LINK_AMOUNT $CURRENCY) of merchant $MERCHANT"
session=$(curl -sS --fail-with-body -G "$BASE/api/pay/session" \
  --data-urlencode "merchant=$MERCHANT" --data-urlencode "invoice=$INVOICE" \
  --data-urlencode "amount=$LINK_AMOUNT" --data-urlencode "currency=$CURRENCY") || {
  echo "$session" >&2
  exit 1
}
pay_session=$(field .paySessionId <<<"$session")
mode=$(field .provider.mode <<<"$session")
account=$(field .provider.connectedAccountId <<<"$session")
echo "   merchant: $(field .merchant.name <<<"$session"), balance $(field .invoice.balance <<<"$session") (minor units), surcharge $(field .surcharge.percentage <<<"$session") %, provider $mode"
if [ "$mode" != "sandbox" ]; then
  echo "This server takes live Stripe payments: the card is collected by Stripe.js in the browser, not by curl." >&2
  exit 1
fi

echo "== 2. Confirmation token for a test card (sandbox; Stripe.js createConfirmationToken in live mode)"
card='{"payment_method_data":{"type":"card","card":{"number":"4242424242424242","exp_month":12,"exp_year":2034,"cvc":"123"}},"stripe_account":"'"$account"'"}'
token=$(call POST /api/sandbox/confirmation_tokens "$card")
confirmation_token=$(field .id <<<"$token")
echo "   $confirmation_token: $(field .payment_method_preview.card <<<"$token")"

echo "== 3. Quote: $PAY_MINOR minor units with that card (the server reads the card and adds its surcharge)"
lower_currency=$(tr '[:upper:]' '[:lower:]' <<<"$CURRENCY")
where='"paySessionId":"'"$pay_session"'","invoiceNumber":"'"$INVOICE"'","amount":'"$PAY_MINOR"',"currency":"'"$lower_currency"'","confirmationToken":"'"$confirmation_token"'"'
quote=$(call POST /api/payments/quote "{$where}")
quote_id=$(field .quoteId <<<"$quote")
echo "   $(field .paymentMethod.label <<<"$quote"): breakdown $(field .breakdown <<<"$quote")"

echo "== 4. Pay: the server reserves and confirms the charge (nothing is confirmed in the browser)"
key=$(uuid)
create_body="{$where,\"quoteId\":\"$quote_id\"}"
created=$(call POST /api/payments/create-payment-intent "$create_body" -H "Idempotency-Key: $key")
payment_id=$(field .paymentId <<<"$created")
intent=$(field .paymentIntentId <<<"$created")
echo "   payment $payment_id, intent $intent, status $(field .status <<<"$created") (a client secret only for 3-D Secure: '$(field .clientSecret <<<"$created")')"
again=$(call POST /api/payments/create-payment-intent "$create_body" -H "Idempotency-Key: $key" | field .paymentId)
echo "   retried with the same Idempotency-Key: payment $again ($([ "$again" = "$payment_id" ] && echo same || echo DIFFERENT))"
[ "$again" = "$payment_id" ] || exit 1

echo "== 5. Refresh: the server asks the provider (after a 3-D Secure step, this is the next call)"
state=$(call POST "/api/pay/payments/$payment_id/refresh" '')
status=$(field .status <<<"$state")
echo "   status $status, remaining $(field .remaining <<<"$state") (minor units)"

echo "== 6. Details (what /success shows)"
# Only the payer may read them: the pay session that made the payment (or its receipt token).
details=$(curl -sS --fail-with-body -G "$BASE/api/payments/details" \
  --data-urlencode "reference=$payment_id" --data-urlencode "paySessionId=$pay_session")
echo "   $details"

echo "RESULT status=$status payment_id=$payment_id intent=$intent amount=$(field .amount <<<"$state") surcharge=$(field .surcharge <<<"$state") total=$(field .total <<<"$state") remaining=$(field .remaining_due <<<"$details")"
[ "$status" = "succeeded" ]
