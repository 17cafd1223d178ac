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
ALTER TABLE `checkin_tasks` ADD `reminder_time` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `notifications` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `due_time` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `reminders` text DEFAULT '[]' NOT NULL;