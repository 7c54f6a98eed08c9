-- Rules a game is played without (docs/games.md, "Not by the book"): the rules in force that the
-- engine has no module for, one per line, in book order. Empty for every game played by the book;
-- only a server started with allow-missing-rules (development) creates or loads others.
ALTER TABLE games ADD COLUMN missing_rules TEXT NOT NULL DEFAULT '';
