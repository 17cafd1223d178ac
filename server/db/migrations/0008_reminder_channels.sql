CREATE TABLE `channel_sends` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`occurrence` text NOT NULL,
	`channel` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_at` text NOT NULL,
	`error` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`sent_at` text,
	PRIMARY KEY(`user_id`, `key`, `occurrence`, `channel`)
);
--> statement-breakpoint
CREATE INDEX `channel_sends_status_idx` ON `channel_sends` (`status`,`next_at`);--> statement-breakpoint
CREATE TABLE `reminder_channels` (
	`user_id` text NOT NULL,
	`channel` text NOT NULL,
	`target` text NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_error` text DEFAULT '' NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `channel`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`username`) ON UPDATE cascade ON DELETE cascade
);
