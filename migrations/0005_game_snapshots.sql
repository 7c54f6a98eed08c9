-- Snapshots of a game's engine state, a cache (docs/server.md, "Start-up replay and snapshots"):
-- a game is rebuilt from its latest snapshot and the actions logged after it, and the snapshot is
-- used only if it reads back, hashes to its state_hash and that equals the log's hash at its
-- sequence; otherwise the whole log is replayed. Only the latest snapshot of a game is kept.
CREATE TABLE game_snapshots (
  game_id INTEGER NOT NULL REFERENCES games(id),
  sequence INTEGER NOT NULL,              -- the state right after this logged action
  state TEXT NOT NULL,                    -- engine::snapshot_state
  state_hash TEXT NOT NULL,               -- engine::state_hash of that state, 16 hex digits
  phase_start_sequence INTEGER NOT NULL,  -- the log sequence that began the phase (5.1C, phase ends)
  phase_start_dice INTEGER NOT NULL,      -- dice rolled in the game when the phase began (5.1C)
  PRIMARY KEY (game_id, sequence)
) STRICT;
