ALTER TABLE `push_subscriptions` ADD `session_hash` text REFERENCES sessions(token_hash) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `users` ADD `applied_password` text;