DROP INDEX `accounts_user_rev_idx`;--> statement-breakpoint
CREATE INDEX `accounts_user_rev_idx` ON `accounts` (`user_id`,`rev`,`id`);--> statement-breakpoint
DROP INDEX `asset_history_user_rev_idx`;--> statement-breakpoint
CREATE INDEX `asset_history_user_rev_idx` ON `asset_history` (`user_id`,`rev`,`id`);--> statement-breakpoint
DROP INDEX `assets_user_rev_idx`;--> statement-breakpoint
CREATE INDEX `assets_user_rev_idx` ON `assets` (`user_id`,`rev`,`id`);--> statement-breakpoint
DROP INDEX `checkin_records_user_rev_idx`;--> statement-breakpoint
CREATE INDEX `checkin_records_user_rev_idx` ON `checkin_records` (`user_id`,`rev`,`id`);--> statement-breakpoint
DROP INDEX `checkin_tasks_user_rev_idx`;--> statement-breakpoint
CREATE INDEX `checkin_tasks_user_rev_idx` ON `checkin_tasks` (`user_id`,`rev`,`id`);--> statement-breakpoint
DROP INDEX `recurring_user_rev_idx`;--> statement-breakpoint
CREATE INDEX `recurring_user_rev_idx` ON `recurring` (`user_id`,`rev`,`id`);--> statement-breakpoint
DROP INDEX `tasks_user_rev_idx`;--> statement-breakpoint
CREATE INDEX `tasks_user_rev_idx` ON `tasks` (`user_id`,`rev`,`id`);--> statement-breakpoint
DROP INDEX `time_records_user_rev_idx`;--> statement-breakpoint
CREATE INDEX `time_records_user_rev_idx` ON `time_records` (`user_id`,`rev`,`id`);--> statement-breakpoint
DROP INDEX `workouts_user_rev_idx`;--> statement-breakpoint
CREATE INDEX `workouts_user_rev_idx` ON `workouts` (`user_id`,`rev`,`id`);