// Fog of war in the game model (16.3, 16.6, issue 14): a Unit the server marks unobserved, with the turn
// it was last seen in, lands in the model with both marks, stands in the stack of the hex where it
// was last seen and is named "last seen <turn>"; a piece never seen (no hex) is on no hex; a piece
// shown as it stands has no last-seen words. Fed hand-built snapshots and updates, as the server
// sends them (proto/wire/src/game_convert.cpp).
#include "model/game_model.hpp"
#include "net/requests.hpp"
#include "proto_builders.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/visibility/view.hpp>
#include <hd/loader/data_files.hpp>
#include <hd/wire/game_convert.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <tuple>
#include <variant>

namespace pb = hundred_days::v1;
using hd::test::coord;
using hd::client::GameModel;
using hd::client::UpdateFit;
using hd::engine::Hex;

namespace {

pb::Unit* add_unit(pb::GameView& view, std::uint32_t index, const std::string& id, pb::Army army) {
  pb::Unit* unit = view.add_units();
  unit->set_index(index);
  unit->set_id(id);
  unit->set_army(army);
  unit->set_type(pb::UNIT_TYPE_INFANTRY);
  unit->set_strength(6);
  unit->set_movement(4);
  unit->set_status(pb::UNIT_STATUS_ON_MAP);
  unit->set_arrival_turn(-1);
  return unit;
}

// The French seat's snapshot on turn 2 (16 June 1600): Bach (French) in 1745; Perp (Allied) seen in
// 1947 at 1400 and not observed now; Pack (Allied) never seen (no hex); Picton (Allied) in 1948,
// observed.
pb::GameSnapshot fog_snapshot() {
  pb::GameSnapshot snapshot;
  snapshot.set_game_id(12);
  snapshot.set_sequence(3);
  snapshot.add_my_seats(pb::SEAT_FRENCH);
  auto* scenario = snapshot.mutable_scenario();
  scenario->set_id("quatre-bras");
  for (const char* label : {"16 June 1400", "16 June 1500", "16 June 1600"})
    scenario->add_turns()->set_label(label);
  pb::GameView& view = *snapshot.mutable_view();
  view.set_turn(2);
  view.set_phasing(pb::SIDE_FRENCH);
  view.set_phase(pb::PHASE_MOVEMENT);
  *add_unit(view, 0, "Bach", pb::ARMY_FRENCH)->mutable_hex() = coord(17, 45);
  pb::Unit* perp = add_unit(view, 1, "Perp", pb::ARMY_ALLIED);
  *perp->mutable_hex() = coord(19, 47);
  perp->set_unobserved(true);
  perp->set_last_seen_turn(0);
  add_unit(view, 2, "Pack", pb::ARMY_ALLIED)->set_unobserved(true);
  *add_unit(view, 3, "Picton", pb::ARMY_ALLIED)->mutable_hex() = coord(19, 48);
  return snapshot;
}

}  // namespace

TEST_CASE("16.3: an unobserved enemy piece keeps its marks and stands where last seen") {
  GameModel model;
  model.apply_snapshot(fog_snapshot());
  const pb::Unit* perp = model.unit(1);
  REQUIRE(perp);
  CHECK(perp->unobserved());
  REQUIRE(perp->has_last_seen_turn());
  CHECK(perp->last_seen_turn() == 0);
  CHECK(model.units_at(Hex{19, 47}) == std::vector<std::uint32_t>{1});
  CHECK(model.last_seen(*perp) == std::optional<std::string>("last seen 16 June 1400"));

  // Never seen: in the model, unobserved, but on no hex of the map.
  const pb::Unit* pack = model.unit(2);
  REQUIRE(pack);
  CHECK(pack->unobserved());
  CHECK_FALSE(pack->has_last_seen_turn());
  for (const auto& [hex, units] : model.stacks())
    CHECK(std::find(units.begin(), units.end(), 2u) == units.end());
  CHECK(model.stacks().size() == 3);  // 1745, 1947 and 1948

  // Shown as they stand: no last-seen words.
  const pb::Unit* picton = model.unit(3);
  REQUIRE(picton);
  CHECK_FALSE(picton->unobserved());
  CHECK_FALSE(model.last_seen(*picton));
  CHECK_FALSE(model.last_seen(*model.unit(0)));
}

TEST_CASE("16.3: an update's view brings and clears the last-seen marks") {
  GameModel model;
  model.apply_snapshot(fog_snapshot());
  pb::GameUpdate update;
  update.set_game_id(12);
  update.set_sequence(4);
  *update.mutable_view() = model.view();
  // Picton passes out of sight after 1500 (seen last in 1948, now elsewhere); Perp is observed again
  // in 2047.
  pb::Unit& picton = *update.mutable_view()->mutable_units(3);
  picton.set_unobserved(true);
  picton.set_last_seen_turn(1);
  pb::Unit& perp = *update.mutable_view()->mutable_units(1);
  perp.set_unobserved(false);
  perp.clear_last_seen_turn();
  *perp.mutable_hex() = coord(20, 47);
  REQUIRE(model.apply_update(update) == UpdateFit::Applied);
  CHECK(model.unit(3)->unobserved());
  CHECK(model.unit(3)->last_seen_turn() == 1);
  CHECK(model.last_seen(*model.unit(3)) == std::optional<std::string>("last seen 16 June 1500"));
  CHECK(model.units_at(Hex{19, 48}) == std::vector<std::uint32_t>{3});
  CHECK_FALSE(model.unit(1)->unobserved());
  CHECK_FALSE(model.last_seen(*model.unit(1)));
  CHECK(model.units_at(Hex{20, 47}) == std::vector<std::uint32_t>{1});
  CHECK(model.units_at(Hex{19, 47}).empty());
}

TEST_CASE("16.3: a last-seen turn the scenario's track lacks is named T<n>, and no turn says just that") {
  GameModel model;
  pb::GameSnapshot snapshot = fog_snapshot();
  snapshot.mutable_view()->mutable_units(1)->set_last_seen_turn(7);
  model.apply_snapshot(snapshot);
  CHECK(model.last_seen(*model.unit(1)) == std::optional<std::string>("last seen T8"));
  CHECK(model.turn_name(1) == "16 June 1500");
  snapshot.mutable_view()->mutable_units(1)->clear_last_seen_turn();
  model.apply_snapshot(snapshot);
  CHECK(model.last_seen(*model.unit(1)) == std::optional<std::string>("last seen"));
}

TEST_CASE("16.3 the observed area: toggled on it is asked, kept, and asked again after each update",
          "[client][16.3][fog]") {
  GameModel model;
  model.apply_snapshot(fog_snapshot(), std::nullopt);
  CHECK_FALSE(model.observed_area_shown());
  CHECK(model.refresh_queries().empty());  // French movement: nothing asked while it is off

  const auto asked = model.toggle_observed_area();
  REQUIRE(asked.size() == 1);
  REQUIRE(asked[0].has_query_observed_area());
  CHECK(asked[0].query_observed_area().game_id() == 12);
  CHECK(model.observed_area_shown());
  CHECK_FALSE(model.observed_area());  // until the answer arrives

  pb::ObservedArea area;
  area.set_game_id(12);
  area.set_distance(10);
  *area.add_hexes() = coord(17, 44);
  *area.add_hexes() = coord(17, 45);
  pb::ObservedArea other = area;
  other.set_game_id(13);
  model.apply_observed_area(other);  // another game's: not kept
  CHECK_FALSE(model.observed_area());
  model.apply_observed_area(area);
  REQUIRE(model.observed_area());
  CHECK(model.observed_area()->hexes_size() == 2);
  CHECK(model.observed_area()->distance() == 10);

  // Re-asked with the other queries after each snapshot or update (ClientModel sends these).
  const auto again = model.refresh_queries();
  REQUIRE(again.size() == 1);
  CHECK(again[0].has_query_observed_area());

  // Toggled off: forgotten, not asked, and a late answer is not kept.
  CHECK(model.toggle_observed_area().empty());
  CHECK_FALSE(model.observed_area_shown());
  CHECK_FALSE(model.observed_area());
  CHECK(model.refresh_queries().empty());
  model.apply_observed_area(area);
  CHECK_FALSE(model.observed_area());
}

// 16.6B (issue 14): moving my own hidden movement markers with the mouse. The French seat's
// movement decision: French pair 3's marker A in 1745 (with the leader Ney: "Leaders may stack with a
// marker freely") and its marker B, moved this phase, in 2040; the Allied pair 1's marker A in 1947
// (which of that pair is real the server does not tell the French); Picton (Allied) in 1847.
namespace {

pb::HiddenMarker* add_marker(pb::GameView& view, pb::Army army, std::uint32_t pair, bool b, int column,
                             int row) {
  pb::HiddenMarker* marker = view.add_markers();
  marker->set_army(army);
  marker->set_pair(pair);
  marker->set_b(b);
  *marker->mutable_hex() = coord(column, row);
  return marker;
}

pb::GameSnapshot marker_snapshot() {
  pb::GameSnapshot snapshot = fog_snapshot();
  pb::GameView& view = *snapshot.mutable_view();
  view.clear_units();
  *add_unit(view, 0, "Bach", pb::ARMY_FRENCH)->mutable_hex() = coord(20, 50);
  pb::Unit* ney = add_unit(view, 1, "Ney", pb::ARMY_FRENCH);
  ney->set_type(pb::UNIT_TYPE_LEADER);
  *ney->mutable_hex() = coord(17, 45);
  *add_unit(view, 2, "Picton", pb::ARMY_ALLIED)->mutable_hex() = coord(18, 47);
  add_marker(view, pb::ARMY_FRENCH, 3, false, 17, 45)->set_real(true);
  pb::HiddenMarker* moved = add_marker(view, pb::ARMY_FRENCH, 3, true, 20, 40);
  moved->set_real(false);
  moved->set_moved(true);
  add_marker(view, pb::ARMY_ALLIED, 1, false, 19, 47);
  view.mutable_pending()->set_kind(pb::DECISION_KIND_MOVE);
  view.mutable_pending()->set_side(pb::SIDE_FRENCH);
  view.mutable_pending()->add_seats(pb::SEAT_FRENCH);
  return snapshot;
}

const hd::client::MarkerPick kFrench3A{pb::ARMY_FRENCH, 3, false};

}  // namespace

TEST_CASE("16.6B: my unmoved marker is picked, its path built hex by hex, and the move sent as move-marker",
          "[client][16.6][fog]") {
  GameModel model;
  model.apply_snapshot(marker_snapshot());
  REQUIRE(model.my_decision());

  // The marker comes before the leader stacked with it; nothing is asked of the server.
  CHECK(model.click_hex(Hex{17, 45}).empty());
  CHECK(model.selected_marker() == std::optional(kFrench3A));
  CHECK_FALSE(model.selected_unit());
  CHECK(model.marker_path().empty());
  CHECK(model.commit_marker_move().empty());  // no step yet: Enter sends nothing
  CHECK(model.selected_marker() == std::optional(kFrench3A));

  // Each click on a hex next to the path's end adds it; one not next to it is no step.
  REQUIRE(hd::engine::adjacent(Hex{17, 45}, Hex{17, 46}));
  REQUIRE(hd::engine::adjacent(Hex{17, 46}, Hex{18, 46}));
  REQUIRE(hd::engine::adjacent(Hex{18, 46}, Hex{19, 46}));
  CHECK(model.click_hex(Hex{17, 46}).empty());
  CHECK(model.click_hex(Hex{18, 46}).empty());
  CHECK(model.click_hex(Hex{19, 46}).empty());
  CHECK(model.marker_path() == std::vector<Hex>{{17, 46}, {18, 46}, {19, 46}});
  // A click back on the path cuts it there.
  CHECK(model.click_hex(Hex{18, 46}).empty());
  CHECK(model.marker_path() == std::vector<Hex>{{17, 46}, {18, 46}});
  // Picton's hex is next to the end, but a marker may not stack with a unit (16.6B): not a step.
  REQUIRE(hd::engine::adjacent(Hex{18, 46}, Hex{18, 47}));
  CHECK(model.click_hex(Hex{18, 47}).empty());
  CHECK_FALSE(model.selected_marker());  // the click picked in Picton's hex instead: nothing of mine
  CHECK(model.marker_path().empty());

  // Again, and a click on the path's last hex sends exactly the engine's move-marker.
  model.click_hex(Hex{17, 45});
  model.click_hex(Hex{17, 46});
  model.click_hex(Hex{18, 46});
  const auto sent = model.click_hex(Hex{18, 46});
  REQUIRE(sent.size() == 1);
  REQUIRE(sent[0].has_submit_action());
  CHECK(sent[0].submit_action().game_id() == 12);
  REQUIRE(sent[0].submit_action().action().has_rule());
  const pb::RuleAction& rule = sent[0].submit_action().action().rule();
  CHECK(rule.rule() == "16.6");
  CHECK(rule.verb() == "move-marker");
  // numbers: the army as the engine numbers it (French 0) and the pair; the letter is the choice.
  CHECK(std::vector<int>(rule.numbers().begin(), rule.numbers().end()) == std::vector<int>{0, 3});
  CHECK(rule.choice() == "A");
  CHECK(rule.units().empty());
  REQUIRE(rule.hexes_size() == 2);
  CHECK(rule.hexes(0).column() == 17);
  CHECK(rule.hexes(0).row() == 46);
  CHECK(rule.hexes(1).column() == 18);
  CHECK(rule.hexes(1).row() == 46);
  CHECK_FALSE(model.selected_marker());
  CHECK(model.marker_path().empty());
}

TEST_CASE("16.6B: the request is the action the engine's own notation makes of move-marker",
          "[client][16.6]") {
  // The wire reads hexes against a game's map: Quatre Bras's, as the server's game would.
  auto loaded = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                hd::loader::GameChoice{"quatre-bras", {}, {}, {}});
  REQUIRE(loaded.value);
  const hd::engine::GameState& state = *loaded.value;
  for (const auto& [army, word, b, letter] : {std::tuple{pb::ARMY_FRENCH, "french", false, "A"},
                                              std::tuple{pb::ARMY_PRUSSIAN, "prussian", true, "B"},
                                              std::tuple{pb::ARMY_ALLIED, "allied", false, "A"}}) {
    const pb::GameAction action =
        hd::client::requests::move_marker_action(army, 5, b, {Hex{17, 46}, Hex{18, 46}});
    const auto from_wire = hd::wire::from_proto(action, state);
    REQUIRE(std::holds_alternative<hd::engine::Action>(from_wire));
    const std::string line = std::string(army == pb::ARMY_FRENCH ? "french" : "coalition") + " move-marker " +
                             word + " 5 " + letter + " 1746 1846";
    const auto notated = hd::engine::parse_action_line(state, line);
    REQUIRE(std::holds_alternative<hd::engine::NotatedAction>(notated));
    const auto* ours = std::get_if<hd::engine::RuleAction>(&std::get<hd::engine::Action>(from_wire));
    const auto* engines =
        std::get_if<hd::engine::RuleAction>(&std::get<hd::engine::NotatedAction>(notated).action);
    REQUIRE(ours);
    REQUIRE(engines);
    CHECK(*ours == *engines);
  }
}

TEST_CASE("16.6B: Enter sends the path built; Esc's clear drops it", "[client][16.6]") {
  GameModel model;
  model.apply_snapshot(marker_snapshot());
  model.click_hex(Hex{17, 45});
  model.click_hex(Hex{17, 44});
  const auto sent = model.commit_marker_move();
  REQUIRE(sent.size() == 1);
  const pb::RuleAction& rule = sent[0].submit_action().action().rule();
  CHECK(rule.verb() == "move-marker");
  REQUIRE(rule.hexes_size() == 1);
  CHECK(rule.hexes(0).row() == 44);
  CHECK(model.commit_marker_move().empty());  // sent once

  model.click_hex(Hex{17, 45});
  model.click_hex(Hex{17, 44});
  model.clear_selection();
  CHECK_FALSE(model.selected_marker());
  CHECK(model.commit_marker_move().empty());
}

TEST_CASE("16.6B: a second click on the marker's hex picks the leader there, a third the marker again",
          "[client][16.6]") {
  GameModel model;
  model.apply_snapshot(marker_snapshot());
  CHECK(model.click_hex(Hex{17, 45}).empty());
  CHECK(model.selected_marker() == std::optional(kFrench3A));
  const auto asked = model.click_hex(Hex{17, 45});  // Ney: his reachable hexes and command range
  CHECK_FALSE(asked.empty());
  CHECK(model.selected_unit() == 1u);
  CHECK_FALSE(model.selected_marker());
  CHECK(model.click_hex(Hex{17, 45}).empty());
  CHECK(model.selected_marker() == std::optional(kFrench3A));
  CHECK_FALSE(model.selected_unit());
}

TEST_CASE("16.6: an enemy marker and my moved marker are not picked; the enemy's secret is said",
          "[client][16.6][fog]") {
  GameModel model;
  model.apply_snapshot(marker_snapshot());
  CHECK(model.click_hex(Hex{19, 47}).empty());
  CHECK_FALSE(model.selected_marker());
  CHECK(model.hint() == "enemy hidden movement marker 1A: which of the pair is real is secret (16.6)");

  CHECK(model.click_hex(Hex{20, 40}).empty());
  CHECK_FALSE(model.selected_marker());
  CHECK(model.hint() == "hidden movement marker 3B has moved in this phase (16.6B)");
  CHECK_FALSE(model.marker_movable(*model.marker({pb::ARMY_FRENCH, 3, true})));

  // A picked marker does not pass to the enemy's hex either: the click there drops it.
  model.click_hex(Hex{17, 45});
  REQUIRE(model.selected_marker());
  CHECK(model.click_hex(Hex{19, 47}).empty());
  CHECK_FALSE(model.selected_marker());

  CHECK(model.click_hex(Hex{20, 50}).size() == 1);  // a unit: as before, its reachable hexes asked
  CHECK(model.hint().empty());
}

TEST_CASE("16.6B: markers are not offered outside their owner's movement decision", "[client][16.6]") {
  const auto picks = [](const pb::GameSnapshot& snapshot) {
    GameModel model;
    model.apply_snapshot(snapshot);
    model.click_hex(Hex{17, 45});
    return model.selected_marker().has_value();
  };
  CHECK(picks(marker_snapshot()));

  pb::GameSnapshot combat = marker_snapshot();  // my combat phase
  combat.mutable_view()->set_phase(pb::PHASE_COMBAT);
  combat.mutable_view()->mutable_pending()->set_kind(pb::DECISION_KIND_ATTACK);
  CHECK_FALSE(picks(combat));

  pb::GameSnapshot theirs = marker_snapshot();  // the Coalition's movement phase
  theirs.mutable_view()->set_phasing(pb::SIDE_COALITION);
  theirs.mutable_view()->mutable_pending()->set_side(pb::SIDE_COALITION);
  theirs.mutable_view()->mutable_pending()->clear_seats();
  theirs.mutable_view()->mutable_pending()->add_seats(pb::SEAT_PRUSSIAN);
  theirs.mutable_view()->mutable_pending()->add_seats(pb::SEAT_ALLIED);
  CHECK_FALSE(picks(theirs));

  pb::GameSnapshot segment = marker_snapshot();  // a rule's segment open in my movement phase
  segment.mutable_view()->mutable_pending()->set_kind(pb::DECISION_KIND_RULE);
  CHECK_FALSE(picks(segment));

  pb::GameSnapshot revealing = marker_snapshot();  // 16.6C: its pair is being revealed
  revealing.mutable_view()->mutable_markers(0)->set_revealing(true);
  CHECK_FALSE(picks(revealing));

  pb::GameSnapshot spectator = marker_snapshot();  // no seat
  spectator.clear_my_seats();
  spectator.set_spectating(true);
  CHECK_FALSE(picks(spectator));

  // The Allied seat in the Coalition's movement decision picks its own marker, not the French one.
  pb::GameSnapshot allied = theirs;
  allied.clear_my_seats();
  allied.add_my_seats(pb::SEAT_ALLIED);
  CHECK_FALSE(picks(allied));
  GameModel model;
  model.apply_snapshot(allied);
  CHECK(model.click_hex(Hex{19, 47}).empty());
  CHECK(model.selected_marker() == std::optional(hd::client::MarkerPick{pb::ARMY_ALLIED, 1, false}));
  CHECK(model.hint().empty());
}

namespace {

pb::Seat seat_of(hd::engine::Army army) {
  switch (army) {
    case hd::engine::Army::French:
      return pb::SEAT_FRENCH;
    case hd::engine::Army::Prussian:
      return pb::SEAT_PRUSSIAN;
    case hd::engine::Army::Allied:
      return pb::SEAT_ALLIED;
  }
  return pb::SEAT_UNSPECIFIED;
}

// The snapshot the server sends `viewer` (seated as `seat`, or a spectator when none) in `state`:
// its view through engine::view() and the wire, the deciding side's seats added as
// GameViews::add_live_decision adds them.
pb::GameSnapshot served_snapshot(const hd::engine::GameState& state, const hd::engine::Viewer& viewer) {
  pb::GameSnapshot snapshot;
  snapshot.set_game_id(12);
  snapshot.set_sequence(1);
  if (viewer.army) snapshot.add_my_seats(seat_of(*viewer.army));
  snapshot.set_spectating(!viewer.army);
  auto* scenario = snapshot.mutable_scenario();
  scenario->set_id("quatre-bras");
  for (const hd::engine::GameTurn& turn : state.rules->turns)
    scenario->add_turns()->set_label(turn.name.to_string());
  *snapshot.mutable_view() = hd::wire::to_proto(hd::engine::view(state, viewer));
  const hd::engine::Side deciding = hd::engine::pending_decision(state).side;
  for (const hd::engine::Army army :
       {hd::engine::Army::French, hd::engine::Army::Prussian, hd::engine::Army::Allied})
    if (hd::engine::side_of(army) == deciding)
      snapshot.mutable_view()->mutable_pending()->add_seats(seat_of(army));
  return snapshot;
}

}  // namespace

// 16.6A "during set up": the window client hides units in its set-up through the rule choices the
// server describes (engine::decision_choices; the placements and the set-up's end are not among
// them). A click on a hex only selects it, listing the hides there; the choice taken sends the hide.
TEST_CASE(
    "16.6A: my set-up offers the server's hides; a click lists those of the hex, a choice sends the hide",
    "[client][16.6][fog]") {
  auto loaded = hd::loader::start_scenario_game(
      hd::loader::default_data_root(), hd::loader::GameChoice{"quatre-bras", {}, {"16.3", "16.6"}, {}, true});
  REQUIRE(loaded.value);
  const hd::engine::GameState& state = *loaded.value;
  REQUIRE(state.phase == hd::engine::Phase::Setup);
  const hd::engine::PendingDecision pending = hd::engine::pending_decision(state);
  REQUIRE(pending.kind == hd::engine::DecisionKind::SetupPlacement);
  const auto engine_choices = hd::engine::decision_choices(state, pending.side);
  REQUIRE_FALSE(engine_choices.empty());
  const auto& first_hide = std::get<hd::engine::RuleAction>(engine_choices.front().action);
  const hd::engine::Army army = state.units[first_hide.units.front()].army;

  GameModel model;
  const pb::GameSnapshot mine = served_snapshot(state, {hd::engine::Viewer::Kind::Seat, army, std::nullopt});
  REQUIRE(mine.view().pending().kind() == pb::DECISION_KIND_SETUP_PLACEMENT);
  model.apply_snapshot(mine);
  REQUIRE(model.my_decision());
  const auto choices = model.rule_choices();
  REQUIRE_FALSE(choices.empty());
  for (const pb::DecisionChoice* choice : choices) {
    CHECK(choice->label().rfind("hide ", 0) == 0);  // hides only: no "place", no "end"
    REQUIRE(choice->action().has_rule());
    CHECK(choice->action().rule().rule() == "16.6");
    CHECK(choice->action().rule().verb() == "hide");
  }
  CHECK(choices.front()->label() == engine_choices.front().label);

  // A click on the hide's hex selects it and sends nothing (a set-up click takes no choice); the
  // panel lists the choices of that hex, the first hide among them.
  REQUIRE(first_hide.hexes.size() == 1);
  const Hex hex = first_hide.hexes.front();
  CHECK(model.click_hex(hex).empty());
  CHECK(model.selected_hex() == std::optional<Hex>(hex));
  const auto at = model.rule_choices_at(hex);
  REQUIRE_FALSE(at.empty());
  CHECK(at.front() == 0);

  // Taking it sends exactly the engine's hide, which the engine accepts.
  const auto sent = model.take_rule_choice(at.front());
  REQUIRE(sent.size() == 1);
  REQUIRE(sent[0].has_submit_action());
  CHECK(sent[0].submit_action().game_id() == 12);
  const auto from_wire = hd::wire::from_proto(sent[0].submit_action().action(), state);
  REQUIRE(std::holds_alternative<hd::engine::Action>(from_wire));
  const hd::engine::Action& action = std::get<hd::engine::Action>(from_wire);
  const auto* hide = std::get_if<hd::engine::RuleAction>(&action);
  REQUIRE(hide);
  CHECK(*hide == first_hide);
  CHECK_FALSE(hd::engine::validate(state, pending.side, action));

  // The enemy's seats and the spectators are told of no hide (their labels name units and hexes).
  for (const hd::engine::Army other :
       {hd::engine::Army::French, hd::engine::Army::Prussian, hd::engine::Army::Allied}) {
    if (hd::engine::side_of(other) == pending.side) continue;
    const pb::GameSnapshot theirs =
        served_snapshot(state, {hd::engine::Viewer::Kind::Seat, other, std::nullopt});
    CHECK(theirs.view().pending().choices_size() == 0);
    GameModel enemy;
    enemy.apply_snapshot(theirs);
    CHECK_FALSE(enemy.my_decision());
    CHECK(enemy.rule_choices().empty());
  }
  for (const std::optional<hd::engine::Side> shown :
       {std::optional<hd::engine::Side>{}, std::optional<hd::engine::Side>{pending.side},
        std::optional<hd::engine::Side>{hd::engine::other(pending.side)}}) {
    const pb::GameSnapshot watched =
        served_snapshot(state, {hd::engine::Viewer::Kind::Spectator, std::nullopt, shown});
    CHECK(watched.view().pending().choices_size() == 0);
    GameModel spectator;
    spectator.apply_snapshot(watched);
    CHECK(spectator.rule_choices().empty());
  }
}

TEST_CASE("16.6A: in my set-up a click on a hex with one choice takes nothing; in a rule's decision it does",
          "[client][16.6]") {
  pb::GameSnapshot snapshot = marker_snapshot();
  pb::DecisionChoice& choice = *snapshot.mutable_view()->mutable_pending()->add_choices();
  choice.set_label("hide Bach under hidden movement pair 1 in 2050 (marker A real)");
  choice.add_units(0);
  *choice.add_hexes() = coord(20, 50);
  choice.mutable_action()->mutable_rule()->set_rule("16.6");
  choice.mutable_action()->mutable_rule()->set_verb("hide");

  pb::GameSnapshot setup = snapshot;
  setup.mutable_view()->set_phase(pb::PHASE_SETUP);
  setup.mutable_view()->mutable_pending()->set_kind(pb::DECISION_KIND_SETUP_PLACEMENT);
  GameModel model;
  model.apply_snapshot(setup);
  REQUIRE(model.rule_choices().size() == 1);
  CHECK(model.click_hex(Hex{20, 50}).empty());
  CHECK(model.rule_choices_at(Hex{20, 50}) == std::vector<std::size_t>{0});
  CHECK(model.take_rule_choice(0).size() == 1);

  pb::GameSnapshot rule = snapshot;  // the hidden movement segment: the click takes the one choice
  rule.mutable_view()->mutable_pending()->set_kind(pb::DECISION_KIND_RULE);
  GameModel segment;
  segment.apply_snapshot(rule);
  CHECK(segment.click_hex(Hex{20, 50}).size() == 1);

  pb::GameSnapshot move = snapshot;  // the core's own decisions show no choice
  GameModel moving;
  moving.apply_snapshot(move);
  CHECK(moving.rule_choices().empty());
}
