-- Accounts and their login sessions (issue 5).
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,       -- crypto_pwhash_str: Argon2id with its salt and parameters
  created_unix INTEGER NOT NULL
) STRICT;

-- A session token is 32 random bytes; only its SHA-256 (64 hex digits) is stored. A session unused
-- for session-lifetime-days has expired (checked on resume, purged when a session is opened).
-- (A TEXT PRIMARY KEY admits NULL in SQLite unless it says NOT NULL.)
CREATE TABLE sessions (
  token_digest TEXT PRIMARY KEY NOT NULL CHECK (length(token_digest) = 64),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  created_unix INTEGER NOT NULL,
  last_used_unix INTEGER NOT NULL
) STRICT;
CREATE INDEX sessions_by_account ON sessions(account_id);
