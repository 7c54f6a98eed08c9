-- Issue 16 (standing orders; docs/games.md "Standing orders"): a seat's preferences for its units'
-- retreats and advances, which the server follows for a seat absent past standing-order-grace-seconds.
--   unit: the engine's unit number; seat: the seat owning it when the order was set (protocol Seat).
--   retreat_hexes: preferred retreat hexes, best first, as 'column,row' separated by spaces ('': none).
--   toward_column, toward_row: failing those, the retreat hex nearest this one (NULL: none).
--   advance: 1 to advance into a vacated hex when offered (6.7), 0 to decline.
CREATE TABLE standing_orders (
  game_id INTEGER NOT NULL REFERENCES games(id),
  unit INTEGER NOT NULL CHECK (unit >= 0),
  seat INTEGER NOT NULL,
  retreat_hexes TEXT NOT NULL DEFAULT '',
  toward_column INTEGER,
  toward_row INTEGER,
  advance INTEGER NOT NULL DEFAULT 0 CHECK (advance IN (0, 1)),
  PRIMARY KEY (game_id, unit)
) STRICT;

-- An action the server took for its absent owner by a standing order (1), logged as the owner's.
ALTER TABLE game_actions ADD COLUMN by_standing_order INTEGER NOT NULL DEFAULT 0 CHECK (by_standing_order IN (0, 1));
