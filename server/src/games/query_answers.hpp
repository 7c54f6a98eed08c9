// The engine's answers to the queries (QueryReachable, QueryCombatOptions, QueryOdds,
// QueryRetreats, QueryCommandRange, QueryObservedArea). Issue 15: each is a pure function of the
// game's state when the question was taken up and of who asked, so it runs off the hub's strand, on
// the I/O threads, while the strand goes on with other games (GameQueries takes the question up;
// the hub sends the answer). With 16.3 in force a side is answered on the board it believes
// (believed_board.hpp), so that no answer reveals an enemy piece it does not observe.
#pragma once

#include <hd/engine/state/game_state.hpp>
#include <hd/engine/visibility/view.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <memory>

namespace hd::server {

// What a query is answered from: taken on the hub's strand, read anywhere after.
struct QueryBoard {
  std::shared_ptr<const engine::GameState> state;  // the game's live state when the query was taken up
  engine::Viewer viewer;                           // the asker's: its open game's, or its seats'
};

// The answer to `request` (a query whose game the asker may question: GameQueries checks that), or
// its refusal, under the request's id. Thread-safe: it reads only `asked` and `request`.
hundred_days::v1::ServerEnvelope answer_query(const QueryBoard& asked,
                                              const hundred_days::v1::ClientEnvelope& request);

}  // namespace hd::server
