CREATE INDEX `accounts_user_idx` ON `accounts` (`user_id`);--> statement-breakpoint
CREATE INDEX `asset_history_user_idx` ON `asset_history` (`user_id`);--> statement-breakpoint
CREATE INDEX `assets_user_idx` ON `assets` (`user_id`);--> statement-breakpoint
CREATE INDEX `checkin_records_user_idx` ON `checkin_records` (`user_id`);--> statement-breakpoint
CREATE INDEX `checkin_tasks_user_idx` ON `checkin_tasks` (`user_id`);--> statement-breakpoint
CREATE INDEX `recurring_user_idx` ON `recurring` (`user_id`);--> statement-breakpoint
CREATE INDEX `tasks_user_idx` ON `tasks` (`user_id`);--> statement-breakpoint
CREATE INDEX `time_records_user_idx` ON `time_records` (`user_id`);--> statement-breakpoint
CREATE INDEX `workouts_user_idx` ON `workouts` (`user_id`);