// End-to-end team game: three accounts in the French, Prussian and Allied seats of La Belle
// Alliance. Each seat moves only its army; the Coalition's phase ends when both Coalition seats
// have ended it; an attack mixing Prussian and Allied units is proposed by one seat and applied
// only on the other's ConfirmAttack.
#include "game_test_player.hpp"
#include "mixed_attack_script.hpp"
#include "server_process.hpp"

#include <hd/engine/board/hex.hpp>
#include <hd/engine/play/random_player.hpp>
#include <hd/engine/rules/combat/combat_options.hpp>
#include <hd/engine/state/dice.hpp>
#include <hd/wire/game_convert.hpp>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

const auto mixed_attack = find_mixed_attack;

// Alice creates `scenario` as the French, Bob joins as the Prussians and Carol as the Allies, and
// all three open it; the game's id.
std::uint64_t start_team_game(const std::string& scenario, GamePlayer& alice, GamePlayer& bob,
                              GamePlayer& carol) {
  const auto created = alice.request(
      create_game(scenario, {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED));
  INFO(created.DebugString());
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(bob.request(join_game(game, v1::SEAT_PRUSSIAN, test_entropy("bob"))).has_game_changed());
  REQUIRE(carol.request(join_game(game, v1::SEAT_ALLIED, test_entropy("carol"))).has_game_changed());
  for (GamePlayer* player : {&alice, &bob, &carol})
    REQUIRE(player->request(open_game(game, false)).has_game_snapshot());
  return game;
}

// A three-account game of a real scenario, scripted until the Coalition combat phase offers a mixed
// attack; `declarer` proposes it, the other Coalition seat confirms it, and it is applied once.
void mixed_attack_in(const std::string& scenario, v1::Seat declarer) {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");  // French
  GamePlayer bob(server.port(), "bob");      // Prussian
  GamePlayer carol(server.port(), "carol");  // Allied
  const std::uint64_t game = start_team_game(scenario, alice, bob, carol);
  Replica replica(scenario, engine::Viewer{}, game_data_root());
  std::string why;
  const auto follow = [&] {
    INFO(why);
    REQUIRE(replica.apply(alice.next_of(v1::ServerEnvelope::kGameUpdate).game_update(), why));
  };

  // The French end their phases; each Coalition seat marches its own army; both end the phase.
  MixedAttackScript script;
  int actions = 0;
  while (!mixed_attack(replica.state())) {
    REQUIRE(replica.state().phase != engine::Phase::GameOver);
    REQUIRE(++actions < 200);
    const engine::Action action = script.next(replica.state());
    if (engine::pending_decision(replica.state()).side == engine::Side::French) {
      REQUIRE(alice.request(submit(game, action)).has_action_accepted());
    } else if (const auto* move = std::get_if<engine::MoveAction>(&action)) {
      GamePlayer& mover = replica.state().units[move->move.unit].army == engine::Army::Prussian ? bob : carol;
      const auto answer = mover.request(submit(game, action));
      INFO(answer.DebugString());
      REQUIRE(answer.has_action_accepted());
    } else {
      REQUIRE(bob.request(submit(game, action)).action_accepted().awaiting_confirmation());
      REQUIRE(carol.request(submit(game, action)).action_accepted().sequence() == replica.sequence() + 1);
    }
    follow();
  }

  // 6.1: one combat with a Prussian and an Allied attacker.
  const engine::AttackAction attack = *mixed_attack(replica.state());
  GamePlayer& proposer = declarer == v1::SEAT_PRUSSIAN ? bob : carol;
  GamePlayer& confirmer = declarer == v1::SEAT_PRUSSIAN ? carol : bob;
  const std::uint64_t before = replica.sequence();
  const auto proposed = proposer.request(submit(game, attack));
  REQUIRE(proposed.has_action_accepted());
  CHECK(proposed.action_accepted().awaiting_confirmation());
  CHECK(proposed.action_accepted().sequence() == 0);
  const auto proposal = confirmer.next_of(v1::ServerEnvelope::kAttackProposal).attack_proposal();
  CHECK(proposal.proposed_by() == declarer);
  CHECK(proposal.attack().attackers_size() == static_cast<int>(attack.attackers.size()));
  v1::ClientEnvelope confirm;
  confirm.mutable_confirm_attack()->set_game_id(game);
  confirm.mutable_confirm_attack()->set_proposal_id(proposal.proposal_id());
  confirm.mutable_confirm_attack()->set_accept(true);
  const auto by_the_proposer = proposer.request(confirm);  // only the other seat confirms
  REQUIRE(by_the_proposer.has_refusal());
  CHECK(by_the_proposer.refusal().code() == v1::REFUSAL_CODE_NOT_YOUR_SEAT);
  const auto confirmed = confirmer.request(confirm);
  REQUIRE(confirmed.has_action_accepted());
  CHECK(confirmed.action_accepted().sequence() == before + 1);
  // The proposer hears its original request answered with the same sequence.
  const auto answered = proposer.next_of(v1::ServerEnvelope::kActionAccepted).action_accepted();
  CHECK(answered.sequence() == before + 1);
  const auto update = alice.next_of(v1::ServerEnvelope::kGameUpdate).game_update();
  CHECK(update.seat() == declarer);
  CHECK(update.action_text().find("coalition attack") == 0);
  INFO(why);
  REQUIRE(replica.apply(update, why));
  CHECK(replica.sequence() == before + 1);
  // Applied once: a second confirmation finds no proposal.
  const auto again = confirmer.request(confirm);
  REQUIRE(again.has_refusal());
  CHECK(again.refusal().code() == v1::REFUSAL_CODE_NOT_FOUND);
}

}  // namespace

TEST_CASE("A team game: seats act for their own army; Coalition phases and mixed attacks need both seats",
          "[e2e][games]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");  // French
  GamePlayer bob(server.port(), "bob");      // Prussian
  GamePlayer carol(server.port(), "carol");  // Allied
  const auto created = alice.request(create_game("la-belle-alliance", {v1::SEAT_FRENCH},
                                                 test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(bob.request(join_game(game, v1::SEAT_PRUSSIAN, test_entropy("bob"))).has_game_changed());
  const auto started = carol.request(join_game(game, v1::SEAT_ALLIED, test_entropy("carol")));
  REQUIRE(started.has_game_changed());
  CHECK(started.game_changed().status() == v1::GAME_STATUS_RUNNING);
  for (GamePlayer* player : {&alice, &bob, &carol})
    REQUIRE(player->request(open_game(game, false)).has_game_snapshot());

  Replica replica("la-belle-alliance", engine::Viewer{});
  const auto holder = [&](engine::Army army) -> GamePlayer& {
    return army == engine::Army::French ? alice : army == engine::Army::Prussian ? bob : carol;
  };
  std::string why;
  const auto follow = [&] {
    for (GamePlayer* player : {&alice, &bob, &carol}) {
      const auto update = player->next_of(v1::ServerEnvelope::kGameUpdate).game_update();
      if (player == &alice) {
        INFO(why);
        REQUIRE(replica.apply(update, why));
      }
    }
  };

  engine::SplitMix64 random(1815);
  int coalition_phase_ends = 0, mixed_attacks = 0, foreign_moves_refused = 0, actions = 0;
  while (replica.state().phase != engine::Phase::GameOver && actions < 3000) {
    const engine::GameState& state = replica.state();
    const engine::Side side = engine::pending_decision(state).side;
    if (const auto attack = mixed_attack(state)) {
      // Bob proposes; Carol confirms; only then is it applied.
      const auto proposed = bob.request(submit(game, *attack));
      REQUIRE(proposed.has_action_accepted());
      CHECK(proposed.action_accepted().awaiting_confirmation());
      const auto proposal = carol.next_of(v1::ServerEnvelope::kAttackProposal).attack_proposal();
      CHECK(proposal.proposed_by() == v1::SEAT_PRUSSIAN);
      v1::ClientEnvelope confirm;
      confirm.mutable_confirm_attack()->set_game_id(game);
      confirm.mutable_confirm_attack()->set_proposal_id(proposal.proposal_id());
      confirm.mutable_confirm_attack()->set_accept(true);
      const auto wrong = alice.request(confirm);
      REQUIRE(wrong.has_refusal());
      CHECK(wrong.refusal().code() == v1::REFUSAL_CODE_NOT_YOUR_SEAT);
      const auto confirmed = carol.request(confirm);
      REQUIRE(confirmed.has_action_accepted());
      CHECK(confirmed.action_accepted().sequence() == replica.sequence() + 1);
      follow();
      ++mixed_attacks;
      ++actions;
      continue;
    }
    const engine::Action action = engine::choose_random_action(state, random);
    if (side == engine::Side::Coalition && std::holds_alternative<engine::EndPhaseAction>(action)) {
      // The first Coalition seat to end waits for the other; nothing is applied yet.
      const auto first = bob.request(submit(game, action));
      REQUIRE(first.has_action_accepted());
      CHECK(first.action_accepted().awaiting_confirmation());
      CHECK(first.action_accepted().sequence() == 0);
      const auto second = carol.request(submit(game, action));
      REQUIRE(second.has_action_accepted());
      CHECK(second.action_accepted().sequence() == replica.sequence() + 1);
      follow();
      ++coalition_phase_ends;
      ++actions;
      continue;
    }
    GamePlayer* actor = side == engine::Side::French ? &alice : &bob;
    const auto claim_unit = [&]() -> std::optional<engine::UnitIndex> {
      if (const auto* move = std::get_if<engine::MoveAction>(&action)) return move->move.unit;
      if (const auto* retreat = std::get_if<engine::RetreatAction>(&action)) return retreat->unit;
      if (const auto* advance = std::get_if<engine::AdvanceAction>(&action)) return advance->unit;
      if (const auto* attack = std::get_if<engine::AttackAction>(&action)) return attack->attackers.front();
      return std::nullopt;
    }();
    if (claim_unit) {
      const engine::Army army = state.units[*claim_unit].army;
      actor = &holder(army);
      if (side == engine::Side::Coalition && foreign_moves_refused < 3) {
        // The other Coalition seat may not act for these units.
        GamePlayer& other = army == engine::Army::Prussian ? carol : bob;
        const auto refused = other.request(submit(game, action));
        REQUIRE(refused.has_refusal());
        CHECK(refused.refusal().code() == v1::REFUSAL_CODE_NOT_YOUR_SEAT);
        ++foreign_moves_refused;
      }
    }
    const auto answer = actor->request(submit(game, action));
    INFO(answer.DebugString());
    REQUIRE(answer.has_action_accepted());
    CHECK(answer.action_accepted().sequence() == replica.sequence() + 1);
    follow();
    ++actions;
  }
  REQUIRE(replica.state().phase == engine::Phase::GameOver);
  CHECK(coalition_phase_ends > 0);
  CHECK(foreign_moves_refused == 3);
  WARN("mixed Coalition attacks confirmed in this game: " << mixed_attacks);
}

TEST_CASE(
    "A mixed Prussian and Allied attack is proposed by one seat and applied on the other's confirmation",
    "[e2e][games]") {
  // A test scenario: Quatre Bras with the Coalition moving first and one Prussian and one Allied
  // unit set up next to the French at 1647, so the first Coalition combat phase offers the attack.
  const auto root = make_temp_directory("hd-games-team") / "scenarios";
  std::filesystem::copy(game_data_root(), root, std::filesystem::copy_options::recursive);
  std::filesystem::create_directories(root / "team-test");
  std::ifstream original(root / "quatre-bras" / "scenario.txt");
  std::ostringstream text;
  std::string line;
  const auto french_hex = *engine::parse_hex("1647");
  std::vector<std::string> free_neighbours;
  for (engine::Hex hex : engine::neighbours(french_hex)) {
    const std::string name = engine::format_hex(hex);
    if (name != "1648" && name != "1646" && name != "1548") free_neighbours.push_back(name);
  }
  REQUIRE(free_neighbours.size() >= 2);
  while (std::getline(original, line)) {
    if (line.rfind("first french", 0) == 0) line = "first coalition";
    if (line.find("setup allied 1545 : Blndt") != std::string::npos)
      line = "setup allied " + free_neighbours[0] + " : Blndt";
    text << line << "\n";
    if (line.rfind("setup allied 0738", 0) == 0)
      text << "setup prussian " << free_neighbours[1] << " : 24/1\n";
  }
  std::ofstream(root / "team-test" / "scenario.txt") << text.str();

  std::vector<std::string> args = game_server_args();
  args[1] = root.string();  // the data root with the test scenario
  ServerProcess server({args, {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  GamePlayer carol(server.port(), "carol");
  const std::uint64_t game = start_team_game("team-test", alice, bob, carol);
  Replica replica("team-test", engine::Viewer{}, root);
  std::string why;

  // The Coalition movement phase ends when both seats have ended it.
  const engine::Action end{engine::EndPhaseAction{}};
  const auto first = bob.request(submit(game, end));
  REQUIRE(first.has_action_accepted());
  CHECK(first.action_accepted().awaiting_confirmation());
  const auto again = bob.request(submit(game, end));  // the same seat again changes nothing
  REQUIRE(again.has_action_accepted());
  CHECK(again.action_accepted().sequence() == 0);
  const auto second = carol.request(submit(game, end));
  REQUIRE(second.has_action_accepted());
  CHECK(second.action_accepted().sequence() == 1);
  REQUIRE(replica.apply(alice.next_of(v1::ServerEnvelope::kGameUpdate).game_update(), why));
  REQUIRE(replica.state().phase == engine::Phase::Combat);

  const auto attack = mixed_attack(replica.state());
  REQUIRE(attack);
  // Declined: nothing happens, and the proposer hears it.
  const auto proposed = bob.request(submit(game, *attack));
  REQUIRE(proposed.has_action_accepted());
  CHECK(proposed.action_accepted().awaiting_confirmation());
  auto proposal = carol.next_of(v1::ServerEnvelope::kAttackProposal).attack_proposal();
  CHECK(proposal.proposed_by() == v1::SEAT_PRUSSIAN);
  v1::ClientEnvelope decline;
  decline.mutable_confirm_attack()->set_game_id(game);
  decline.mutable_confirm_attack()->set_proposal_id(proposal.proposal_id());
  decline.mutable_confirm_attack()->set_accept(false);
  const auto not_alices = alice.request(decline);
  REQUIRE(not_alices.has_refusal());
  CHECK(not_alices.refusal().code() == v1::REFUSAL_CODE_NOT_YOUR_SEAT);
  const std::uint64_t declined_id = carol.next_request_id();
  REQUIRE(carol.request_with_id(decline, declined_id).has_ok());
  CHECK(bob.next_of(v1::ServerEnvelope::kRefusal).refusal().code() == v1::REFUSAL_CODE_NOT_ALLOWED);

  // Proposed again and confirmed: applied once, as the Prussian seat's action.
  const auto proposed_again = bob.request(submit(game, *attack));
  REQUIRE(proposed_again.has_action_accepted());
  proposal = carol.next_of(v1::ServerEnvelope::kAttackProposal).attack_proposal();
  v1::ClientEnvelope confirm = decline;
  confirm.mutable_confirm_attack()->set_proposal_id(proposal.proposal_id());
  confirm.mutable_confirm_attack()->set_accept(true);
  const auto confirmed = carol.request(confirm);
  REQUIRE(confirmed.has_action_accepted());
  CHECK(confirmed.action_accepted().sequence() == 2);
  const auto update = alice.next_of(v1::ServerEnvelope::kGameUpdate).game_update();
  CHECK(update.seat() == v1::SEAT_PRUSSIAN);
  INFO(why);
  REQUIRE(replica.apply(update, why));
  CHECK(update.action_text().find("coalition attack") == 0);
}

TEST_CASE("La Belle Alliance: the Prussian seat declares a mixed attack, the Allied seat confirms it",
          "[e2e][games]") {
  mixed_attack_in("la-belle-alliance", v1::SEAT_PRUSSIAN);
}

// The campaign's case moved here when 11.0 came in: with command in force the scripted march no
// longer reaches a mixed attack (its marchers go out of command, 11.3A), and the server path is the
// same in every scenario.
TEST_CASE("La Belle Alliance: the Allied seat declares a mixed attack, the Prussian seat confirms it",
          "[e2e][games]") {
  mixed_attack_in("la-belle-alliance", v1::SEAT_ALLIED);
}
