CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text DEFAULT '' NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`username`) REFERENCES `users`(`username`) ON UPDATE cascade ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `passkeys_username_idx` ON `passkeys` (`username`);--> statement-breakpoint
CREATE TABLE `push_deliveries` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`occurrence` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`url` text NOT NULL,
	`status` text NOT NULL,
	`due_at` text NOT NULL,
	`created_at` text NOT NULL,
	`sent_at` text,
	`read` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`user_id`, `key`, `occurrence`)
);
--> statement-breakpoint
CREATE INDEX `push_deliveries_user_created_idx` ON `push_deliveries` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `push_deliveries_status_idx` ON `push_deliveries` (`status`);--> statement-breakpoint
CREATE TABLE `push_one_offs` (
	`user_id` text NOT NULL,
	`id` text NOT NULL,
	`kind` text NOT NULL,
	`at` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`url` text NOT NULL,
	`data` text DEFAULT '{}' NOT NULL,
	PRIMARY KEY(`user_id`, `id`)
);
--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`user_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`expiration_time` integer,
	`device_name` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `endpoint`)
);
--> statement-breakpoint
CREATE TABLE `user_revs` (
	`user_id` text PRIMARY KEY NOT NULL,
	`rev` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `accounts` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `asset_history` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `assets` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_records` ADD `value` real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_records` ADD `skipped` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_records` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_tasks` ADD `kind` text DEFAULT 'boolean' NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_tasks` ADD `unit` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_tasks` ADD `target` real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_tasks` ADD `target_type` text DEFAULT 'atLeast' NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_tasks` ADD `target_period` text DEFAULT 'day' NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_tasks` ADD `schedule` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_tasks` ADD `archived` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_tasks` ADD `sort_order` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_tasks` ADD `vacations` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_tasks` ADD `reminder_time` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_tasks` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `recurring` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_used_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `notifications` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `pomodoro` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `repeat` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `repeat_from` text DEFAULT 'due' NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `series_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `due_time` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `subtasks` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `reminders` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `time_records` ADD `task_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `time_records` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `two_factor` text;--> statement-breakpoint
ALTER TABLE `workouts` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- hand-written (from 0005_wave3.sql)
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
