-- Issue 16 (notifications, e-mail half; docs/server.md, "E-mail"): an account's opt-in e-mail
-- address. SetEmail stores the address unconfirmed and mails it a one-time code: 8 random digits
-- from libsodium's CSPRNG, stored only as code_hash, the hex SHA-256 of "<account id>:<code>". The
-- code is void after code_expires_unix or 5 wrong tries (code_attempts). ConfirmEmail with the code
-- sets confirmed = 1 and forgets the hash; only confirmed addresses get turn mail.
CREATE TABLE account_emails (
  account_id INTEGER PRIMARY KEY NOT NULL REFERENCES accounts(id),
  address TEXT NOT NULL CHECK (length(address) BETWEEN 3 AND 254),
  confirmed INTEGER NOT NULL CHECK (confirmed IN (0, 1)),
  code_hash TEXT CHECK (code_hash IS NULL OR length(code_hash) = 64),
  code_expires_unix INTEGER NOT NULL,
  code_attempts INTEGER NOT NULL DEFAULT 0,
  set_unix INTEGER NOT NULL
) STRICT;

-- When codes were mailed, per account: SetEmail mails at most 3 per hour (rows older than that
-- are deleted as new ones come), so nobody can make the server mail a stranger more than a few
-- codes, and a restart does not reset the count.
CREATE TABLE email_code_sends (
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  sent_unix INTEGER NOT NULL
) STRICT;
CREATE INDEX email_code_sends_by_account ON email_code_sends (account_id, sent_unix);

-- What was last e-mailed per game and account, keyed as webhook_notices (0013) is: 0 for a
-- decision before the first player turn, turn * 2 + side (0 French, 1 Coalition) + 1 within play,
-- 9223372036854775807 for the game's end. At most one e-mail per account, game and player turn,
-- also across a restart.
CREATE TABLE email_notices (
  game_id INTEGER NOT NULL REFERENCES games(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  notice_key INTEGER NOT NULL,
  PRIMARY KEY (game_id, account_id)
) STRICT;
