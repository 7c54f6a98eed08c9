// End-to-end (issue 16, standing orders): the real server with a real SQLite file and a grace of two
// seconds (standing-order-grace-seconds). The Allied defender sets a retreat preference for its
// stack, disconnects, and the French attack; the server retreats the stack to the preferred hex once
// the grace has passed, logged as the Allied seat's own choice by standing order. The dice are
// known in advance: the test reads the game's secret seed from the database file (as an operator
// could) and picks an attack whose roll gives a retreat with more than one legal hex. Also the
// refusals (a foreign unit, an unknown unit, too many orders) and that nobody else sees the orders.
#include "game_test_player.hpp"
#include "games/dice.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <hd/engine/play/legal_actions.hpp>
#include <hd/engine/play/random_player.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/state/dice.hpp>
#include <hd/wire/hex_convert.hpp>
#include <hd/wire/secret_commitment.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <memory>
#include <sstream>
#include <thread>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

// The server's arguments with a standing-order grace of `grace` seconds, then `more`.
std::vector<std::string> orders_server_args(int grace = 2, std::vector<std::string> more = {}) {
  std::vector<std::string> args = game_server_args();
  args.insert(args.end(), {"--standing-order-grace-seconds", std::to_string(grace)});
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// The dice the server will roll next in a game, from its seed and its seats' entropy as stored.
class DiceAhead {
 public:
  DiceAhead(const std::filesystem::path& database, std::uint64_t game) : database_(database), game_(game) {
    const std::string id = std::to_string(game);
    seed_ = wire::from_hex(query(database, "SELECT dice_seed FROM games WHERE id = " + id).at(0)).value();
    // The seats in seat order (French, Prussian, Allied: the protocol's Seat values ascending).
    for (const std::string& hex :
         query(database, "SELECT entropy FROM game_seats WHERE game_id = " + id + " ORDER BY seat"))
      entropy_.push_back(wire::from_hex(hex).value());
  }
  // The number of the game's next die (the first is 1).
  std::uint64_t next_roll() const {
    const auto rows =
        query(database_, "SELECT first_die, dice FROM game_actions WHERE game_id = " + std::to_string(game_) +
                             " ORDER BY sequence DESC LIMIT 1");
    if (rows.empty()) return 1;
    const auto bar = rows[0].find('|');
    std::uint64_t next = std::stoull(rows[0].substr(0, bar));
    std::istringstream dice(rows[0].substr(bar + 1));
    for (int die = 0; dice >> die;)
      ++next;
    return next;
  }
  int die(std::uint64_t roll) const { return server::derive_die(seed_, entropy_, roll); }

 private:
  std::filesystem::path database_;
  std::uint64_t game_;
  std::string seed_;
  std::vector<std::string> entropy_;
};

// The distance from `hex` to the nearest Allied unit on the map.
int allied_distance(const engine::GameState& state, engine::Hex hex) {
  int nearest = 1000;
  for (const engine::UnitState& unit : state.units)
    if (unit.on_map() && unit.army == engine::Army::Allied)
      nearest = std::min(nearest, engine::distance(hex, unit.hex));
  return nearest;
}

// The French move that brings a unit nearest an Allied unit, closer than it stands, if any: the
// French seek contact, so that attacks come soon.
std::optional<engine::Action> french_closing_move(const engine::GameState& state) {
  std::optional<engine::Action> best;
  int best_gain = 0;
  for (const engine::Action& action : engine::legal_actions(state, engine::Side::French)) {
    const auto* move = std::get_if<engine::MoveAction>(&action);
    if (!move || move->move.exit_map || move->move.path.empty()) continue;
    const engine::UnitState& unit = state.units[move->move.unit];
    if (!unit.on_map()) continue;
    const int gain = allied_distance(state, unit.hex) - allied_distance(state, move->move.path.back());
    if (gain > best_gain) {
      best_gain = gain;
      best = action;
    }
  }
  return best;
}

// A French attack whose dice, rolled next, leave an Allied unit to retreat with two legal hexes or
// more: the attack, the units that will retreat, and the hex the test prefers (the engine's last).
struct PlannedAttack {
  engine::Action attack;
  std::vector<engine::UnitIndex> retreating;
  engine::Hex preferred;
};

std::optional<PlannedAttack> plan_attack(const engine::GameState& state, const DiceAhead& dice) {
  const std::uint64_t first = dice.next_roll();
  for (const engine::Action& action : engine::legal_actions(state, engine::Side::French)) {
    if (!std::holds_alternative<engine::AttackAction>(action)) continue;
    engine::GameState after = state;
    std::uint64_t roll = first;
    try {
      engine::apply(after, engine::Side::French, action, [&] { return dice.die(roll++); });
    } catch (const engine::ActionRefused&) {
      continue;
    }
    if (after.pending_retreats.empty()) continue;
    const engine::UnitIndex unit = after.pending_retreats.front().unit;
    if (after.units[unit].army != engine::Army::Allied) continue;
    std::vector<engine::Hex> hexes;
    for (const engine::Action& legal : engine::legal_actions(after, engine::Side::Coalition))
      if (const auto* retreat = std::get_if<engine::RetreatAction>(&legal);
          retreat && retreat->to && !retreat->displace && !retreat->stay &&
          std::find(hexes.begin(), hexes.end(), *retreat->to) == hexes.end())
        hexes.push_back(*retreat->to);
    if (hexes.size() < 2) continue;
    PlannedAttack plan{action, {}, hexes.back()};
    for (const engine::PendingRetreat& pending : after.pending_retreats)
      plan.retreating.push_back(pending.unit);
    return plan;
  }
  return std::nullopt;
}

// The French close in and both sides otherwise play the engine's random player, until the French
// may make an attack whose roll, known in advance, makes an Allied unit retreat with a choice of
// hexes: that attack, not yet made; nullopt if the game ends first.
std::optional<PlannedAttack> play_until_planned(GamePlayer& alice, GamePlayer& bob, std::uint64_t game,
                                                Replica& replica, const DiceAhead& dice,
                                                engine::SplitMix64& random) {
  std::string why;
  for (int actions = 0; actions < 3000; ++actions) {
    const engine::GameState& state = replica.state();
    if (state.phase == engine::Phase::GameOver) return std::nullopt;
    const engine::PendingDecision decision = engine::pending_decision(state);
    if (decision.side == engine::Side::French && decision.kind == engine::DecisionKind::Attack)
      if (auto plan = plan_attack(state, dice)) return plan;
    GamePlayer& actor = decision.side == engine::Side::French ? alice : bob;
    std::optional<engine::Action> action;
    if (decision.side == engine::Side::French && decision.kind == engine::DecisionKind::Move)
      action = french_closing_move(state);
    if (!action) action = engine::choose_random_action(state, random);
    const auto answer = actor.request(submit(game, *action));
    REQUIRE(answer.has_action_accepted());
    INFO(why);
    REQUIRE(replica.apply(alice.next_of(v1::ServerEnvelope::kGameUpdate).game_update(), why));
  }
  return std::nullopt;
}

v1::ClientEnvelope set_orders(std::uint64_t game, const std::vector<v1::StandingOrder>& orders) {
  v1::ClientEnvelope envelope;
  v1::SetStandingOrders& set = *envelope.mutable_set_standing_orders();
  set.set_game_id(game);
  for (const v1::StandingOrder& order : orders)
    *set.add_orders() = order;
  return envelope;
}

v1::StandingOrder retreat_order(engine::UnitIndex unit, engine::Hex hex) {
  v1::StandingOrder order;
  order.set_unit(unit);
  *order.add_retreat_hexes() = wire::to_proto(hex);
  *order.mutable_retreat_toward() = wire::to_proto(hex);
  return order;
}

v1::ClientEnvelope query_orders(std::uint64_t game) {
  v1::ClientEnvelope envelope;
  envelope.mutable_query_standing_orders()->set_game_id(game);
  return envelope;
}

// The first unit of `army` in the state.
engine::UnitIndex first_unit_of(const engine::GameState& state, engine::Army army) {
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (state.units[i].army == army) return static_cast<engine::UnitIndex>(i);
  FAIL("no unit of the army");
  return 0;
}

// Quatre Bras, alice French, bob Allied: running.
std::uint64_t start_game(GamePlayer& alice, GamePlayer& bob) {
  const auto created = alice.request(
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_COALITION));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  const auto joined = bob.request(join_game(game, v1::SEAT_ALLIED, test_entropy("bob")));
  REQUIRE(joined.has_game_changed());
  REQUIRE(joined.game_changed().status() == v1::GAME_STATUS_RUNNING);
  return game;
}

// Bob (Allied) orders the stack a French attack will make retreat to one hex and leaves; Alice
// attacks and waits: the retreat comes by standing order, the grace after the attack (the server
// started with a grace of `grace` seconds and `more` arguments), as the Allied seat's own choice.
void retreat_by_standing_order(int grace, std::vector<std::string> more) {
  ServerProcess server({orders_server_args(grace, std::move(more)), {}});
  GamePlayer alice(server.port(), "alice");
  auto bob = std::make_unique<GamePlayer>(server.port(), "bob");
  const std::uint64_t bob_account = bob->account_id();
  // A game may end before such an attack comes (the dice are the game's own): then another game.
  engine::SplitMix64 random(1815);
  std::uint64_t game = 0;
  std::unique_ptr<Replica> replica;
  std::optional<PlannedAttack> plan;
  for (int tries = 0; tries < 8 && !plan; ++tries) {
    game = start_game(alice, *bob);
    REQUIRE(alice.request(open_game(game, false)).has_game_snapshot());
    replica = std::make_unique<Replica>("quatre-bras", french_seat());
    plan = play_until_planned(alice, *bob, game, *replica, DiceAhead(server.database_path(), game), random);
  }
  REQUIRE(plan);
  std::string why;

  // Bob orders each unit of the stack to the preferred hex, sees his orders, and goes away.
  std::vector<v1::StandingOrder> orders;
  for (const engine::UnitIndex unit : plan->retreating)
    orders.push_back(retreat_order(unit, plan->preferred));
  const auto set = bob->request(set_orders(game, orders));
  REQUIRE(set.has_standing_orders());
  CHECK(set.standing_orders().orders_size() == static_cast<int>(orders.size()));
  CHECK(bob->request(query_orders(game)).standing_orders().orders_size() == static_cast<int>(orders.size()));
  // The opponent never sees them: its own orders only (none).
  const auto seen = alice.request(query_orders(game));
  REQUIRE(seen.has_standing_orders());
  CHECK(seen.standing_orders().orders_size() == 0);
  bob.reset();

  // The attack; then, after the grace, the retreat by standing order, as the Allied seat's.
  REQUIRE(alice.request(submit(game, plan->attack)).has_action_accepted());
  const auto attacked_at = std::chrono::steady_clock::now();
  const v1::GameUpdate attack = alice.next_of(v1::ServerEnvelope::kGameUpdate).game_update();
  CHECK_FALSE(attack.by_standing_order());
  REQUIRE(replica->apply(attack, why));
  REQUIRE(!replica->state().pending_retreats.empty());
  const engine::UnitIndex first = replica->state().pending_retreats.front().unit;
  const v1::GameUpdate retreat = alice.next_of(v1::ServerEnvelope::kGameUpdate).game_update();
  INFO(retreat.action_text());
  // Not before the grace (from the attack's logged second, so more than grace - 1 s after it).
  CHECK(std::chrono::steady_clock::now() - attacked_at >= std::chrono::seconds(grace - 1));
  CHECK(retreat.by_standing_order());
  CHECK(retreat.seat() == v1::SEAT_ALLIED);
  CHECK(retreat.action_text().find("retreat") != std::string::npos);
  REQUIRE(replica->apply(retreat, why));
  CHECK(replica->state().units[first].hex == plan->preferred);

  // The log says whose choice it was: the Allied seat's holder, by standing order.
  const auto row = query(server.database_path(),
                         "SELECT by_standing_order, account_id, seat FROM game_actions WHERE game_id = " +
                             std::to_string(game) + " AND sequence = " + std::to_string(retreat.sequence()));
  REQUIRE(row.size() == 1);
  CHECK(row[0] == "1|" + std::to_string(bob_account) + "|" + std::to_string(v1::SEAT_ALLIED));
  // The server logs it once the update is out: wait for the line.
  std::string log = server.log();
  for (int wait = 0; wait < 50 && log.find("event=standing_order ") == std::string::npos; ++wait) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    log = server.log();
  }
  CHECK(log.find("event=standing_order ") != std::string::npos);
  CHECK(log.find("by standing order") != std::string::npos);
}

}  // namespace

TEST_CASE("a standing order retreats the absent defender's stack to its preferred hex, by standing order",
          "[e2e][games][standing-orders]") {
  retreat_by_standing_order(2, {});
}

TEST_CASE("a game waiting for a standing order stays in memory past room-idle-seconds",
          "[e2e][games][standing-orders][eviction]") {
  // Issue 16: nobody names the game between the attack and the retreat (the defender is away, the
  // attacker waits), so with an idle time of 1 s (swept every second) the room would leave memory
  // long before the grace of 4 s is over, and the watcher, which plays only rooms in memory, would
  // never retreat the stack. A room waiting for a retreat with standing orders stays.
  retreat_by_standing_order(4, {"--room-idle-seconds", "1"});
}

TEST_CASE("standing orders are refused for foreign and unknown units and beyond the limit, changing nothing",
          "[e2e][games][standing-orders]") {
  ServerProcess server({orders_server_args(2, {"--max-standing-orders-per-seat", "2"}), {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  GamePlayer carol(server.port(), "carol");
  const std::uint64_t game = start_game(alice, bob);
  const Replica replica("quatre-bras", french_seat());
  const engine::UnitIndex french = first_unit_of(replica.state(), engine::Army::French);
  std::vector<engine::UnitIndex> allied;
  for (std::size_t i = 0; i < replica.state().units.size() && allied.size() < 3; ++i)
    if (replica.state().units[i].army == engine::Army::Allied)
      allied.push_back(static_cast<engine::UnitIndex>(i));
  REQUIRE(allied.size() == 3);
  const engine::Hex hex{10, 10};

  const auto foreign = bob.request(set_orders(game, {retreat_order(french, hex)}));
  REQUIRE(foreign.has_refusal());
  CHECK(foreign.refusal().code() == v1::REFUSAL_CODE_NOT_YOUR_SEAT);
  CHECK(foreign.refusal().message().find("not yours") != std::string::npos);

  const auto unknown = bob.request(set_orders(game, {retreat_order(60000, hex)}));
  REQUIRE(unknown.has_refusal());
  CHECK(unknown.refusal().code() == v1::REFUSAL_CODE_INVALID_REQUEST);

  const auto too_many = bob.request(set_orders(
      game, {retreat_order(allied[0], hex), retreat_order(allied[1], hex), retreat_order(allied[2], hex)}));
  REQUIRE(too_many.has_refusal());
  CHECK(too_many.refusal().code() == v1::REFUSAL_CODE_LIMIT_REACHED);
  CHECK(bob.request(query_orders(game)).standing_orders().orders_size() == 0);  // nothing was set

  // Two fit; a third after them does not; clearing one makes room.
  REQUIRE(bob.request(set_orders(game, {retreat_order(allied[0], hex), retreat_order(allied[1], hex)}))
              .has_standing_orders());
  CHECK(bob.request(set_orders(game, {retreat_order(allied[2], hex)})).refusal().code() ==
        v1::REFUSAL_CODE_LIMIT_REACHED);
  v1::ClientEnvelope swap = set_orders(game, {retreat_order(allied[2], hex)});
  swap.mutable_set_standing_orders()->add_clear_units(allied[0]);
  const auto swapped = bob.request(swap);
  REQUIRE(swapped.has_standing_orders());
  CHECK(swapped.standing_orders().orders_size() == 2);
  CHECK(query(server.database_path(),
              "SELECT count(*) FROM standing_orders WHERE game_id = " + std::to_string(game))[0] == "2");

  // Nobody else is shown them: the opponent sees its own (none), a stranger is refused.
  CHECK(alice.request(query_orders(game)).standing_orders().orders_size() == 0);
  const auto stranger = carol.request(query_orders(game));
  REQUIRE(stranger.has_refusal());
  CHECK((stranger.refusal().code() == v1::REFUSAL_CODE_NOT_YOUR_SEAT ||
         stranger.refusal().code() == v1::REFUSAL_CODE_NOT_FOUND));
  // And the opponent may not order bob's units either.
  CHECK(alice.request(set_orders(game, {retreat_order(allied[0], hex)})).refusal().code() ==
        v1::REFUSAL_CODE_NOT_YOUR_SEAT);
}

TEST_CASE("standing orders outlive a kill -9 and a restart", "[e2e][games][standing-orders]") {
  const auto directory = make_temp_directory("hd-standing-orders-restart");
  const ServerOptions options{orders_server_args(), directory};
  auto server = std::make_unique<ServerProcess>(options);
  GamePlayer alice(server->port(), "alice");
  auto bob = std::make_unique<GamePlayer>(server->port(), "bob");
  const std::string token = bob->session_token();
  const std::uint64_t game = start_game(alice, *bob);
  const Replica replica("quatre-bras", french_seat());
  const engine::UnitIndex unit = first_unit_of(replica.state(), engine::Army::Allied);
  v1::StandingOrder order = retreat_order(unit, engine::Hex{12, 40});
  order.set_advance(true);
  REQUIRE(bob->request(set_orders(game, {order})).has_standing_orders());

  server->stop(SIGKILL);
  bob.reset();
  server = std::make_unique<ServerProcess>(options);
  bob = std::make_unique<GamePlayer>(server->port(), "bob", token);
  const auto after = bob->request(query_orders(game));
  REQUIRE(after.has_standing_orders());
  REQUIRE(after.standing_orders().orders_size() == 1);
  const v1::StandingOrder& kept = after.standing_orders().orders(0);
  CHECK(kept.unit() == unit);
  REQUIRE(kept.retreat_hexes_size() == 1);
  CHECK(kept.retreat_hexes(0).column() == 12);
  CHECK(kept.retreat_hexes(0).row() == 40);
  CHECK(kept.retreat_toward().column() == 12);
  CHECK(kept.advance());
}
