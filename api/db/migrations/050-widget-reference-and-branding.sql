-- The embedding page's own reference for a payment (the widget's `reference` attribute: an order or
-- account number), stored on the payment, shown in the console, sent in the automation webhook.
ALTER TABLE payments ADD COLUMN reference TEXT;
-- The hosted pay page shows the merchant's logo (an https URL) and brand colour (#rrggbb).
ALTER TABLE merchants ADD COLUMN logo_url TEXT;
ALTER TABLE merchants ADD COLUMN brand_color TEXT;
