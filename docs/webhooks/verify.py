"""Verify an InvoicePay webhook delivery in Python (3.8+), with the standard library only.

X-InvoicePay-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]
Each v1 is HMAC-SHA256(secret, b"<t>." + raw_body) in hex. After the merchant rotates the secret,
deliveries carry two v1 values for 24 hours (the new secret's and the old one's): accept the
delivery when ANY of them matches yours. Use the raw body bytes, not re-encoded JSON.
"""
import hashlib
import hmac
import os
import sys
import time


def verify_invoicepay_signature(secret: str, header: str, raw_body: bytes, tolerance: int = 300) -> bool:
    timestamp = None
    signatures = []
    for part in (header or "").split(","):
        key, sep, value = part.strip().partition("=")
        if not sep:
            continue
        if key == "t":
            timestamp = value
        elif key == "v1" and value:
            signatures.append(value)
    if timestamp is None or not timestamp.isdigit() or not signatures:
        return False
    if abs(time.time() - int(timestamp)) > tolerance:
        return False  # a replay
    expected = hmac.new(secret.encode(), timestamp.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(expected, signature) for signature in signatures)


# In a Flask view:
#   raw = request.get_data()
#   if not verify_invoicepay_signature(os.environ["INVOICEPAY_WEBHOOK_SECRET"],
#                                      request.headers.get("X-InvoicePay-Signature", ""), raw):
#       abort(400)
#   # apply request.headers["Idempotency-Key"] once, then return "", 200

# From a shell: INVOICEPAY_WEBHOOK_SECRET=whsec_… python3 verify.py "<X-InvoicePay-Signature>" < body.json
if __name__ == "__main__":
    ok = verify_invoicepay_signature(
        os.environ.get("INVOICEPAY_WEBHOOK_SECRET", ""), sys.argv[1] if len(sys.argv) > 1 else "", sys.stdin.buffer.read()
    )
    print("verified" if ok else "invalid signature")
    sys.exit(0 if ok else 1)
