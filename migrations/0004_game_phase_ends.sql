-- Coalition seats that have ended the current phase (docs/games.md, "Coalition phase end"): the
-- Coalition's phase ends only when every Coalition seat has ended it, and a restart keeps the marks.
CREATE TABLE game_phase_ends (
  game_id INTEGER NOT NULL REFERENCES games(id),
  seat INTEGER NOT NULL,                  -- protocol Seat: 2 Prussian, 3 Allied
  phase_start_sequence INTEGER NOT NULL,  -- the log sequence that began the phase; a mark of an earlier phase is void
  PRIMARY KEY (game_id, seat)
) STRICT;
