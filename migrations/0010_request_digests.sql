-- Issue 29: a request id reused for another request is refused (REQUEST_ID_REUSED), told apart
-- from a replay by a SHA-256 of the request without its id (docs/server.md, "Request ids").
-- The action log keeps the digest of the SubmitAction that each action answered (NULL for the
-- built-in player, for an action confirmed by ConfirmAttack it is the proposer's SubmitAction's,
-- and NULL for rows logged before this migration: their ids are refused for any request, since
-- sameness cannot be shown).
ALTER TABLE game_actions ADD COLUMN request_digest TEXT;

-- An action taken back by undo (5.1C) keeps its request here, so that the same request again is
-- answered with its first ActionAccepted and never applied again, and another request under its id
-- is refused. One row per undone action of an account's request (tiny; kept with the game).
CREATE TABLE undone_requests (
  game_id INTEGER NOT NULL REFERENCES games(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  request_id INTEGER NOT NULL,      -- the client's request id of the undone action (never 0)
  request_digest TEXT,              -- its request's digest, hex (NULL: logged before migration 0010)
  sequence INTEGER NOT NULL,        -- the sequence the action had (its first ActionAccepted's)
  unix_seconds INTEGER NOT NULL,
  PRIMARY KEY (game_id, account_id, request_id)
) STRICT;
