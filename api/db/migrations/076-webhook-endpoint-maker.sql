-- Who made a webhook endpoint (issue 49 item 5): the member signed in to the console, or the member
-- behind the API key that made it. When that member is removed from the merchant, its owner is shown
-- the endpoints they made (which keep receiving events until someone deletes them). Endpoints made
-- before this migration have no maker recorded (null).
ALTER TABLE webhook_endpoints ADD COLUMN created_by TEXT;
