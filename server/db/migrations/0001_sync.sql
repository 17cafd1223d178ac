-- Delta sync (docs/architecture.md, Decisions "Local-first"): a change number per write, the server's and the
-- editing device's time per record, and tombstones written by triggers, so every delete -
-- a chain of asset versions, a habit's check-ins going with it by cascade - is recorded.
-- Writers take the next number from sync_rev in the same transaction before they write.
-- Numbering starts at 1, the rows already here: 0 is what a device asks with to get everything.
CREATE TABLE `sync_rev` (
	`id` integer PRIMARY KEY NOT NULL,
	`rev` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tombstones` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`id` text NOT NULL,
	`rev` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`, `id`)
);
--> statement-breakpoint
CREATE INDEX `tombstones_user_kind_rev_idx` ON `tombstones` (`user_id`,`kind`,`rev`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `rev` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `updated_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `edited_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `accounts_user_rev_idx` ON `accounts` (`user_id`,`rev`);--> statement-breakpoint
ALTER TABLE `asset_history` ADD `rev` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `asset_history` ADD `updated_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `asset_history` ADD `edited_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `asset_history_user_rev_idx` ON `asset_history` (`user_id`,`rev`);--> statement-breakpoint
ALTER TABLE `assets` ADD `rev` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `assets` ADD `updated_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `assets` ADD `edited_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `assets_user_rev_idx` ON `assets` (`user_id`,`rev`);--> statement-breakpoint
ALTER TABLE `checkin_records` ADD `rev` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_records` ADD `updated_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_records` ADD `edited_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `checkin_records_user_rev_idx` ON `checkin_records` (`user_id`,`rev`);--> statement-breakpoint
ALTER TABLE `checkin_tasks` ADD `rev` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_tasks` ADD `updated_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_tasks` ADD `edited_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `checkin_tasks_user_rev_idx` ON `checkin_tasks` (`user_id`,`rev`);--> statement-breakpoint
ALTER TABLE `tasks` ADD `rev` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `edited_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `tasks_user_rev_idx` ON `tasks` (`user_id`,`rev`);--> statement-breakpoint
ALTER TABLE `time_records` ADD `rev` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `time_records` ADD `updated_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `time_records` ADD `edited_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `time_records_user_rev_idx` ON `time_records` (`user_id`,`rev`);--> statement-breakpoint
ALTER TABLE `workouts` ADD `rev` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `workouts` ADD `updated_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `workouts` ADD `edited_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `workouts_user_rev_idx` ON `workouts` (`user_id`,`rev`);--> statement-breakpoint
INSERT INTO `sync_rev` (`id`, `rev`) VALUES (1, 1);--> statement-breakpoint
UPDATE `accounts` SET `rev` = 1, `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), `edited_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now');--> statement-breakpoint
UPDATE `assets` SET `rev` = 1, `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), `edited_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now');--> statement-breakpoint
UPDATE `asset_history` SET `rev` = 1, `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), `edited_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now');--> statement-breakpoint
UPDATE `workouts` SET `rev` = 1, `updated_at` = `created_at`, `edited_at` = `created_at`;--> statement-breakpoint
UPDATE `time_records` SET `rev` = 1, `updated_at` = `created_at`, `edited_at` = `created_at`;--> statement-breakpoint
UPDATE `tasks` SET `rev` = 1, `edited_at` = `updated_at`;--> statement-breakpoint
UPDATE `checkin_tasks` SET `rev` = 1, `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), `edited_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now');--> statement-breakpoint
UPDATE `checkin_records` SET `rev` = 1, `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), `edited_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now');--> statement-breakpoint
CREATE TRIGGER `accounts_tombstone` AFTER DELETE ON `accounts` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'accounts', OLD.`id`, (SELECT `rev` FROM `sync_rev` WHERE `id` = 1));
END;--> statement-breakpoint
CREATE TRIGGER `accounts_revived` AFTER INSERT ON `accounts` BEGIN
	DELETE FROM `tombstones` WHERE `user_id` = NEW.`user_id` AND `kind` = 'accounts' AND `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `assets_tombstone` AFTER DELETE ON `assets` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'assets', OLD.`id`, (SELECT `rev` FROM `sync_rev` WHERE `id` = 1));
END;--> statement-breakpoint
CREATE TRIGGER `assets_revived` AFTER INSERT ON `assets` BEGIN
	DELETE FROM `tombstones` WHERE `user_id` = NEW.`user_id` AND `kind` = 'assets' AND `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `asset_history_tombstone` AFTER DELETE ON `asset_history` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'assetHistory', OLD.`id`, (SELECT `rev` FROM `sync_rev` WHERE `id` = 1));
END;--> statement-breakpoint
CREATE TRIGGER `asset_history_revived` AFTER INSERT ON `asset_history` BEGIN
	DELETE FROM `tombstones` WHERE `user_id` = NEW.`user_id` AND `kind` = 'assetHistory' AND `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `workouts_tombstone` AFTER DELETE ON `workouts` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'workouts', OLD.`id`, (SELECT `rev` FROM `sync_rev` WHERE `id` = 1));
END;--> statement-breakpoint
CREATE TRIGGER `workouts_revived` AFTER INSERT ON `workouts` BEGIN
	DELETE FROM `tombstones` WHERE `user_id` = NEW.`user_id` AND `kind` = 'workouts' AND `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `time_records_tombstone` AFTER DELETE ON `time_records` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'timeRecords', OLD.`id`, (SELECT `rev` FROM `sync_rev` WHERE `id` = 1));
END;--> statement-breakpoint
CREATE TRIGGER `time_records_revived` AFTER INSERT ON `time_records` BEGIN
	DELETE FROM `tombstones` WHERE `user_id` = NEW.`user_id` AND `kind` = 'timeRecords' AND `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `tasks_tombstone` AFTER DELETE ON `tasks` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'tasks', OLD.`id`, (SELECT `rev` FROM `sync_rev` WHERE `id` = 1));
END;--> statement-breakpoint
CREATE TRIGGER `tasks_revived` AFTER INSERT ON `tasks` BEGIN
	DELETE FROM `tombstones` WHERE `user_id` = NEW.`user_id` AND `kind` = 'tasks' AND `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `checkin_tasks_tombstone` AFTER DELETE ON `checkin_tasks` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'checkinTasks', OLD.`id`, (SELECT `rev` FROM `sync_rev` WHERE `id` = 1));
END;--> statement-breakpoint
CREATE TRIGGER `checkin_tasks_revived` AFTER INSERT ON `checkin_tasks` BEGIN
	DELETE FROM `tombstones` WHERE `user_id` = NEW.`user_id` AND `kind` = 'checkinTasks' AND `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `checkin_records_tombstone` AFTER DELETE ON `checkin_records` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'checkinRecords', OLD.`id`, (SELECT `rev` FROM `sync_rev` WHERE `id` = 1));
END;--> statement-breakpoint
CREATE TRIGGER `checkin_records_revived` AFTER INSERT ON `checkin_records` BEGIN
	DELETE FROM `tombstones` WHERE `user_id` = NEW.`user_id` AND `kind` = 'checkinRecords' AND `id` = NEW.`id`;
END;
