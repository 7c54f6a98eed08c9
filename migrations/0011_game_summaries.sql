-- Issue 29, finding 3: the game lists are read from this table, paged, and never load a game. What a
-- summary shows that only the game's state knew is kept here: the turn the game stands at (written
-- at creation, at the end and when a game is loaded at start-up; '' for a game finished before this
-- migration) and the rules in force without a module that are public (not those of a secret choice
-- such as 18.5C; one per line, as missing_rules).
ALTER TABLE games ADD COLUMN turn_label TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN public_missing_rules TEXT NOT NULL DEFAULT '';
-- Issue 29, finding 4: 1 for a game closed before it started (expired, open-game-expiry-hours, or
-- withdrawn by its creator). Its status is finished (3) and `result` says which; its secret choices
-- stay secret and it has no record to export.
ALTER TABLE games ADD COLUMN closed_before_start INTEGER NOT NULL DEFAULT 0;

-- The daily creation cap (max-games-created-per-day) counts an account's games by creation time.
CREATE INDEX games_by_creator ON games(creator_account, created_unix);
-- The lobby lists (open, spectatable) and the expiry of open games: by status, newest or oldest first.
CREATE INDEX games_by_status ON games(status, id);
-- An account's games, newest first.
CREATE INDEX game_seats_by_account_game ON game_seats(account_id, game_id);
