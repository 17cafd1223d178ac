CREATE TABLE `transfers` (
	`user_id` text NOT NULL,
	`id` text NOT NULL,
	`from_wallet_id` text NOT NULL,
	`to_wallet_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`fee_cents` integer NOT NULL,
	`date` text NOT NULL,
	`note` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`rev` integer DEFAULT 0 NOT NULL,
	`updated_at` text DEFAULT '' NOT NULL,
	`edited_at` text DEFAULT '' NOT NULL,
	`stamp` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`user_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `transfers_user_rev_idx` ON `transfers` (`user_id`,`rev`,`id`);--> statement-breakpoint
CREATE INDEX `transfers_user_idx` ON `transfers` (`user_id`);--> statement-breakpoint
CREATE TABLE `wallets` (
	`user_id` text NOT NULL,
	`id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`opening_balance_cents` integer NOT NULL,
	`archived` integer NOT NULL,
	`order` integer NOT NULL,
	`credit_limit_cents` integer NOT NULL,
	`statement_day` integer,
	`due_day` integer,
	`rev` integer DEFAULT 0 NOT NULL,
	`updated_at` text DEFAULT '' NOT NULL,
	`edited_at` text DEFAULT '' NOT NULL,
	`stamp` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`user_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `wallets_user_rev_idx` ON `wallets` (`user_id`,`rev`,`id`);--> statement-breakpoint
CREATE INDEX `wallets_user_idx` ON `wallets` (`user_id`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `wallet_id` text;--> statement-breakpoint
ALTER TABLE `settings` ADD `default_wallet_id` text;--> statement-breakpoint
CREATE TRIGGER `wallets_tombstone` AFTER DELETE ON `wallets` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'wallets', OLD.`id`, coalesce((SELECT `rev` FROM `user_revs` WHERE `user_id` = OLD.`user_id`), (SELECT `rev` FROM `sync_rev` WHERE `id` = 1)));
END;--> statement-breakpoint
CREATE TRIGGER `wallets_revived` AFTER INSERT ON `wallets` BEGIN
	DELETE FROM `tombstones` WHERE `user_id` = NEW.`user_id` AND `kind` = 'wallets' AND `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `transfers_tombstone` AFTER DELETE ON `transfers` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'transfers', OLD.`id`, coalesce((SELECT `rev` FROM `user_revs` WHERE `user_id` = OLD.`user_id`), (SELECT `rev` FROM `sync_rev` WHERE `id` = 1)));
END;--> statement-breakpoint
CREATE TRIGGER `transfers_revived` AFTER INSERT ON `transfers` BEGIN
	DELETE FROM `tombstones` WHERE `user_id` = NEW.`user_id` AND `kind` = 'transfers' AND `id` = NEW.`id`;
END;
