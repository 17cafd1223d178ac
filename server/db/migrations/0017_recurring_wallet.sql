ALTER TABLE `recurring` ADD `wallet_id` text;--> statement-breakpoint
-- Every template now reads `walletId: null`: its kept hash (migration 0016) no longer covers
-- what the API returns, so it is dropped and the next digest hashes the row afresh (the
-- rehash trigger takes the old hash out of kind_digests).
UPDATE `recurring` SET `hash_hi` = NULL, `hash_lo` = NULL WHERE `hash_hi` IS NOT NULL;
