CREATE TABLE `kind_digests` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`hash_hi` integer DEFAULT 0 NOT NULL,
	`hash_lo` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `kind`)
);
--> statement-breakpoint
ALTER TABLE `accounts` ADD `hash_hi` integer;--> statement-breakpoint
ALTER TABLE `accounts` ADD `hash_lo` integer;--> statement-breakpoint
CREATE INDEX `accounts_unhashed_idx` ON `accounts` (`user_id`) WHERE hash_hi IS NULL;--> statement-breakpoint
ALTER TABLE `asset_history` ADD `hash_hi` integer;--> statement-breakpoint
ALTER TABLE `asset_history` ADD `hash_lo` integer;--> statement-breakpoint
CREATE INDEX `asset_history_unhashed_idx` ON `asset_history` (`user_id`) WHERE hash_hi IS NULL;--> statement-breakpoint
ALTER TABLE `assets` ADD `hash_hi` integer;--> statement-breakpoint
ALTER TABLE `assets` ADD `hash_lo` integer;--> statement-breakpoint
CREATE INDEX `assets_unhashed_idx` ON `assets` (`user_id`) WHERE hash_hi IS NULL;--> statement-breakpoint
ALTER TABLE `categories` ADD `hash_hi` integer;--> statement-breakpoint
ALTER TABLE `categories` ADD `hash_lo` integer;--> statement-breakpoint
CREATE INDEX `categories_unhashed_idx` ON `categories` (`user_id`) WHERE hash_hi IS NULL;--> statement-breakpoint
ALTER TABLE `checkin_records` ADD `hash_hi` integer;--> statement-breakpoint
ALTER TABLE `checkin_records` ADD `hash_lo` integer;--> statement-breakpoint
CREATE INDEX `checkin_records_unhashed_idx` ON `checkin_records` (`user_id`) WHERE hash_hi IS NULL;--> statement-breakpoint
ALTER TABLE `checkin_tasks` ADD `hash_hi` integer;--> statement-breakpoint
ALTER TABLE `checkin_tasks` ADD `hash_lo` integer;--> statement-breakpoint
CREATE INDEX `checkin_tasks_unhashed_idx` ON `checkin_tasks` (`user_id`) WHERE hash_hi IS NULL;--> statement-breakpoint
ALTER TABLE `recurring` ADD `hash_hi` integer;--> statement-breakpoint
ALTER TABLE `recurring` ADD `hash_lo` integer;--> statement-breakpoint
CREATE INDEX `recurring_unhashed_idx` ON `recurring` (`user_id`) WHERE hash_hi IS NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `hash_hi` integer;--> statement-breakpoint
ALTER TABLE `tasks` ADD `hash_lo` integer;--> statement-breakpoint
CREATE INDEX `tasks_unhashed_idx` ON `tasks` (`user_id`) WHERE hash_hi IS NULL;--> statement-breakpoint
ALTER TABLE `time_records` ADD `hash_hi` integer;--> statement-breakpoint
ALTER TABLE `time_records` ADD `hash_lo` integer;--> statement-breakpoint
CREATE INDEX `time_records_unhashed_idx` ON `time_records` (`user_id`) WHERE hash_hi IS NULL;--> statement-breakpoint
ALTER TABLE `transfers` ADD `hash_hi` integer;--> statement-breakpoint
ALTER TABLE `transfers` ADD `hash_lo` integer;--> statement-breakpoint
CREATE INDEX `transfers_unhashed_idx` ON `transfers` (`user_id`) WHERE hash_hi IS NULL;--> statement-breakpoint
ALTER TABLE `wallets` ADD `hash_hi` integer;--> statement-breakpoint
ALTER TABLE `wallets` ADD `hash_lo` integer;--> statement-breakpoint
CREATE INDEX `wallets_unhashed_idx` ON `wallets` (`user_id`) WHERE hash_hi IS NULL;--> statement-breakpoint
ALTER TABLE `workouts` ADD `hash_hi` integer;--> statement-breakpoint
ALTER TABLE `workouts` ADD `hash_lo` integer;--> statement-breakpoint
CREATE INDEX `workouts_unhashed_idx` ON `workouts` (`user_id`) WHERE hash_hi IS NULL;--> statement-breakpoint
-- Hand-written below (drizzle-kit does not generate these): each user's digest of each kind,
-- kept by triggers (docs/architecture.md, "The digest"). Rows from before have NULL hashes: they
-- are counted now and XORed in when the store hashes them (at the next digest request). An
-- UPDATE that leaves the hash as it was (SQL run outside the store) makes it NULL again, so the
-- row is hashed afresh from what it now holds. SQLite has no XOR: a ^ b = (a | b) - (a & b).
INSERT INTO `kind_digests` (`user_id`, `kind`, `count`) SELECT `user_id`, 'accounts', count(*) FROM `accounts` GROUP BY `user_id`;
--> statement-breakpoint
CREATE TRIGGER `accounts_digest_insert` AFTER INSERT ON `accounts` BEGIN
	INSERT INTO `kind_digests` (`user_id`, `kind`, `count`, `hash_hi`, `hash_lo`)
	VALUES (NEW.`user_id`, 'accounts', 1, coalesce(NEW.`hash_hi`, 0), coalesce(NEW.`hash_lo`, 0))
	ON CONFLICT (`user_id`, `kind`) DO UPDATE SET `count` = `count` + 1,
		`hash_hi` = ((`hash_hi`) | (excluded.`hash_hi`)) - ((`hash_hi`) & (excluded.`hash_hi`)),
		`hash_lo` = ((`hash_lo`) | (excluded.`hash_lo`)) - ((`hash_lo`) & (excluded.`hash_lo`));
END;
--> statement-breakpoint
CREATE TRIGGER `accounts_digest_delete` AFTER DELETE ON `accounts` BEGIN
	UPDATE `kind_digests` SET `count` = `count` - 1,
		`hash_hi` = ((`hash_hi`) | (coalesce(OLD.`hash_hi`, 0))) - ((`hash_hi`) & (coalesce(OLD.`hash_hi`, 0))),
		`hash_lo` = ((`hash_lo`) | (coalesce(OLD.`hash_lo`, 0))) - ((`hash_lo`) & (coalesce(OLD.`hash_lo`, 0)))
	WHERE `user_id` = OLD.`user_id` AND `kind` = 'accounts';
END;
--> statement-breakpoint
CREATE TRIGGER `accounts_digest_rehash` AFTER UPDATE OF `hash_hi`, `hash_lo` ON `accounts` BEGIN
	UPDATE `kind_digests` SET
		`hash_hi` = ((`hash_hi`) | (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))) - ((`hash_hi`) & (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))),
		`hash_lo` = ((`hash_lo`) | (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0))))) - ((`hash_lo`) & (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0)))))
	WHERE `user_id` = NEW.`user_id` AND `kind` = 'accounts';
END;
--> statement-breakpoint
CREATE TRIGGER `accounts_hash_stale` AFTER UPDATE ON `accounts`
WHEN NEW.`hash_hi` IS NOT NULL AND NEW.`hash_hi` IS OLD.`hash_hi` AND NEW.`hash_lo` IS OLD.`hash_lo` BEGIN
	UPDATE `accounts` SET `hash_hi` = NULL, `hash_lo` = NULL WHERE rowid = NEW.rowid;
END;
--> statement-breakpoint
INSERT INTO `kind_digests` (`user_id`, `kind`, `count`) SELECT `user_id`, 'assets', count(*) FROM `assets` GROUP BY `user_id`;
--> statement-breakpoint
CREATE TRIGGER `assets_digest_insert` AFTER INSERT ON `assets` BEGIN
	INSERT INTO `kind_digests` (`user_id`, `kind`, `count`, `hash_hi`, `hash_lo`)
	VALUES (NEW.`user_id`, 'assets', 1, coalesce(NEW.`hash_hi`, 0), coalesce(NEW.`hash_lo`, 0))
	ON CONFLICT (`user_id`, `kind`) DO UPDATE SET `count` = `count` + 1,
		`hash_hi` = ((`hash_hi`) | (excluded.`hash_hi`)) - ((`hash_hi`) & (excluded.`hash_hi`)),
		`hash_lo` = ((`hash_lo`) | (excluded.`hash_lo`)) - ((`hash_lo`) & (excluded.`hash_lo`));
END;
--> statement-breakpoint
CREATE TRIGGER `assets_digest_delete` AFTER DELETE ON `assets` BEGIN
	UPDATE `kind_digests` SET `count` = `count` - 1,
		`hash_hi` = ((`hash_hi`) | (coalesce(OLD.`hash_hi`, 0))) - ((`hash_hi`) & (coalesce(OLD.`hash_hi`, 0))),
		`hash_lo` = ((`hash_lo`) | (coalesce(OLD.`hash_lo`, 0))) - ((`hash_lo`) & (coalesce(OLD.`hash_lo`, 0)))
	WHERE `user_id` = OLD.`user_id` AND `kind` = 'assets';
END;
--> statement-breakpoint
CREATE TRIGGER `assets_digest_rehash` AFTER UPDATE OF `hash_hi`, `hash_lo` ON `assets` BEGIN
	UPDATE `kind_digests` SET
		`hash_hi` = ((`hash_hi`) | (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))) - ((`hash_hi`) & (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))),
		`hash_lo` = ((`hash_lo`) | (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0))))) - ((`hash_lo`) & (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0)))))
	WHERE `user_id` = NEW.`user_id` AND `kind` = 'assets';
END;
--> statement-breakpoint
CREATE TRIGGER `assets_hash_stale` AFTER UPDATE ON `assets`
WHEN NEW.`hash_hi` IS NOT NULL AND NEW.`hash_hi` IS OLD.`hash_hi` AND NEW.`hash_lo` IS OLD.`hash_lo` BEGIN
	UPDATE `assets` SET `hash_hi` = NULL, `hash_lo` = NULL WHERE rowid = NEW.rowid;
END;
--> statement-breakpoint
INSERT INTO `kind_digests` (`user_id`, `kind`, `count`) SELECT `user_id`, 'assetHistory', count(*) FROM `asset_history` GROUP BY `user_id`;
--> statement-breakpoint
CREATE TRIGGER `asset_history_digest_insert` AFTER INSERT ON `asset_history` BEGIN
	INSERT INTO `kind_digests` (`user_id`, `kind`, `count`, `hash_hi`, `hash_lo`)
	VALUES (NEW.`user_id`, 'assetHistory', 1, coalesce(NEW.`hash_hi`, 0), coalesce(NEW.`hash_lo`, 0))
	ON CONFLICT (`user_id`, `kind`) DO UPDATE SET `count` = `count` + 1,
		`hash_hi` = ((`hash_hi`) | (excluded.`hash_hi`)) - ((`hash_hi`) & (excluded.`hash_hi`)),
		`hash_lo` = ((`hash_lo`) | (excluded.`hash_lo`)) - ((`hash_lo`) & (excluded.`hash_lo`));
END;
--> statement-breakpoint
CREATE TRIGGER `asset_history_digest_delete` AFTER DELETE ON `asset_history` BEGIN
	UPDATE `kind_digests` SET `count` = `count` - 1,
		`hash_hi` = ((`hash_hi`) | (coalesce(OLD.`hash_hi`, 0))) - ((`hash_hi`) & (coalesce(OLD.`hash_hi`, 0))),
		`hash_lo` = ((`hash_lo`) | (coalesce(OLD.`hash_lo`, 0))) - ((`hash_lo`) & (coalesce(OLD.`hash_lo`, 0)))
	WHERE `user_id` = OLD.`user_id` AND `kind` = 'assetHistory';
END;
--> statement-breakpoint
CREATE TRIGGER `asset_history_digest_rehash` AFTER UPDATE OF `hash_hi`, `hash_lo` ON `asset_history` BEGIN
	UPDATE `kind_digests` SET
		`hash_hi` = ((`hash_hi`) | (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))) - ((`hash_hi`) & (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))),
		`hash_lo` = ((`hash_lo`) | (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0))))) - ((`hash_lo`) & (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0)))))
	WHERE `user_id` = NEW.`user_id` AND `kind` = 'assetHistory';
END;
--> statement-breakpoint
CREATE TRIGGER `asset_history_hash_stale` AFTER UPDATE ON `asset_history`
WHEN NEW.`hash_hi` IS NOT NULL AND NEW.`hash_hi` IS OLD.`hash_hi` AND NEW.`hash_lo` IS OLD.`hash_lo` BEGIN
	UPDATE `asset_history` SET `hash_hi` = NULL, `hash_lo` = NULL WHERE rowid = NEW.rowid;
END;
--> statement-breakpoint
INSERT INTO `kind_digests` (`user_id`, `kind`, `count`) SELECT `user_id`, 'workouts', count(*) FROM `workouts` GROUP BY `user_id`;
--> statement-breakpoint
CREATE TRIGGER `workouts_digest_insert` AFTER INSERT ON `workouts` BEGIN
	INSERT INTO `kind_digests` (`user_id`, `kind`, `count`, `hash_hi`, `hash_lo`)
	VALUES (NEW.`user_id`, 'workouts', 1, coalesce(NEW.`hash_hi`, 0), coalesce(NEW.`hash_lo`, 0))
	ON CONFLICT (`user_id`, `kind`) DO UPDATE SET `count` = `count` + 1,
		`hash_hi` = ((`hash_hi`) | (excluded.`hash_hi`)) - ((`hash_hi`) & (excluded.`hash_hi`)),
		`hash_lo` = ((`hash_lo`) | (excluded.`hash_lo`)) - ((`hash_lo`) & (excluded.`hash_lo`));
END;
--> statement-breakpoint
CREATE TRIGGER `workouts_digest_delete` AFTER DELETE ON `workouts` BEGIN
	UPDATE `kind_digests` SET `count` = `count` - 1,
		`hash_hi` = ((`hash_hi`) | (coalesce(OLD.`hash_hi`, 0))) - ((`hash_hi`) & (coalesce(OLD.`hash_hi`, 0))),
		`hash_lo` = ((`hash_lo`) | (coalesce(OLD.`hash_lo`, 0))) - ((`hash_lo`) & (coalesce(OLD.`hash_lo`, 0)))
	WHERE `user_id` = OLD.`user_id` AND `kind` = 'workouts';
END;
--> statement-breakpoint
CREATE TRIGGER `workouts_digest_rehash` AFTER UPDATE OF `hash_hi`, `hash_lo` ON `workouts` BEGIN
	UPDATE `kind_digests` SET
		`hash_hi` = ((`hash_hi`) | (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))) - ((`hash_hi`) & (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))),
		`hash_lo` = ((`hash_lo`) | (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0))))) - ((`hash_lo`) & (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0)))))
	WHERE `user_id` = NEW.`user_id` AND `kind` = 'workouts';
END;
--> statement-breakpoint
CREATE TRIGGER `workouts_hash_stale` AFTER UPDATE ON `workouts`
WHEN NEW.`hash_hi` IS NOT NULL AND NEW.`hash_hi` IS OLD.`hash_hi` AND NEW.`hash_lo` IS OLD.`hash_lo` BEGIN
	UPDATE `workouts` SET `hash_hi` = NULL, `hash_lo` = NULL WHERE rowid = NEW.rowid;
END;
--> statement-breakpoint
INSERT INTO `kind_digests` (`user_id`, `kind`, `count`) SELECT `user_id`, 'timeRecords', count(*) FROM `time_records` GROUP BY `user_id`;
--> statement-breakpoint
CREATE TRIGGER `time_records_digest_insert` AFTER INSERT ON `time_records` BEGIN
	INSERT INTO `kind_digests` (`user_id`, `kind`, `count`, `hash_hi`, `hash_lo`)
	VALUES (NEW.`user_id`, 'timeRecords', 1, coalesce(NEW.`hash_hi`, 0), coalesce(NEW.`hash_lo`, 0))
	ON CONFLICT (`user_id`, `kind`) DO UPDATE SET `count` = `count` + 1,
		`hash_hi` = ((`hash_hi`) | (excluded.`hash_hi`)) - ((`hash_hi`) & (excluded.`hash_hi`)),
		`hash_lo` = ((`hash_lo`) | (excluded.`hash_lo`)) - ((`hash_lo`) & (excluded.`hash_lo`));
END;
--> statement-breakpoint
CREATE TRIGGER `time_records_digest_delete` AFTER DELETE ON `time_records` BEGIN
	UPDATE `kind_digests` SET `count` = `count` - 1,
		`hash_hi` = ((`hash_hi`) | (coalesce(OLD.`hash_hi`, 0))) - ((`hash_hi`) & (coalesce(OLD.`hash_hi`, 0))),
		`hash_lo` = ((`hash_lo`) | (coalesce(OLD.`hash_lo`, 0))) - ((`hash_lo`) & (coalesce(OLD.`hash_lo`, 0)))
	WHERE `user_id` = OLD.`user_id` AND `kind` = 'timeRecords';
END;
--> statement-breakpoint
CREATE TRIGGER `time_records_digest_rehash` AFTER UPDATE OF `hash_hi`, `hash_lo` ON `time_records` BEGIN
	UPDATE `kind_digests` SET
		`hash_hi` = ((`hash_hi`) | (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))) - ((`hash_hi`) & (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))),
		`hash_lo` = ((`hash_lo`) | (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0))))) - ((`hash_lo`) & (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0)))))
	WHERE `user_id` = NEW.`user_id` AND `kind` = 'timeRecords';
END;
--> statement-breakpoint
CREATE TRIGGER `time_records_hash_stale` AFTER UPDATE ON `time_records`
WHEN NEW.`hash_hi` IS NOT NULL AND NEW.`hash_hi` IS OLD.`hash_hi` AND NEW.`hash_lo` IS OLD.`hash_lo` BEGIN
	UPDATE `time_records` SET `hash_hi` = NULL, `hash_lo` = NULL WHERE rowid = NEW.rowid;
END;
--> statement-breakpoint
INSERT INTO `kind_digests` (`user_id`, `kind`, `count`) SELECT `user_id`, 'tasks', count(*) FROM `tasks` GROUP BY `user_id`;
--> statement-breakpoint
CREATE TRIGGER `tasks_digest_insert` AFTER INSERT ON `tasks` BEGIN
	INSERT INTO `kind_digests` (`user_id`, `kind`, `count`, `hash_hi`, `hash_lo`)
	VALUES (NEW.`user_id`, 'tasks', 1, coalesce(NEW.`hash_hi`, 0), coalesce(NEW.`hash_lo`, 0))
	ON CONFLICT (`user_id`, `kind`) DO UPDATE SET `count` = `count` + 1,
		`hash_hi` = ((`hash_hi`) | (excluded.`hash_hi`)) - ((`hash_hi`) & (excluded.`hash_hi`)),
		`hash_lo` = ((`hash_lo`) | (excluded.`hash_lo`)) - ((`hash_lo`) & (excluded.`hash_lo`));
END;
--> statement-breakpoint
CREATE TRIGGER `tasks_digest_delete` AFTER DELETE ON `tasks` BEGIN
	UPDATE `kind_digests` SET `count` = `count` - 1,
		`hash_hi` = ((`hash_hi`) | (coalesce(OLD.`hash_hi`, 0))) - ((`hash_hi`) & (coalesce(OLD.`hash_hi`, 0))),
		`hash_lo` = ((`hash_lo`) | (coalesce(OLD.`hash_lo`, 0))) - ((`hash_lo`) & (coalesce(OLD.`hash_lo`, 0)))
	WHERE `user_id` = OLD.`user_id` AND `kind` = 'tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `tasks_digest_rehash` AFTER UPDATE OF `hash_hi`, `hash_lo` ON `tasks` BEGIN
	UPDATE `kind_digests` SET
		`hash_hi` = ((`hash_hi`) | (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))) - ((`hash_hi`) & (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))),
		`hash_lo` = ((`hash_lo`) | (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0))))) - ((`hash_lo`) & (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0)))))
	WHERE `user_id` = NEW.`user_id` AND `kind` = 'tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `tasks_hash_stale` AFTER UPDATE ON `tasks`
WHEN NEW.`hash_hi` IS NOT NULL AND NEW.`hash_hi` IS OLD.`hash_hi` AND NEW.`hash_lo` IS OLD.`hash_lo` BEGIN
	UPDATE `tasks` SET `hash_hi` = NULL, `hash_lo` = NULL WHERE rowid = NEW.rowid;
END;
--> statement-breakpoint
INSERT INTO `kind_digests` (`user_id`, `kind`, `count`) SELECT `user_id`, 'checkinTasks', count(*) FROM `checkin_tasks` GROUP BY `user_id`;
--> statement-breakpoint
CREATE TRIGGER `checkin_tasks_digest_insert` AFTER INSERT ON `checkin_tasks` BEGIN
	INSERT INTO `kind_digests` (`user_id`, `kind`, `count`, `hash_hi`, `hash_lo`)
	VALUES (NEW.`user_id`, 'checkinTasks', 1, coalesce(NEW.`hash_hi`, 0), coalesce(NEW.`hash_lo`, 0))
	ON CONFLICT (`user_id`, `kind`) DO UPDATE SET `count` = `count` + 1,
		`hash_hi` = ((`hash_hi`) | (excluded.`hash_hi`)) - ((`hash_hi`) & (excluded.`hash_hi`)),
		`hash_lo` = ((`hash_lo`) | (excluded.`hash_lo`)) - ((`hash_lo`) & (excluded.`hash_lo`));
END;
--> statement-breakpoint
CREATE TRIGGER `checkin_tasks_digest_delete` AFTER DELETE ON `checkin_tasks` BEGIN
	UPDATE `kind_digests` SET `count` = `count` - 1,
		`hash_hi` = ((`hash_hi`) | (coalesce(OLD.`hash_hi`, 0))) - ((`hash_hi`) & (coalesce(OLD.`hash_hi`, 0))),
		`hash_lo` = ((`hash_lo`) | (coalesce(OLD.`hash_lo`, 0))) - ((`hash_lo`) & (coalesce(OLD.`hash_lo`, 0)))
	WHERE `user_id` = OLD.`user_id` AND `kind` = 'checkinTasks';
END;
--> statement-breakpoint
CREATE TRIGGER `checkin_tasks_digest_rehash` AFTER UPDATE OF `hash_hi`, `hash_lo` ON `checkin_tasks` BEGIN
	UPDATE `kind_digests` SET
		`hash_hi` = ((`hash_hi`) | (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))) - ((`hash_hi`) & (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))),
		`hash_lo` = ((`hash_lo`) | (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0))))) - ((`hash_lo`) & (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0)))))
	WHERE `user_id` = NEW.`user_id` AND `kind` = 'checkinTasks';
END;
--> statement-breakpoint
CREATE TRIGGER `checkin_tasks_hash_stale` AFTER UPDATE ON `checkin_tasks`
WHEN NEW.`hash_hi` IS NOT NULL AND NEW.`hash_hi` IS OLD.`hash_hi` AND NEW.`hash_lo` IS OLD.`hash_lo` BEGIN
	UPDATE `checkin_tasks` SET `hash_hi` = NULL, `hash_lo` = NULL WHERE rowid = NEW.rowid;
END;
--> statement-breakpoint
INSERT INTO `kind_digests` (`user_id`, `kind`, `count`) SELECT `user_id`, 'checkinRecords', count(*) FROM `checkin_records` GROUP BY `user_id`;
--> statement-breakpoint
CREATE TRIGGER `checkin_records_digest_insert` AFTER INSERT ON `checkin_records` BEGIN
	INSERT INTO `kind_digests` (`user_id`, `kind`, `count`, `hash_hi`, `hash_lo`)
	VALUES (NEW.`user_id`, 'checkinRecords', 1, coalesce(NEW.`hash_hi`, 0), coalesce(NEW.`hash_lo`, 0))
	ON CONFLICT (`user_id`, `kind`) DO UPDATE SET `count` = `count` + 1,
		`hash_hi` = ((`hash_hi`) | (excluded.`hash_hi`)) - ((`hash_hi`) & (excluded.`hash_hi`)),
		`hash_lo` = ((`hash_lo`) | (excluded.`hash_lo`)) - ((`hash_lo`) & (excluded.`hash_lo`));
END;
--> statement-breakpoint
CREATE TRIGGER `checkin_records_digest_delete` AFTER DELETE ON `checkin_records` BEGIN
	UPDATE `kind_digests` SET `count` = `count` - 1,
		`hash_hi` = ((`hash_hi`) | (coalesce(OLD.`hash_hi`, 0))) - ((`hash_hi`) & (coalesce(OLD.`hash_hi`, 0))),
		`hash_lo` = ((`hash_lo`) | (coalesce(OLD.`hash_lo`, 0))) - ((`hash_lo`) & (coalesce(OLD.`hash_lo`, 0)))
	WHERE `user_id` = OLD.`user_id` AND `kind` = 'checkinRecords';
END;
--> statement-breakpoint
CREATE TRIGGER `checkin_records_digest_rehash` AFTER UPDATE OF `hash_hi`, `hash_lo` ON `checkin_records` BEGIN
	UPDATE `kind_digests` SET
		`hash_hi` = ((`hash_hi`) | (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))) - ((`hash_hi`) & (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))),
		`hash_lo` = ((`hash_lo`) | (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0))))) - ((`hash_lo`) & (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0)))))
	WHERE `user_id` = NEW.`user_id` AND `kind` = 'checkinRecords';
END;
--> statement-breakpoint
CREATE TRIGGER `checkin_records_hash_stale` AFTER UPDATE ON `checkin_records`
WHEN NEW.`hash_hi` IS NOT NULL AND NEW.`hash_hi` IS OLD.`hash_hi` AND NEW.`hash_lo` IS OLD.`hash_lo` BEGIN
	UPDATE `checkin_records` SET `hash_hi` = NULL, `hash_lo` = NULL WHERE rowid = NEW.rowid;
END;
--> statement-breakpoint
INSERT INTO `kind_digests` (`user_id`, `kind`, `count`) SELECT `user_id`, 'recurring', count(*) FROM `recurring` GROUP BY `user_id`;
--> statement-breakpoint
CREATE TRIGGER `recurring_digest_insert` AFTER INSERT ON `recurring` BEGIN
	INSERT INTO `kind_digests` (`user_id`, `kind`, `count`, `hash_hi`, `hash_lo`)
	VALUES (NEW.`user_id`, 'recurring', 1, coalesce(NEW.`hash_hi`, 0), coalesce(NEW.`hash_lo`, 0))
	ON CONFLICT (`user_id`, `kind`) DO UPDATE SET `count` = `count` + 1,
		`hash_hi` = ((`hash_hi`) | (excluded.`hash_hi`)) - ((`hash_hi`) & (excluded.`hash_hi`)),
		`hash_lo` = ((`hash_lo`) | (excluded.`hash_lo`)) - ((`hash_lo`) & (excluded.`hash_lo`));
END;
--> statement-breakpoint
CREATE TRIGGER `recurring_digest_delete` AFTER DELETE ON `recurring` BEGIN
	UPDATE `kind_digests` SET `count` = `count` - 1,
		`hash_hi` = ((`hash_hi`) | (coalesce(OLD.`hash_hi`, 0))) - ((`hash_hi`) & (coalesce(OLD.`hash_hi`, 0))),
		`hash_lo` = ((`hash_lo`) | (coalesce(OLD.`hash_lo`, 0))) - ((`hash_lo`) & (coalesce(OLD.`hash_lo`, 0)))
	WHERE `user_id` = OLD.`user_id` AND `kind` = 'recurring';
END;
--> statement-breakpoint
CREATE TRIGGER `recurring_digest_rehash` AFTER UPDATE OF `hash_hi`, `hash_lo` ON `recurring` BEGIN
	UPDATE `kind_digests` SET
		`hash_hi` = ((`hash_hi`) | (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))) - ((`hash_hi`) & (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))),
		`hash_lo` = ((`hash_lo`) | (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0))))) - ((`hash_lo`) & (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0)))))
	WHERE `user_id` = NEW.`user_id` AND `kind` = 'recurring';
END;
--> statement-breakpoint
CREATE TRIGGER `recurring_hash_stale` AFTER UPDATE ON `recurring`
WHEN NEW.`hash_hi` IS NOT NULL AND NEW.`hash_hi` IS OLD.`hash_hi` AND NEW.`hash_lo` IS OLD.`hash_lo` BEGIN
	UPDATE `recurring` SET `hash_hi` = NULL, `hash_lo` = NULL WHERE rowid = NEW.rowid;
END;
--> statement-breakpoint
INSERT INTO `kind_digests` (`user_id`, `kind`, `count`) SELECT `user_id`, 'wallets', count(*) FROM `wallets` GROUP BY `user_id`;
--> statement-breakpoint
CREATE TRIGGER `wallets_digest_insert` AFTER INSERT ON `wallets` BEGIN
	INSERT INTO `kind_digests` (`user_id`, `kind`, `count`, `hash_hi`, `hash_lo`)
	VALUES (NEW.`user_id`, 'wallets', 1, coalesce(NEW.`hash_hi`, 0), coalesce(NEW.`hash_lo`, 0))
	ON CONFLICT (`user_id`, `kind`) DO UPDATE SET `count` = `count` + 1,
		`hash_hi` = ((`hash_hi`) | (excluded.`hash_hi`)) - ((`hash_hi`) & (excluded.`hash_hi`)),
		`hash_lo` = ((`hash_lo`) | (excluded.`hash_lo`)) - ((`hash_lo`) & (excluded.`hash_lo`));
END;
--> statement-breakpoint
CREATE TRIGGER `wallets_digest_delete` AFTER DELETE ON `wallets` BEGIN
	UPDATE `kind_digests` SET `count` = `count` - 1,
		`hash_hi` = ((`hash_hi`) | (coalesce(OLD.`hash_hi`, 0))) - ((`hash_hi`) & (coalesce(OLD.`hash_hi`, 0))),
		`hash_lo` = ((`hash_lo`) | (coalesce(OLD.`hash_lo`, 0))) - ((`hash_lo`) & (coalesce(OLD.`hash_lo`, 0)))
	WHERE `user_id` = OLD.`user_id` AND `kind` = 'wallets';
END;
--> statement-breakpoint
CREATE TRIGGER `wallets_digest_rehash` AFTER UPDATE OF `hash_hi`, `hash_lo` ON `wallets` BEGIN
	UPDATE `kind_digests` SET
		`hash_hi` = ((`hash_hi`) | (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))) - ((`hash_hi`) & (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))),
		`hash_lo` = ((`hash_lo`) | (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0))))) - ((`hash_lo`) & (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0)))))
	WHERE `user_id` = NEW.`user_id` AND `kind` = 'wallets';
END;
--> statement-breakpoint
CREATE TRIGGER `wallets_hash_stale` AFTER UPDATE ON `wallets`
WHEN NEW.`hash_hi` IS NOT NULL AND NEW.`hash_hi` IS OLD.`hash_hi` AND NEW.`hash_lo` IS OLD.`hash_lo` BEGIN
	UPDATE `wallets` SET `hash_hi` = NULL, `hash_lo` = NULL WHERE rowid = NEW.rowid;
END;
--> statement-breakpoint
INSERT INTO `kind_digests` (`user_id`, `kind`, `count`) SELECT `user_id`, 'transfers', count(*) FROM `transfers` GROUP BY `user_id`;
--> statement-breakpoint
CREATE TRIGGER `transfers_digest_insert` AFTER INSERT ON `transfers` BEGIN
	INSERT INTO `kind_digests` (`user_id`, `kind`, `count`, `hash_hi`, `hash_lo`)
	VALUES (NEW.`user_id`, 'transfers', 1, coalesce(NEW.`hash_hi`, 0), coalesce(NEW.`hash_lo`, 0))
	ON CONFLICT (`user_id`, `kind`) DO UPDATE SET `count` = `count` + 1,
		`hash_hi` = ((`hash_hi`) | (excluded.`hash_hi`)) - ((`hash_hi`) & (excluded.`hash_hi`)),
		`hash_lo` = ((`hash_lo`) | (excluded.`hash_lo`)) - ((`hash_lo`) & (excluded.`hash_lo`));
END;
--> statement-breakpoint
CREATE TRIGGER `transfers_digest_delete` AFTER DELETE ON `transfers` BEGIN
	UPDATE `kind_digests` SET `count` = `count` - 1,
		`hash_hi` = ((`hash_hi`) | (coalesce(OLD.`hash_hi`, 0))) - ((`hash_hi`) & (coalesce(OLD.`hash_hi`, 0))),
		`hash_lo` = ((`hash_lo`) | (coalesce(OLD.`hash_lo`, 0))) - ((`hash_lo`) & (coalesce(OLD.`hash_lo`, 0)))
	WHERE `user_id` = OLD.`user_id` AND `kind` = 'transfers';
END;
--> statement-breakpoint
CREATE TRIGGER `transfers_digest_rehash` AFTER UPDATE OF `hash_hi`, `hash_lo` ON `transfers` BEGIN
	UPDATE `kind_digests` SET
		`hash_hi` = ((`hash_hi`) | (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))) - ((`hash_hi`) & (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))),
		`hash_lo` = ((`hash_lo`) | (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0))))) - ((`hash_lo`) & (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0)))))
	WHERE `user_id` = NEW.`user_id` AND `kind` = 'transfers';
END;
--> statement-breakpoint
CREATE TRIGGER `transfers_hash_stale` AFTER UPDATE ON `transfers`
WHEN NEW.`hash_hi` IS NOT NULL AND NEW.`hash_hi` IS OLD.`hash_hi` AND NEW.`hash_lo` IS OLD.`hash_lo` BEGIN
	UPDATE `transfers` SET `hash_hi` = NULL, `hash_lo` = NULL WHERE rowid = NEW.rowid;
END;
--> statement-breakpoint
INSERT INTO `kind_digests` (`user_id`, `kind`, `count`) SELECT `user_id`, 'categories', count(*) FROM `categories` GROUP BY `user_id`;
--> statement-breakpoint
CREATE TRIGGER `categories_digest_insert` AFTER INSERT ON `categories` BEGIN
	INSERT INTO `kind_digests` (`user_id`, `kind`, `count`, `hash_hi`, `hash_lo`)
	VALUES (NEW.`user_id`, 'categories', 1, coalesce(NEW.`hash_hi`, 0), coalesce(NEW.`hash_lo`, 0))
	ON CONFLICT (`user_id`, `kind`) DO UPDATE SET `count` = `count` + 1,
		`hash_hi` = ((`hash_hi`) | (excluded.`hash_hi`)) - ((`hash_hi`) & (excluded.`hash_hi`)),
		`hash_lo` = ((`hash_lo`) | (excluded.`hash_lo`)) - ((`hash_lo`) & (excluded.`hash_lo`));
END;
--> statement-breakpoint
CREATE TRIGGER `categories_digest_delete` AFTER DELETE ON `categories` BEGIN
	UPDATE `kind_digests` SET `count` = `count` - 1,
		`hash_hi` = ((`hash_hi`) | (coalesce(OLD.`hash_hi`, 0))) - ((`hash_hi`) & (coalesce(OLD.`hash_hi`, 0))),
		`hash_lo` = ((`hash_lo`) | (coalesce(OLD.`hash_lo`, 0))) - ((`hash_lo`) & (coalesce(OLD.`hash_lo`, 0)))
	WHERE `user_id` = OLD.`user_id` AND `kind` = 'categories';
END;
--> statement-breakpoint
CREATE TRIGGER `categories_digest_rehash` AFTER UPDATE OF `hash_hi`, `hash_lo` ON `categories` BEGIN
	UPDATE `kind_digests` SET
		`hash_hi` = ((`hash_hi`) | (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))) - ((`hash_hi`) & (((coalesce(OLD.`hash_hi`, 0)) | (coalesce(NEW.`hash_hi`, 0))) - ((coalesce(OLD.`hash_hi`, 0)) & (coalesce(NEW.`hash_hi`, 0))))),
		`hash_lo` = ((`hash_lo`) | (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0))))) - ((`hash_lo`) & (((coalesce(OLD.`hash_lo`, 0)) | (coalesce(NEW.`hash_lo`, 0))) - ((coalesce(OLD.`hash_lo`, 0)) & (coalesce(NEW.`hash_lo`, 0)))))
	WHERE `user_id` = NEW.`user_id` AND `kind` = 'categories';
END;
--> statement-breakpoint
CREATE TRIGGER `categories_hash_stale` AFTER UPDATE ON `categories`
WHEN NEW.`hash_hi` IS NOT NULL AND NEW.`hash_hi` IS OLD.`hash_hi` AND NEW.`hash_lo` IS OLD.`hash_lo` BEGIN
	UPDATE `categories` SET `hash_hi` = NULL, `hash_lo` = NULL WHERE rowid = NEW.rowid;
END;
