-- The server's own facts, as key/value pairs: its stable id (sent in every Welcome) and when its
-- database was created. Never edit a migration after it has landed: add a new one.
CREATE TABLE server_metadata (
  key TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
) STRICT;
