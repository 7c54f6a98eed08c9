// What the game model keeps for the combat displays: the combats an update resolved (die, result,
// where the defenders stood) for the animation, and the bombardment sight lines (7.3) with the
// server's verdict, never the client's own.
#include "model/game_model.hpp"

#include <catch2/catch.hpp>

namespace pb = hundred_days::v1;
using hd::client::ClickIntent;
using hd::client::GameModel;
using hd::client::SightVerdict;
using hd::engine::Hex;

namespace {

void place(pb::GameView& view, std::uint32_t index, const std::string& id, pb::Army army, pb::UnitType type,
           int column, int row) {
  pb::Unit* unit = view.add_units();
  unit->set_index(index);
  unit->set_id(id);
  unit->set_army(army);
  unit->set_type(type);
  unit->set_strength(4);
  unit->set_movement(4);
  unit->set_status(pb::UNIT_STATUS_ON_MAP);
  unit->mutable_hex()->set_column(static_cast<std::uint32_t>(column));
  unit->mutable_hex()->set_row(static_cast<std::uint32_t>(row));
  unit->set_arrival_turn(-1);
}

// French combat phase: infantry Bach in 1745, two guns (FArt 1743, HArt 1843), Allied Perp in 1746.
pb::GameSnapshot combat_snapshot() {
  pb::GameSnapshot snapshot;
  snapshot.set_game_id(5);
  snapshot.set_sequence(10);
  snapshot.add_my_seats(pb::SEAT_FRENCH);
  snapshot.mutable_scenario()->add_turns()->set_label("16/1400");
  pb::GameView& view = *snapshot.mutable_view();
  view.set_phasing(pb::SIDE_FRENCH);
  view.set_phase(pb::PHASE_COMBAT);
  place(view, 0, "Bach", pb::ARMY_FRENCH, pb::UNIT_TYPE_INFANTRY, 17, 45);
  place(view, 1, "FArt", pb::ARMY_FRENCH, pb::UNIT_TYPE_FOOT_ARTILLERY, 17, 43);
  place(view, 2, "HArt", pb::ARMY_FRENCH, pb::UNIT_TYPE_HORSE_ARTILLERY, 18, 43);
  place(view, 3, "Perp", pb::ARMY_ALLIED, pb::UNIT_TYPE_INFANTRY, 17, 46);
  view.mutable_pending()->set_side(pb::SIDE_FRENCH);
  view.mutable_pending()->add_seats(pb::SEAT_FRENCH);
  return snapshot;
}

// A refused odds query as the server sends it: typed reason and arguments (the message is the
// server's own words, which the model must not read: here they would mislead it).
pb::OddsAnswer refused(const std::string& rule, pb::RuleRefusal reason, std::uint32_t unit) {
  pb::OddsAnswer odds;
  odds.set_game_id(5);
  odds.set_legal(false);
  odds.mutable_refusal()->set_code(pb::REFUSAL_CODE_RULE_VIOLATION);
  odds.mutable_refusal()->set_rule(rule);
  odds.mutable_refusal()->set_rule_refusal(reason);
  odds.mutable_refusal()->add_args()->set_unit(unit);
  odds.mutable_refusal()->set_message("FArt has no clear line of sight");
  return odds;
}

}  // namespace

TEST_CASE("an update's combat is kept with its die, result and the defender's hex before it moved") {
  GameModel model;
  model.apply_snapshot(combat_snapshot());
  CHECK(model.combats().empty());
  pb::GameUpdate update;
  update.set_game_id(5);
  update.set_sequence(11);
  update.set_action_text("french attack Bach -> Perp die 6");
  auto* event = update.add_events();
  event->set_text("Bach attacks Perp at 1-1: die 6, De");
  auto* combat = event->mutable_combat();
  combat->add_attackers(0);
  combat->add_defenders(3);
  combat->set_die(6);
  combat->set_result("De");
  combat->mutable_odds()->set_computed("1-1");
  // After the update Perp is eliminated: the animation still needs 1746.
  *update.mutable_view() = model.view();
  update.mutable_view()->mutable_units(3)->set_status(pb::UNIT_STATUS_ELIMINATED);
  update.mutable_view()->mutable_units(3)->clear_hex();
  REQUIRE(model.apply_update(update) == hd::client::UpdateFit::Applied);
  REQUIRE(model.combats().size() == 1);
  const auto& shown = model.combats().front();
  CHECK(shown.serial == 1);
  CHECK(shown.die == 6);
  CHECK(shown.result == "De");
  CHECK(shown.odds == "1-1");
  CHECK(shown.defender_hexes == std::vector<Hex>{Hex{17, 46}});
  CHECK(shown.attacker_hexes == std::vector<Hex>{Hex{17, 45}});

  // A die outside 1-6 is not shown as one; a snapshot forgets the combats.
  update.set_sequence(12);
  update.mutable_events(0)->mutable_combat()->set_die(9);
  REQUIRE(model.apply_update(update) == hd::client::UpdateFit::Applied);
  CHECK(model.combats().back().die == 0);
  CHECK(model.combats().back().serial == 2);
  model.apply_snapshot(combat_snapshot());
  CHECK(model.combats().empty());
}

TEST_CASE("bombarding artillery alone is a combat: odds asked and the attack sent (7.1)") {
  GameModel model;
  model.apply_snapshot(combat_snapshot());
  CHECK(model.click_hex(Hex{17, 43}, ClickIntent::Shifted).empty());
  const auto asked = model.click_hex(Hex{17, 46});
  REQUIRE(asked.size() == 1);
  REQUIRE(asked[0].has_query_odds());
  CHECK(asked[0].query_odds().attack().attackers_size() == 0);
  CHECK(asked[0].query_odds().attack().bombarding(0) == 1);
  const auto sent = model.commit_attack();
  REQUIRE(sent.size() == 1);
  CHECK(sent[0].submit_action().action().attack().bombarding(0) == 1);
  CHECK(sent[0].submit_action().action().attack().defenders(0) == 3);
}

TEST_CASE("sight lines run from each bombarding gun to the defender's hex with the server's verdict") {
  GameModel model;
  model.apply_snapshot(combat_snapshot());
  model.click_hex(Hex{17, 45});
  model.click_hex(Hex{17, 43}, ClickIntent::Shifted);
  model.click_hex(Hex{18, 43}, ClickIntent::Shifted);
  CHECK(model.sight_lines().empty());  // no defender yet
  model.click_hex(Hex{17, 46});
  auto lines = model.sight_lines();
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].unit == 1);
  CHECK(lines[0].from == Hex{17, 43});
  CHECK(lines[0].to == Hex{17, 46});
  CHECK(lines[1].from == Hex{18, 43});
  CHECK(lines[0].verdict == SightVerdict::Asking);

  model.apply_odds(refused("7.3", pb::RULE_REFUSAL_NO_LINE_OF_SIGHT, 2));  // HArt
  lines = model.sight_lines();
  CHECK(lines[0].verdict == SightVerdict::Unknown);  // FArt: the server did not say
  CHECK(lines[0].rule.empty());
  CHECK(lines[1].verdict == SightVerdict::Blocked);
  CHECK(lines[1].rule == "7.3");

  // Refused for a reason that is not about the guns' fire: nothing said about sight.
  model.apply_odds(refused("6.1", pb::RULE_REFUSAL_MUST_STILL_FIGHT, 0));  // Bach
  for (const auto& line : model.sight_lines())
    CHECK(line.verdict == SightVerdict::Unknown);

  pb::OddsAnswer legal;
  legal.set_game_id(5);
  legal.set_legal(true);
  model.apply_odds(legal);
  for (const auto& line : model.sight_lines())
    CHECK(line.verdict == SightVerdict::Clear);

  // A change to the combat asks again: the verdict is forgotten.
  model.click_hex(Hex{18, 43}, ClickIntent::Shifted);
  lines = model.sight_lines();
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].verdict == SightVerdict::Asking);
}
