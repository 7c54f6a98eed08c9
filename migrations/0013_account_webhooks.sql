-- Issue 16 (notifications, webhook half; docs/server.md, "Webhooks"): an account's opt-in webhook.
-- The server POSTs a small JSON body to `url` when a seat of the account must act and when a game
-- ends, signed with X-HD-Signature: hex HMAC-SHA256(secret, body). The secret is 32 random bytes
-- made by the server (libsodium's CSPRNG) written as 64 hex digits, which are the HMAC key. The
-- server must keep it to sign, so it is stored as it is; it is shown to the owner once, in the
-- answer that set the webhook.
CREATE TABLE account_webhooks (
  account_id INTEGER PRIMARY KEY NOT NULL REFERENCES accounts(id),
  url TEXT NOT NULL CHECK (length(url) <= 512),
  secret TEXT NOT NULL CHECK (length(secret) = 64),
  set_unix INTEGER NOT NULL
) STRICT;

-- What was last notified per game and account (at most one message per account, game and player
-- turn, also across a restart): notice_key is 0 for a decision before the first player turn,
-- turn * 2 + side (0 French, 1 Coalition) + 1 within play, and 9223372036854775807 for the game's
-- end. A key never goes down but after an undo, which notifies nothing again.
CREATE TABLE webhook_notices (
  game_id INTEGER NOT NULL REFERENCES games(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  notice_key INTEGER NOT NULL,
  PRIMARY KEY (game_id, account_id)
) STRICT;
