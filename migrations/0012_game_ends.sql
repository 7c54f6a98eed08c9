-- Issue 27 (the clients read results from typed fields, never from English): how a finished game
-- ended and who won, beside `result` (the same in words, for people and logs). result_end is the
-- protocol's GameEnd (1 by the rules, 2 a resignation, 3 a draw agreed, 4 withdrawn before it
-- started, 5 expired before it started; 0 not finished); result_winner its Side (1 French,
-- 2 Coalition; 0 none). Games finished before this migration are filled in from their words, which
-- the server wrote in exactly these shapes (game_consent.cpp, lobby.cpp, game_play.cpp).
ALTER TABLE games ADD COLUMN result_end INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN result_winner INTEGER NOT NULL DEFAULT 0;
UPDATE games SET result_end = 2, result_winner = CASE WHEN result LIKE 'french victory:%' THEN 1 ELSE 2 END
  WHERE status = 3 AND result LIKE '% victory: the % side resigned%';
UPDATE games SET result_end = 3 WHERE status = 3 AND result = 'drawn by agreement';
UPDATE games SET result_end = 4 WHERE status = 3 AND closed_before_start = 1 AND result = 'withdrawn by its creator';
UPDATE games SET result_end = 5 WHERE status = 3 AND closed_before_start = 1 AND result LIKE 'expired:%';
UPDATE games SET result_end = 1,
  result_winner = CASE WHEN result LIKE 'french%' THEN 1 WHEN result LIKE 'coalition%' THEN 2 ELSE 0 END
  WHERE status = 3 AND result_end = 0;
