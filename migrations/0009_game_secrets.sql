-- Secret written choices (18.5C's force option; later 22.6B, 28.0D) and their commitments
-- (docs/commitments.md). One row per secret choice of a game, chosen or not (choice 'none'), made
-- with the game. `choice` and `nonce` are secret until the rules reveal the choice: only the
-- commitment is published before; the opening (choice and nonce) is published at the reveal.
CREATE TABLE game_secrets (
  game_id INTEGER NOT NULL REFERENCES games(id),
  choice_id TEXT NOT NULL,      -- e.g. '18.5C'
  seat INTEGER NOT NULL,        -- protocol Seat whose choice it is
  choice TEXT NOT NULL,         -- the choice text: the option id when chosen, 'none' when not
  nonce TEXT NOT NULL,          -- hex, 32 random bytes
  commitment TEXT NOT NULL,     -- SHA-256 over (game id, choice id, choice, nonce), hex; public
  PRIMARY KEY (game_id, choice_id)
) STRICT;
