CREATE TABLE `accounts` (
	`user_id` text NOT NULL,
	`id` text NOT NULL,
	`type` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`category` text NOT NULL,
	`description` text NOT NULL,
	`date` text NOT NULL,
	PRIMARY KEY(`user_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `accounts_user_date_idx` ON `accounts` (`user_id`,`date`);--> statement-breakpoint
CREATE TABLE `asset_history` (
	`user_id` text NOT NULL,
	`id` text NOT NULL,
	`asset_id` text NOT NULL,
	`asset_name` text NOT NULL,
	`action` text NOT NULL,
	`old_data` text,
	`new_data` text,
	`timestamp` text NOT NULL,
	PRIMARY KEY(`user_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `asset_history_user_asset_idx` ON `asset_history` (`user_id`,`asset_id`);--> statement-breakpoint
CREATE TABLE `assets` (
	`user_id` text NOT NULL,
	`id` text NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`description` text NOT NULL,
	`date` text NOT NULL,
	`effective_date` text NOT NULL,
	`version` integer NOT NULL,
	`original_id` text,
	`previous_version_id` text,
	PRIMARY KEY(`user_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `assets_user_original_idx` ON `assets` (`user_id`,`original_id`);--> statement-breakpoint
CREATE TABLE `checkin_records` (
	`user_id` text NOT NULL,
	`id` text NOT NULL,
	`task_id` text NOT NULL,
	`date` text NOT NULL,
	PRIMARY KEY(`user_id`, `id`),
	FOREIGN KEY (`user_id`,`task_id`) REFERENCES `checkin_tasks`(`user_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkin_records_user_task_date_idx` ON `checkin_records` (`user_id`,`task_id`,`date`);--> statement-breakpoint
CREATE INDEX `checkin_records_user_date_idx` ON `checkin_records` (`user_id`,`date`);--> statement-breakpoint
CREATE TABLE `checkin_tasks` (
	`user_id` text NOT NULL,
	`id` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`type` text NOT NULL,
	`frequency` integer NOT NULL,
	`monthly_target` integer NOT NULL,
	`category` text NOT NULL,
	PRIMARY KEY(`user_id`, `id`)
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`username`) REFERENCES `users`(`username`) ON UPDATE cascade ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_username_idx` ON `sessions` (`username`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`user_id` text NOT NULL,
	`id` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`priority` text NOT NULL,
	`category` text NOT NULL,
	`due_date` text NOT NULL,
	`completed` integer NOT NULL,
	`completed_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `tasks_user_due_idx` ON `tasks` (`user_id`,`due_date`);--> statement-breakpoint
CREATE TABLE `time_records` (
	`user_id` text NOT NULL,
	`id` text NOT NULL,
	`task` text NOT NULL,
	`category` text NOT NULL,
	`duration` integer NOT NULL,
	`date` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `time_records_user_date_idx` ON `time_records` (`user_id`,`date`);--> statement-breakpoint
CREATE TABLE `users` (
	`username` text PRIMARY KEY NOT NULL,
	`display_name` text NOT NULL,
	`password_hash` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `workouts` (
	`user_id` text NOT NULL,
	`id` text NOT NULL,
	`type` text NOT NULL,
	`duration` integer NOT NULL,
	`calories` integer,
	`notes` text NOT NULL,
	`date` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `workouts_user_date_idx` ON `workouts` (`user_id`,`date`);