// The game model: fed hand-built protocol messages, it knows units by hex, the turn and whose
// decision it is, keeps updates in sequence, and turns clicks into exactly the requests the
// protocol defines (QueryReachable, SubmitAction move/attack/retreat, QueryOdds).
#include "model/game_model.hpp"
#include "proto_builders.hpp"

#include <hd/wire/secret_commitment.hpp>

#include <catch2/catch.hpp>

namespace pb = hundred_days::v1;
using hd::test::coord;
using hd::client::ClickIntent;
using hd::client::GameModel;
using hd::client::UpdateFit;
using hd::engine::Hex;

namespace {

pb::Unit* add_unit(pb::GameView& view, std::uint32_t index, const std::string& id, pb::Army army,
                   pb::UnitType type, int column, int row) {
  pb::Unit* unit = view.add_units();
  unit->set_index(index);
  unit->set_id(id);
  unit->set_army(army);
  unit->set_type(type);
  unit->set_strength(6);
  unit->set_movement(4);
  unit->set_status(pb::UNIT_STATUS_ON_MAP);
  *unit->mutable_hex() = coord(column, row);
  unit->set_arrival_turn(-1);
  return unit;
}

// Quatre Bras-like: two French units stacked in 1745, a Prussian... an Allied unit in 1747, a waiting
// French reinforcement due on turn 0; French movement phase, French to decide.
pb::GameSnapshot sample_snapshot(pb::Phase phase = pb::PHASE_MOVEMENT) {
  pb::GameSnapshot snapshot;
  snapshot.set_game_id(12);
  snapshot.set_sequence(3);
  snapshot.add_my_seats(pb::SEAT_FRENCH);
  auto* scenario = snapshot.mutable_scenario();
  scenario->set_id("quatre-bras");
  scenario->set_title("Quatre Bras");
  auto* turn = scenario->add_turns();
  turn->set_label("16 June 1400");
  auto* night = scenario->add_turns();
  night->set_label("16 June 2100");
  night->set_night(true);
  pb::GameView& view = *snapshot.mutable_view();
  view.set_turn(0);
  view.set_phasing(pb::SIDE_FRENCH);
  view.set_phase(phase);
  add_unit(view, 0, "Bach", pb::ARMY_FRENCH, pb::UNIT_TYPE_INFANTRY, 17, 45);
  add_unit(view, 1, "Pire", pb::ARMY_FRENCH, pb::UNIT_TYPE_CAVALRY, 17, 45);
  add_unit(view, 2, "Perp", pb::ARMY_ALLIED, pb::UNIT_TYPE_INFANTRY, 17, 47);
  add_unit(view, 3, "Kell", pb::ARMY_FRENCH, pb::UNIT_TYPE_CAVALRY, 0, 0)
      ->set_status(pb::UNIT_STATUS_WAITING);
  view.mutable_units(3)->clear_hex();
  view.mutable_units(3)->set_arrival_turn(0);
  add_unit(view, 4, "FArt", pb::ARMY_FRENCH, pb::UNIT_TYPE_FOOT_ARTILLERY, 17, 46);
  auto* control = view.add_control();
  *control->mutable_hex() = coord(17, 45);
  control->set_side(pb::SIDE_FRENCH);
  view.add_victory_points(2);
  view.add_victory_points(5);
  view.mutable_pending()->set_side(pb::SIDE_FRENCH);
  view.mutable_pending()->add_seats(pb::SEAT_FRENCH);
  view.mutable_pending()->set_what("move or end the movement phase");
  return snapshot;
}

pb::GameUpdate update_after(const GameModel& model, std::uint64_t sequence) {
  pb::GameUpdate update;
  update.set_game_id(12);
  update.set_sequence(sequence);
  update.set_seat(pb::SEAT_FRENCH);
  update.set_action_text("french move Bach 1745 1746");
  update.add_events()->set_text("Bach moves 1745-1746");
  *update.mutable_view() = model.view();
  return update;
}

}  // namespace

TEST_CASE("a snapshot gives units by hex, the turn, control, VP and whose decision it is") {
  GameModel model;
  CHECK_FALSE(model.open());
  model.apply_snapshot(sample_snapshot());
  REQUIRE(model.open());
  CHECK(model.game_id() == 12);
  CHECK(model.sequence() == 3);
  CHECK(model.units_at(Hex{17, 45}) == std::vector<std::uint32_t>{0, 1});
  CHECK(model.units_at(Hex{17, 47}) == std::vector<std::uint32_t>{2});
  CHECK(model.units_at(Hex{1, 1}).empty());
  CHECK(model.stacks().size() == 3);  // the waiting reinforcement is not on the map
  REQUIRE(model.turn_info());
  CHECK(model.turn_info()->label() == "16 June 1400");
  CHECK(model.control_of(Hex{17, 45}) == pb::SIDE_FRENCH);
  CHECK(model.control_of(Hex{17, 47}) == pb::SIDE_UNSPECIFIED);
  CHECK(model.my_decision());
  CHECK(model.arrivals() == std::vector<std::uint32_t>{3});
  CHECK(model.view().victory_points(1) == 5);
}

TEST_CASE("updates apply in sequence; a repeat is ignored and a gap is reported") {
  GameModel model;
  model.apply_snapshot(sample_snapshot());
  pb::GameUpdate next = update_after(model, 4);
  next.mutable_view()->mutable_units(0)->mutable_hex()->set_row(46);
  CHECK(model.apply_update(next) == UpdateFit::Applied);
  CHECK(model.sequence() == 4);
  CHECK(model.units_at(Hex{17, 46}) == std::vector<std::uint32_t>{0, 4});
  CHECK(model.log().entries().back() == "  Bach moves 1745-1746");
  CHECK(model.apply_update(next) == UpdateFit::AlreadySeen);
  CHECK(model.apply_update(update_after(model, 7)) == UpdateFit::Gap);
  CHECK(model.sequence() == 4);
  pb::GameUpdate other_game = update_after(model, 5);
  other_game.set_game_id(13);
  CHECK(model.apply_update(other_game) == UpdateFit::AlreadySeen);
  CHECK(model.sequence() == 4);
}

TEST_CASE("18.5C an opening received is checked against the commitment first seen, and a bad one said") {
  REQUIRE(hd::wire::init_secret_commitments());
  const std::string nonce(hd::wire::kSecretNonceBytes, '\x2a');
  pb::GameSnapshot snapshot = sample_snapshot();
  pb::SecretCommitment& commitment = *snapshot.add_secret_commitments();
  commitment.set_choice_id("18.5C");
  commitment.set_seat(pb::SEAT_FRENCH);
  commitment.set_commitment(hd::wire::secret_commitment(12, "18.5C", "none", nonce));
  GameModel model;
  model.apply_snapshot(snapshot);
  pb::GameUpdate reveal = update_after(model, 4);
  pb::SecretOpening& opening = *reveal.add_secret_openings();
  opening.set_choice_id("18.5C");
  opening.set_choice("none");
  opening.set_nonce(nonce);
  REQUIRE(model.apply_update(reveal) == UpdateFit::Applied);
  CHECK(model.log().entries().back() == "secret choice 18.5C opened: none (matches its commitment)");
  // A later snapshot of the same game with another commitment does not replace the first one: the
  // opening it carries, changed to match it, is still caught.
  pb::GameSnapshot later = snapshot;
  later.set_sequence(5);
  later.mutable_secret_commitments(0)->set_commitment(
      hd::wire::secret_commitment(12, "18.5C", "18.5C", nonce));
  pb::SecretOpening& changed = *later.add_secret_openings();
  changed = opening;
  changed.set_choice("18.5C");
  model.apply_snapshot(later);
  CHECK(model.log().entries().back().find("does NOT match the commitment") != std::string::npos);
}

TEST_CASE("28.0D a commitment made during play is kept from its update and checks the opening later") {
  REQUIRE(hd::wire::init_secret_commitments());
  const std::string nonce(hd::wire::kSecretNonceBytes, '\x17');
  GameModel model;
  model.apply_snapshot(sample_snapshot());
  pb::GameUpdate made = update_after(model, 4);
  made.set_action_text("french choose-entry french-4 sealed");
  pb::SecretCommitment& commitment = *made.add_secret_commitments();
  commitment.set_choice_id("28.0D/french-4");
  commitment.set_seat(pb::SEAT_FRENCH);
  commitment.set_commitment(hd::wire::secret_commitment(12, "28.0D/french-4", "16/1200@3167", nonce));
  REQUIRE(model.apply_update(made) == UpdateFit::Applied);
  // A later snapshot listing it again with other bytes is warned about; the first bytes stay.
  pb::GameSnapshot later = sample_snapshot();
  later.set_sequence(4);
  *later.add_secret_commitments() = commitment;
  later.mutable_secret_commitments(0)->set_commitment(
      hd::wire::secret_commitment(12, "28.0D/french-4", "16/1400@1167", nonce));
  model.apply_snapshot(later);
  CHECK(model.log().entries().back() == "WARNING: secret choice 28.0D/french-4: its commitment changed");
  pb::GameUpdate reveal = update_after(model, 5);
  pb::SecretOpening& opening = *reveal.add_secret_openings();
  opening.set_choice_id("28.0D/french-4");
  opening.set_choice("16/1200@3167");
  opening.set_nonce(nonce);
  REQUIRE(model.apply_update(reveal) == UpdateFit::Applied);
  CHECK(model.log().entries().back() == "secret choice 28.0D/french-4 opened: 16/1200@3167 (matches its commitment)");
}

TEST_CASE("movement: a click on my unit asks for its reachable hexes; a click on one moves it by that path") {
  GameModel model;
  model.apply_snapshot(sample_snapshot());
  auto requests = model.click_hex(Hex{17, 45});
  REQUIRE(requests.size() == 1);
  REQUIRE(requests[0].has_query_reachable());
  CHECK(requests[0].query_reachable().game_id() == 12);
  CHECK(requests[0].query_reachable().unit() == 0);
  CHECK(model.selected_unit() == 0u);

  // A second click on the stack picks its next unit.
  requests = model.click_hex(Hex{17, 45});
  REQUIRE(requests.size() == 1);
  CHECK(requests[0].query_reachable().unit() == 1);

  pb::Reachable stale;  // an answer for the unit no longer selected is dropped
  stale.set_game_id(12);
  stale.set_unit(0);
  auto* hex = stale.add_hexes();
  *hex->mutable_hex() = coord(18, 44);
  model.apply_reachable(stale);
  CHECK(model.reachable().empty());

  pb::Reachable answer;
  answer.set_game_id(12);
  answer.set_unit(1);
  auto* far = answer.add_hexes();
  *far->mutable_hex() = coord(19, 45);
  far->set_cost_half_mp(4);
  *far->add_path() = coord(18, 45);
  *far->add_path() = coord(19, 45);
  model.apply_reachable(answer);
  REQUIRE(model.reachable().count(Hex{19, 45}) == 1);

  requests = model.click_hex(Hex{19, 45});
  REQUIRE(requests.size() == 1);
  REQUIRE(requests[0].has_submit_action());
  const auto& move = requests[0].submit_action().action().move();
  CHECK(requests[0].submit_action().game_id() == 12);
  CHECK(move.unit() == 1);
  REQUIRE(move.path_size() == 2);
  CHECK(move.path(0).column() == 18);
  CHECK(move.path(1).column() == 19);
  CHECK_FALSE(move.exit_map());
  CHECK_FALSE(model.selected_unit());
  CHECK(model.reachable().empty());
}

TEST_CASE(
    "clicks on the enemy or on empty hexes send nothing; nor does anything when it is not my decision") {
  GameModel model;
  model.apply_snapshot(sample_snapshot());
  CHECK(model.click_hex(Hex{17, 47}).empty());
  CHECK(model.selected_hex() == Hex{17, 47});
  CHECK(model.click_hex(Hex{30, 30}).empty());
  pb::GameSnapshot theirs = sample_snapshot();
  theirs.mutable_view()->mutable_pending()->clear_seats();
  theirs.mutable_view()->mutable_pending()->add_seats(pb::SEAT_ALLIED);
  model.apply_snapshot(theirs);
  CHECK_FALSE(model.my_decision());
  CHECK(model.click_hex(Hex{17, 45}).empty());
  CHECK(model.end_phase().empty());
}

TEST_CASE("a reinforcement picked from the panel asks for its entry paths") {
  GameModel model;
  model.apply_snapshot(sample_snapshot());
  const auto requests = model.select_unit(3);
  REQUIRE(requests.size() == 1);
  CHECK(requests[0].query_reachable().unit() == 3);
  CHECK(model.select_unit(2).empty());  // not mine
}

TEST_CASE("combat: attackers and defenders by click, odds asked, the attack committed") {
  GameModel model;
  model.apply_snapshot(sample_snapshot(pb::PHASE_COMBAT));
  const auto queries = model.refresh_queries();
  REQUIRE(queries.size() == 2);
  CHECK(queries[0].has_query_combat_options());
  CHECK(queries[1].has_query_retreats());

  CHECK(model.click_hex(Hex{17, 45}).empty());  // attackers only: no odds yet
  CHECK(model.attackers() == std::set<std::uint32_t>{0, 1});
  auto requests = model.click_hex(Hex{17, 46}, ClickIntent::Shifted);  // 7.1: the gun bombards
  REQUIRE(requests.empty());
  CHECK(model.bombarding() == std::set<std::uint32_t>{4});
  requests = model.click_hex(Hex{17, 47});
  REQUIRE(requests.size() == 1);
  REQUIRE(requests[0].has_query_odds());
  const auto& asked = requests[0].query_odds().attack();
  CHECK(asked.attackers_size() == 2);
  CHECK(asked.defenders(0) == 2);
  CHECK(asked.bombarding(0) == 4);

  pb::OddsAnswer odds;
  odds.set_game_id(12);
  odds.set_legal(true);
  odds.mutable_odds()->set_computed("2-1");
  odds.mutable_odds()->add_modifiers("defender in town: doubled (11.0)");
  model.apply_odds(odds);
  REQUIRE(model.odds());
  CHECK(model.odds()->odds().computed() == "2-1");

  requests = model.change_odds_reduction(+1);  // 6.2C
  REQUIRE(requests.size() == 1);
  CHECK(requests[0].query_odds().attack().odds_reduction() == 1);
  CHECK_FALSE(model.odds());
  CHECK(model.change_odds_reduction(-5)[0].query_odds().attack().odds_reduction() == 0);

  requests = model.commit_attack();
  REQUIRE(requests.size() == 1);
  const auto& attack = requests[0].submit_action().action().attack();
  CHECK(attack.attackers_size() == 2);
  CHECK(attack.defenders_size() == 1);
  CHECK(attack.bombarding_size() == 1);
  CHECK(model.attackers().empty());
  CHECK(model.commit_attack().empty());  // nothing left to commit

  // A second click on a hex takes its units out again.
  model.click_hex(Hex{17, 45});
  model.click_hex(Hex{17, 45});
  CHECK(model.attackers().empty());
}

TEST_CASE("a pending retreat takes a click on a legal hex only") {
  GameModel model;
  model.apply_snapshot(sample_snapshot(pb::PHASE_COMBAT));
  pb::RetreatHexes retreats;
  retreats.set_game_id(12);
  retreats.set_unit(0);
  *retreats.add_hexes() = coord(16, 44);
  model.apply_retreats(retreats);
  CHECK(model.click_hex(Hex{18, 44}).empty());
  const auto requests = model.click_hex(Hex{16, 44});
  REQUIRE(requests.size() == 1);
  const auto& retreat = requests[0].submit_action().action().retreat();
  CHECK(retreat.unit() == 0);
  CHECK(retreat.to().column() == 16);
  CHECK(retreat.to().row() == 44);
}

TEST_CASE("an advance takes a legal hex or is declined") {
  GameModel model;
  model.apply_snapshot(sample_snapshot(pb::PHASE_COMBAT));
  pb::RetreatHexes advance;
  advance.set_game_id(12);
  *advance.add_advance_hexes() = coord(17, 47);
  advance.add_advance_units(1);
  model.apply_retreats(advance);
  auto requests = model.click_hex(Hex{17, 47});
  REQUIRE(requests.size() == 1);
  CHECK(requests[0].submit_action().action().advance().unit() == 1);
  requests = model.decline_advance();
  REQUIRE(requests.size() == 1);
  CHECK(requests[0].submit_action().action().advance().none());
  // An empty answer means nothing is pending.
  pb::RetreatHexes none;
  none.set_game_id(12);
  model.apply_retreats(none);
  CHECK_FALSE(model.retreats());
}

TEST_CASE("chat for this game is kept; chat for another is not") {
  GameModel model;
  model.apply_snapshot(sample_snapshot());
  pb::ChatMessage message;
  message.set_game_id(12);
  message.set_from("alice");
  message.set_text("good luck");
  model.apply_chat(message);
  message.set_game_id(99);
  model.apply_chat(message);
  REQUIRE(model.chat().size() == 1);
  CHECK(model.chat()[0].from() == "alice");
}

TEST_CASE("movement: Shift on a reachable hex the unit may exit from moves it off the map (5.5)") {
  GameModel model;
  model.apply_snapshot(sample_snapshot());
  model.click_hex(Hex{17, 46});  // FArt
  pb::Reachable answer;
  answer.set_game_id(12);
  answer.set_unit(4);
  auto* edge = answer.add_hexes();
  *edge->mutable_hex() = coord(17, 47);
  *edge->add_path() = coord(17, 47);
  edge->set_can_exit(true);
  auto* inland = answer.add_hexes();
  *inland->mutable_hex() = coord(18, 46);
  *inland->add_path() = coord(18, 46);
  model.apply_reachable(answer);
  // A plain click moves without leaving; Shift leaves only where the server says it may.
  CHECK_FALSE(model.click_hex(Hex{17, 47})[0].submit_action().action().move().exit_map());
  model.click_hex(Hex{17, 46});
  model.apply_reachable(answer);
  CHECK_FALSE(
      model.click_hex(Hex{18, 46}, ClickIntent::Shifted)[0].submit_action().action().move().exit_map());
  model.click_hex(Hex{17, 46});
  model.apply_reachable(answer);
  const auto requests = model.click_hex(Hex{17, 47}, ClickIntent::Shifted);
  REQUIRE(requests.size() == 1);
  CHECK(requests[0].submit_action().action().move().exit_map());
}

TEST_CASE("an exchange decision is recognised by its typed kind, not by the words (6.5A)") {
  GameModel model;
  pb::GameSnapshot snapshot = sample_snapshot(pb::PHASE_COMBAT);
  // The words of an exchange but another kind: not an exchange.
  snapshot.mutable_view()->mutable_pending()->set_what("choose the attackers the exchange eliminates");
  snapshot.mutable_view()->mutable_pending()->set_kind(pb::DECISION_KIND_ATTACK);
  model.apply_snapshot(snapshot);
  CHECK_FALSE(model.exchange_pending());
  // The kind without any words: an exchange.
  snapshot.mutable_view()->mutable_pending()->clear_what();
  snapshot.mutable_view()->mutable_pending()->set_kind(pb::DECISION_KIND_EXCHANGE_CHOICE);
  snapshot.mutable_view()->mutable_pending()->set_exchange_loss(4);
  model.apply_snapshot(snapshot);
  CHECK(model.exchange_pending());
}

// A rule's decision (12.0's reorganization segment) is offered from the server's description alone:
// its choices as described, a click on a hex one choice concerns takes it, a hex two concern only
// selects (the panel then lists those), and a choice is sent as the server described its action.
TEST_CASE("a rule's decision offers the server's choices; a click on the hex of one takes it (12.0)") {
  GameModel model;
  pb::GameSnapshot snapshot = sample_snapshot();
  // Kell and Pire are in the reorganization area: off the map.
  snapshot.mutable_view()->mutable_units(1)->set_status(pb::UNIT_STATUS_ELIMINATED);
  snapshot.mutable_view()->mutable_units(1)->clear_hex();
  pb::PendingDecision& pending = *snapshot.mutable_view()->mutable_pending();
  pending.set_kind(pb::DECISION_KIND_RULE);
  pending.set_rule("12.0");
  pending.set_what("reorganize eliminated units at their officers (12.0) or end the reorganization segment");
  const auto add_choice = [&](const std::string& label, std::vector<std::uint32_t> units, Hex hex) {
    pb::DecisionChoice& choice = *pending.add_choices();
    choice.set_label(label);
    pb::RuleAction& action = *choice.mutable_action()->mutable_rule();
    action.set_rule("12.0");
    action.set_verb("reorganize");
    for (auto unit : units) {
      action.add_units(unit);
      choice.add_units(unit);
    }
    *choice.add_hexes() = coord(hex.column, hex.row);
  };
  add_choice("reorganize Kell at Bach in 1745", {0, 3}, Hex{17, 45});
  add_choice("reorganize Kell at FArt in 1746", {4, 3}, Hex{17, 46});
  add_choice("reorganize Kell and Pire at FArt in 1746", {4, 3, 1}, Hex{17, 46});
  pending.add_choices()->set_label("end the reorganization segment");
  pending.mutable_choices(3)->mutable_action()->mutable_end_phase();
  model.apply_snapshot(snapshot);
  REQUIRE(model.rule_choices().size() == 4);
  CHECK(model.rule_choices()[1]->label() == "reorganize Kell at FArt in 1746");
  CHECK(model.rule_choices_at(Hex{17, 46}) == std::vector<std::size_t>{1, 2});

  // 1746: two choices there: the hex is selected, nothing sent.
  CHECK(model.click_hex(Hex{17, 46}).empty());
  CHECK(model.selected_hex() == Hex{17, 46});
  // 1745 concerns one choice only (Bach's hex; Pire, named by another, is off the map).
  const auto requests = model.click_hex(Hex{17, 45});
  REQUIRE(requests.size() == 1);
  const auto& sent = requests.front();
  REQUIRE(sent.has_submit_action());
  CHECK(sent.submit_action().game_id() == 12);
  REQUIRE(sent.submit_action().action().has_rule());
  CHECK(sent.submit_action().action().rule().verb() == "reorganize");
  CHECK(sent.submit_action().action().rule().units_size() == 2);
  // The panel's button for ending the segment sends the end action it carries.
  const auto ended = model.take_rule_choice(3);
  REQUIRE(ended.size() == 1);
  CHECK(ended.front().submit_action().action().has_end_phase());
  CHECK(model.take_rule_choice(4).empty());

  // Not my decision (a spectator's view or the other side's seats): no choices, clicks send nothing.
  snapshot.clear_my_seats();
  snapshot.add_my_seats(pb::SEAT_ALLIED);
  model.apply_snapshot(snapshot);
  CHECK(model.rule_choices().empty());
  CHECK(model.click_hex(Hex{17, 45}).empty());
}

TEST_CASE(
    "11.2 a leader picked asks for his command range, in any phase; the answer is kept while he stays "
    "picked") {
  GameModel model;
  pb::GameSnapshot snapshot = sample_snapshot(pb::PHASE_COMBAT);
  add_unit(*snapshot.mutable_view(), 5, "Ney", pb::ARMY_FRENCH, pb::UNIT_TYPE_LEADER, 17, 45);
  model.apply_snapshot(snapshot);
  const auto requests = model.select_unit(5);
  REQUIRE(requests.size() == 1);  // the combat phase: no reachable hexes, his range all the same
  REQUIRE(requests[0].has_query_command_range());
  CHECK(requests[0].query_command_range().game_id() == 12);
  CHECK(requests[0].query_command_range().unit() == 5);
  CHECK_FALSE(model.command_range());

  pb::CommandRange range;
  range.set_game_id(12);
  range.set_unit(5);
  range.set_range(5);
  *range.add_hexes() = coord(17, 45);
  *range.add_hexes() = coord(17, 46);
  range.add_commanded(0);
  range.add_commanded(4);
  pb::CommandRange other = range;
  other.set_unit(0);
  model.apply_command_range(other);  // an answer about another piece: not his
  CHECK_FALSE(model.command_range());
  model.apply_command_range(range);
  REQUIRE(model.command_range());
  CHECK(model.command_range()->commanded_size() == 2);
  // A combat unit picked: no range asked, the leader's goes.
  CHECK(model.select_unit(0).empty());
  CHECK_FALSE(model.command_range());
  // In the movement phase a leader asks for both his range and his reachable hexes.
  GameModel moving;
  pb::GameSnapshot movement = sample_snapshot(pb::PHASE_MOVEMENT);
  add_unit(*movement.mutable_view(), 5, "Ney", pb::ARMY_FRENCH, pb::UNIT_TYPE_LEADER, 17, 45);
  moving.apply_snapshot(movement);
  const auto both = moving.select_unit(5);
  REQUIRE(both.size() == 2);
  CHECK(both[0].has_query_command_range());
  CHECK(both[1].has_query_reachable());
}

TEST_CASE("10.1, 11.2 clicks on a stack pick its combat units, then its leaders") {
  GameModel model;
  pb::GameSnapshot snapshot = sample_snapshot(pb::PHASE_MOVEMENT);
  add_unit(*snapshot.mutable_view(), 5, "Ney", pb::ARMY_FRENCH, pb::UNIT_TYPE_LEADER, 17, 45);
  model.apply_snapshot(snapshot);
  const Hex stack{17, 45};
  model.click_hex(stack, ClickIntent::Primary);
  CHECK(model.selected_unit() == 0u);  // Bach
  model.click_hex(stack, ClickIntent::Primary);
  CHECK(model.selected_unit() == 1u);  // Pire
  const auto leader = model.click_hex(stack, ClickIntent::Primary);
  CHECK(model.selected_unit() == 5u);  // Ney
  REQUIRE(leader.size() == 2);
  CHECK(leader[0].has_query_command_range());
  model.click_hex(stack, ClickIntent::Primary);
  CHECK(model.selected_unit() == 0u);  // round again
}
