-- The rules version each game is played under (engine/include/hd/engine/state/rules_version.hpp,
-- docs/server.md "Rules versions"). A game replays exactly only under its own version: the server
-- refuses to open one of another version. Games stored before versions existed were played by an
-- engine whose state hash the log's hashes no longer match: they keep 0 and are refused likewise.
ALTER TABLE games ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 0;
