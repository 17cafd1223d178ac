ALTER TABLE `checkin_records` ADD `value` real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `checkin_records` ADD `skipped` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
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
ALTER TABLE `settings` ADD `pomodoro` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `time_records` ADD `task_id` text DEFAULT '' NOT NULL;