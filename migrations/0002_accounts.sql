-- Accounts and their login sessions (issue 5).
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,       -- crypto_pwhash_str: Argon2id with its salt and parameters
  created_unix INTEGER NOT NULL
) STRICT;

-- A session token is 32 random bytes; only its SHA-256 is stored.
CREATE TABLE sessions (
  token_digest TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  created_unix INTEGER NOT NULL,
  last_used_unix INTEGER NOT NULL
) STRICT;
CREATE INDEX sessions_by_account ON sessions(account_id);
