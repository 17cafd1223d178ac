-- Bookkeeping (issue 15): 周期记账 templates, which sync by delta like every record table
-- (change number, server and editor times, tombstones by trigger, as in 0001); one settings
-- row per user (not a record kind: read and replaced whole); and on bookkeeping records the
-- template that wrote one and the 报销 status. Existing records start 待报销 (0): nothing
-- recorded says they were paid back.
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
	`rev` integer DEFAULT 0 NOT NULL,
	`updated_at` text DEFAULT '' NOT NULL,
	`edited_at` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`user_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `recurring_user_rev_idx` ON `recurring` (`user_id`,`rev`);--> statement-breakpoint
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
ALTER TABLE `accounts` ADD `reimbursed_by` text;--> statement-breakpoint
CREATE TRIGGER `recurring_tombstone` AFTER DELETE ON `recurring` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'recurring', OLD.`id`, (SELECT `rev` FROM `sync_rev` WHERE `id` = 1));
END;--> statement-breakpoint
CREATE TRIGGER `recurring_revived` AFTER INSERT ON `recurring` BEGIN
	DELETE FROM `tombstones` WHERE `user_id` = NEW.`user_id` AND `kind` = 'recurring' AND `id` = NEW.`id`;
END;
