-- The first answer to each mutating request (create, join, leave, chat, resign, draws, undo,
-- ConfirmAttack), by account and request id: a replay (the same request again under the same id, by
-- the same account) gets this answer again and changes nothing (docs/server.md, "Request ids"); a
-- different request under a used id is a new request and its answer replaces the row. SubmitAction's replays
-- are answered from the action log (game_actions.request_id). Bounded: per account the newest
-- 1,000 rows, none older than 24 hours (pruned as rows are added).
CREATE TABLE request_answers (
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  request_id INTEGER NOT NULL,      -- the client's request id (never 0: id 0 is not stored)
  request_kind INTEGER NOT NULL,    -- ClientEnvelope body field number (8 CreateGame, 10 JoinGame ...)
  request_digest TEXT NOT NULL,     -- SHA-256 of the request serialized without its id, hex
  answer TEXT NOT NULL,             -- the ServerEnvelope sent, serialized, hex
  unix_seconds INTEGER NOT NULL,
  PRIMARY KEY (account_id, request_id)
) STRICT;
