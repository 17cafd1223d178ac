ALTER TABLE `tasks` ADD `repeat` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `repeat_from` text DEFAULT 'due' NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `series_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `due_time` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `subtasks` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `reminders` text DEFAULT '[]' NOT NULL;