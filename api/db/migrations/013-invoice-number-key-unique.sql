-- One invoice per merchant + normalised number + currency, now that migration 012 merged collisions.
CREATE UNIQUE INDEX invoices_number_key ON invoices (merchant_id, number_key, currency);
