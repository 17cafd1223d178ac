CREATE TABLE `categories` (
	`user_id` text NOT NULL,
	`id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`parent_id` text,
	`icon` text NOT NULL,
	`order` integer NOT NULL,
	`hidden` integer NOT NULL,
	`rev` integer DEFAULT 0 NOT NULL,
	`updated_at` text DEFAULT '' NOT NULL,
	`edited_at` text DEFAULT '' NOT NULL,
	`stamp` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`user_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `categories_user_rev_idx` ON `categories` (`user_id`,`rev`,`id`);--> statement-breakpoint
CREATE INDEX `categories_user_idx` ON `categories` (`user_id`);--> statement-breakpoint
CREATE TRIGGER `categories_tombstone` AFTER DELETE ON `categories` BEGIN
	INSERT OR REPLACE INTO `tombstones` (`user_id`, `kind`, `id`, `rev`)
	VALUES (OLD.`user_id`, 'categories', OLD.`id`, coalesce((SELECT `rev` FROM `user_revs` WHERE `user_id` = OLD.`user_id`), (SELECT `rev` FROM `sync_rev` WHERE `id` = 1)));
END;--> statement-breakpoint
CREATE TRIGGER `categories_revived` AFTER INSERT ON `categories` BEGIN
	DELETE FROM `tombstones` WHERE `user_id` = NEW.`user_id` AND `kind` = 'categories' AND `id` = NEW.`id`;
END;
