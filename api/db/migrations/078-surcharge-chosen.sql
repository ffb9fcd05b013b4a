-- The setup checklist (issue 50 item 3): a merchant's surcharge is a choice its owner makes, not a
-- default applied silently. `surcharge_chosen_at` is set when someone saves the surcharge settings
-- (or creates the merchant with them); merchants that existed before are taken as having chosen.
ALTER TABLE merchants ADD COLUMN surcharge_chosen_at TEXT;
UPDATE merchants SET surcharge_chosen_at = created_at;
