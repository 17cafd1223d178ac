CREATE TABLE `user_revs` (
	`user_id` text PRIMARY KEY NOT NULL,
	`rev` integer NOT NULL
);--> statement-breakpoint
-- hand-written
-- Deletions are stamped with their user's change number (taken first in the same transaction),
-- no longer a global one. No backfill: a user without a row starts from sync_rev's row 1, the
-- last global number, so every change from now on is above every cursor handed out before.
DROP TRIGGER `accounts_tombstone`;--> statement-breakpoint
CREATE TRIGGER `accounts_tombstone` AFTER DELETE ON `accounts` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'accounts', OLD.`id`, coalesce((SELECT `rev` FROM `user_revs` WHERE `user_id` = OLD.`user_id`), (SELECT `rev` FROM `sync_rev` WHERE `id` = 1)));
END;--> statement-breakpoint
DROP TRIGGER `assets_tombstone`;--> statement-breakpoint
CREATE TRIGGER `assets_tombstone` AFTER DELETE ON `assets` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'assets', OLD.`id`, coalesce((SELECT `rev` FROM `user_revs` WHERE `user_id` = OLD.`user_id`), (SELECT `rev` FROM `sync_rev` WHERE `id` = 1)));
END;--> statement-breakpoint
DROP TRIGGER `asset_history_tombstone`;--> statement-breakpoint
CREATE TRIGGER `asset_history_tombstone` AFTER DELETE ON `asset_history` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'assetHistory', OLD.`id`, coalesce((SELECT `rev` FROM `user_revs` WHERE `user_id` = OLD.`user_id`), (SELECT `rev` FROM `sync_rev` WHERE `id` = 1)));
END;--> statement-breakpoint
DROP TRIGGER `workouts_tombstone`;--> statement-breakpoint
CREATE TRIGGER `workouts_tombstone` AFTER DELETE ON `workouts` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'workouts', OLD.`id`, coalesce((SELECT `rev` FROM `user_revs` WHERE `user_id` = OLD.`user_id`), (SELECT `rev` FROM `sync_rev` WHERE `id` = 1)));
END;--> statement-breakpoint
DROP TRIGGER `time_records_tombstone`;--> statement-breakpoint
CREATE TRIGGER `time_records_tombstone` AFTER DELETE ON `time_records` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'timeRecords', OLD.`id`, coalesce((SELECT `rev` FROM `user_revs` WHERE `user_id` = OLD.`user_id`), (SELECT `rev` FROM `sync_rev` WHERE `id` = 1)));
END;--> statement-breakpoint
DROP TRIGGER `tasks_tombstone`;--> statement-breakpoint
CREATE TRIGGER `tasks_tombstone` AFTER DELETE ON `tasks` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'tasks', OLD.`id`, coalesce((SELECT `rev` FROM `user_revs` WHERE `user_id` = OLD.`user_id`), (SELECT `rev` FROM `sync_rev` WHERE `id` = 1)));
END;--> statement-breakpoint
DROP TRIGGER `checkin_tasks_tombstone`;--> statement-breakpoint
CREATE TRIGGER `checkin_tasks_tombstone` AFTER DELETE ON `checkin_tasks` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'checkinTasks', OLD.`id`, coalesce((SELECT `rev` FROM `user_revs` WHERE `user_id` = OLD.`user_id`), (SELECT `rev` FROM `sync_rev` WHERE `id` = 1)));
END;--> statement-breakpoint
DROP TRIGGER `checkin_records_tombstone`;--> statement-breakpoint
CREATE TRIGGER `checkin_records_tombstone` AFTER DELETE ON `checkin_records` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'checkinRecords', OLD.`id`, coalesce((SELECT `rev` FROM `user_revs` WHERE `user_id` = OLD.`user_id`), (SELECT `rev` FROM `sync_rev` WHERE `id` = 1)));
END;--> statement-breakpoint
DROP TRIGGER `recurring_tombstone`;--> statement-breakpoint
CREATE TRIGGER `recurring_tombstone` AFTER DELETE ON `recurring` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'recurring', OLD.`id`, coalesce((SELECT `rev` FROM `user_revs` WHERE `user_id` = OLD.`user_id`), (SELECT `rev` FROM `sync_rev` WHERE `id` = 1)));
END;
