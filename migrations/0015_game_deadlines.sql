-- Issue 16 (deadlines; docs/games.md "Deadlines"): a game's optional deadline per player turn, set at
-- creation (CreateGame.deadline), and where the current wait stands, so that a restart computes the
-- deadline from stored times instead of starting it again.
--   hours, vacation_days, policy: the TurnDeadline (policy: protocol DeadlinePolicy).
--   turn_start_sequence: the action log sequence that began the player turn waited for (-1: none
--     seen yet); began_unix: when it began (the time of that action, or when the game started).
--   turn_vacation_days: vacation days spent within this player turn (each adds 24 hours).
--   reminder_sent: 1 once this player turn's reminder went out (at most one per player turn).
--   lapsed_seat: the seat whose deadline lapsed in this player turn, played by the built-in player
--     until the player turn ends (0: none; protocol Seat).
--   last_event: the latest deadline event in words, shown in the game's summary.
CREATE TABLE game_deadlines (
  game_id INTEGER PRIMARY KEY NOT NULL REFERENCES games(id),
  hours INTEGER NOT NULL CHECK (hours BETWEEN 1 AND 720),
  vacation_days INTEGER NOT NULL CHECK (vacation_days BETWEEN 0 AND 30),
  policy INTEGER NOT NULL CHECK (policy IN (1, 2)),
  turn_start_sequence INTEGER NOT NULL DEFAULT -1,
  began_unix INTEGER NOT NULL DEFAULT 0,
  turn_vacation_days INTEGER NOT NULL DEFAULT 0,
  reminder_sent INTEGER NOT NULL DEFAULT 0 CHECK (reminder_sent IN (0, 1)),
  lapsed_seat INTEGER NOT NULL DEFAULT 0,
  last_event TEXT NOT NULL DEFAULT ''
) STRICT;

-- Vacation days each seat of a game with a deadline has spent, over the whole game.
CREATE TABLE game_deadline_vacations (
  game_id INTEGER NOT NULL REFERENCES games(id),
  seat INTEGER NOT NULL,
  days_used INTEGER NOT NULL CHECK (days_used >= 0),
  PRIMARY KEY (game_id, seat)
) STRICT;
