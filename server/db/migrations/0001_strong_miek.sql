CREATE TABLE `recurring` (
	`user_id` text NOT NULL,
	`id` text NOT NULL,
	`type` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`category` text NOT NULL,
	`description` text NOT NULL,
	`every` integer NOT NULL,
	`unit` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`paused` integer NOT NULL,
	`last_date` text NOT NULL,
	PRIMARY KEY(`user_id`, `id`)
);
--> statement-breakpoint
CREATE TABLE `settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`monthly_budget_cents` integer,
	`category_budgets_cents` text NOT NULL,
	`daily_budget_mode` text NOT NULL,
	`daily_budget_cents` integer NOT NULL,
	`focus_goal_minutes` integer NOT NULL,
	`focus_categories` text NOT NULL,
	`import_rules` text NOT NULL,
	`counterparties` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `accounts` ADD `template_id` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `reimbursed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `reimbursed_by` text;