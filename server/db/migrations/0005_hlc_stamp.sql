ALTER TABLE `accounts` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `asset_history` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `assets` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_records` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_tasks` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `recurring` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `time_records` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `workouts` ADD `stamp` text DEFAULT '' NOT NULL;