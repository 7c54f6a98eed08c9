-- Games, their seats, the action log, chat and the undo-by-consent log (issue 5, docs/games.md).
CREATE TABLE games (
  id INTEGER PRIMARY KEY,
  scenario TEXT NOT NULL,            -- scenario folder name
  title TEXT NOT NULL,               -- the scenario's name
  force_options TEXT NOT NULL,       -- chosen force options, one per line
  optional_rules TEXT NOT NULL,      -- chosen optional rules ("15.1", "15.2"), one per line
  status INTEGER NOT NULL,           -- 1 open, 2 running, 3 finished (protocol GameStatus)
  public_listing INTEGER NOT NULL,
  invite_code TEXT NOT NULL UNIQUE,
  spectator_view INTEGER NOT NULL,   -- protocol SpectatorView (0: no spectators)
  spectator_delay INTEGER NOT NULL,  -- DELAYED_ALL: player turns behind
  dice_seed TEXT NOT NULL,           -- hex; secret until the game is finished
  seed_commitment TEXT NOT NULL,     -- SHA-256 of the seed, hex; public from creation
  creator_account INTEGER NOT NULL REFERENCES accounts(id),
  created_unix INTEGER NOT NULL,
  result TEXT NOT NULL DEFAULT '',   -- finished: the result in words
  finished_unix INTEGER
) STRICT;

-- One row per seat of the scenario's armies: 1 French, 2 Prussian, 3 Allied (protocol Seat).
CREATE TABLE game_seats (
  game_id INTEGER NOT NULL REFERENCES games(id),
  seat INTEGER NOT NULL,
  built_in INTEGER NOT NULL,
  account_id INTEGER REFERENCES accounts(id),  -- NULL while open or for the built-in player
  entropy TEXT NOT NULL DEFAULT '',            -- hex; the seat's contribution to the dice
  PRIMARY KEY (game_id, seat)
) STRICT;
CREATE INDEX game_seats_by_account ON game_seats(account_id);

-- The action log: replaying it rebuilds every game. Written before anyone hears of the action.
CREATE TABLE game_actions (
  game_id INTEGER NOT NULL REFERENCES games(id),
  sequence INTEGER NOT NULL,          -- 1, 2, 3 ... (an accepted undo frees the last one)
  seat INTEGER NOT NULL,              -- the seat that acted (0: the server, e.g. a resignation)
  account_id INTEGER REFERENCES accounts(id),  -- NULL for the built-in player
  request_id INTEGER NOT NULL,        -- the client's request id (0 for the built-in player)
  action TEXT NOT NULL,               -- the action in the notation, without its dice
  dice TEXT NOT NULL,                 -- the dice it rolled, space separated ('' for none)
  first_die INTEGER NOT NULL,         -- the game-wide number of its first die (dice proof)
  state_hash TEXT NOT NULL,           -- engine::state_hash after the action, 16 hex digits
  unix_seconds INTEGER NOT NULL,
  PRIMARY KEY (game_id, sequence)
) STRICT;
CREATE INDEX game_actions_by_request ON game_actions(game_id, account_id, request_id);

CREATE TABLE game_chat (
  id INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  channel INTEGER NOT NULL,           -- protocol ChatChannel
  side INTEGER NOT NULL,              -- SIDE channel: 1 French, 2 Coalition (protocol Side); 0 for ALL
  text TEXT NOT NULL,
  unix_seconds INTEGER NOT NULL
) STRICT;
CREATE INDEX game_chat_by_game ON game_chat(game_id, id);

-- 5.1C undo by consent: every request and every answer.
CREATE TABLE game_undo_log (
  id INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id),
  sequence INTEGER NOT NULL,          -- the action asked to be taken back
  action TEXT NOT NULL,               -- its notation
  event TEXT NOT NULL,                -- 'request', 'accept' or 'decline'
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  unix_seconds INTEGER NOT NULL
) STRICT;
