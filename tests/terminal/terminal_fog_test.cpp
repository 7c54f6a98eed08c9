// Issue 14 (fog of war, 16.3) in the terminal client: the board text shows an enemy piece the side
// does not observe where it was last seen, with the turn, and one never seen off the map; a game is
// known as one with 16.3 from its scenario's optional or missing rules (the notice said once).
#include <hd/term/fog_of_war.hpp>
#include <hd/term/state_text.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace v1 = hundred_days::v1;

namespace {

v1::ScenarioInfo scenario_with_turns() {
  v1::ScenarioInfo scenario;
  scenario.set_id("quatre-bras");
  scenario.set_title("Quatre Bras");
  for (const char* label : {"16 June 1200", "16 June 1400", "16 June 1600"})
    scenario.add_turns()->set_label(label);
  return scenario;
}

v1::Unit& add_unit(v1::GameView& view, const std::string& id, v1::Army army) {
  v1::Unit& unit = *view.add_units();
  unit.set_id(id);
  unit.set_army(army);
  unit.set_type(v1::UNIT_TYPE_INFANTRY);
  unit.set_strength(4);
  unit.set_movement(4);
  unit.set_status(v1::UNIT_STATUS_ON_MAP);
  unit.set_arrival_turn(-1);
  return unit;
}

void place(v1::Unit& unit, std::uint32_t column, std::uint32_t row) {
  unit.mutable_hex()->set_column(column);
  unit.mutable_hex()->set_row(row);
}

// The line of the text that starts with `start` (after its indent), or "" if none does.
std::string line_starting(const std::string& text, const std::string& start) {
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    const std::string line = text.substr(at, end == std::string::npos ? std::string::npos : end - at);
    const std::size_t first = line.find_first_not_of(' ');
    if (first != std::string::npos && line.compare(first, start.size(), start) == 0) return line;
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return {};
}

}  // namespace

TEST_CASE("the board text shows an unobserved enemy piece where last seen, with the turn",
          "[terminal][16.3][fog]") {
  const v1::ScenarioInfo scenario = scenario_with_turns();
  v1::GameView view;
  view.set_turn(2);
  view.set_phase(v1::PHASE_MOVEMENT);
  view.set_phasing(v1::SIDE_FRENCH);
  place(add_unit(view, "Bach", v1::ARMY_FRENCH), 12, 7);
  v1::Unit& seen = add_unit(view, "Perp", v1::ARMY_ALLIED);
  place(seen, 15, 10);
  seen.set_unobserved(true);
  seen.set_last_seen_turn(1);
  v1::Unit& no_turn = add_unit(view, "Pirch", v1::ARMY_PRUSSIAN);  // a hex but no turn from the server
  place(no_turn, 20, 3);
  no_turn.set_unobserved(true);
  v1::Unit& never = add_unit(view, "Brun", v1::ARMY_ALLIED);  // never seen: no hex
  never.set_unobserved(true);
  place(add_unit(view, "Picton", v1::ARMY_ALLIED), 14, 9);  // observed now: as before

  const std::string text = hd::term::format_state(scenario, view);
  INFO(text);
  CHECK(line_starting(text, "1207") == "  1207  Bach F4-4inf");
  CHECK(line_starting(text, "1510") == "  1510  Perp A4-4inf (last seen 16 June 1400)");
  CHECK(line_starting(text, "2003") == "  2003  Pirch P4-4inf (last seen)");
  CHECK(line_starting(text, "1409") == "  1409  Picton A4-4inf");
  // Never seen: on no hex of the map (not at 0000), but listed as not seen.
  CHECK(text.find("units on the map (4 hexes)") != std::string::npos);
  CHECK(line_starting(text, "0000").empty());
  CHECK(line_starting(text, "enemy pieces not seen (16.3):") == "enemy pieces not seen (16.3): Brun");
  CHECK(text.find("Brun A") == std::string::npos);
}

TEST_CASE("without unobserved pieces the board text has no fog marks", "[terminal][16.3][fog]") {
  const v1::ScenarioInfo scenario = scenario_with_turns();
  v1::GameView view;
  place(add_unit(view, "Bach", v1::ARMY_FRENCH), 12, 7);
  place(add_unit(view, "Picton", v1::ARMY_ALLIED), 14, 9);
  const std::string text = hd::term::format_state(scenario, view);
  INFO(text);
  CHECK(text.find("last seen") == std::string::npos);
  CHECK(text.find("not seen") == std::string::npos);
  CHECK(line_starting(text, "1409") == "  1409  Picton A4-4inf");
}

TEST_CASE("a game is one with 16.3 when its scenario names 16.3 among its optional or missing rules",
          "[terminal][16.3][fog]") {
  v1::ScenarioInfo scenario;
  scenario.set_id("quatre-bras");

  SECTION("by the book, no optional rule: no fog of war") {
    CHECK_FALSE(hd::term::fog_of_war(scenario));
  }
  SECTION("16.3 chosen, on a development server (a missing rule)") {
    scenario.add_optional_rules("16.3");
    scenario.add_missing_rules("16.3");
    CHECK(hd::term::fog_of_war(scenario));
  }
  SECTION("16.3 among the optional rules alone (a server that plays it by the book)") {
    scenario.add_optional_rules("15.1");
    scenario.add_optional_rules("16.3");
    CHECK(hd::term::fog_of_war(scenario));
  }
  SECTION("16.3 among the missing rules alone") {
    scenario.add_missing_rules("16.3");
    CHECK(hd::term::fog_of_war(scenario));
  }
  SECTION("other optional rules only: no fog of war") {
    scenario.add_optional_rules("15.1");
    CHECK_FALSE(hd::term::fog_of_war(scenario));
  }
  CHECK(std::string(hd::term::kFogNotice) ==
        "fog of war (16.3): the board shown is your side's view from the server, not the whole board");
}

TEST_CASE("the board text lists each hidden movement pair: markers, which is real if known, its pieces",
          "[terminal][16.6][fog]") {
  const v1::ScenarioInfo scenario = scenario_with_turns();
  v1::GameView view;
  view.set_turn(2);
  view.set_phase(v1::PHASE_MOVEMENT);
  view.set_phasing(v1::SIDE_FRENCH);
  v1::Unit& held = add_unit(view, "Bach", v1::ARMY_FRENCH);
  held.set_status(v1::UNIT_STATUS_HIDDEN);
  held.set_holding_pair(1);
  add_unit(view, "Ney", v1::ARMY_FRENCH).set_status(v1::UNIT_STATUS_ELIMINATED);
  const auto add_marker = [&](v1::Army army, std::uint32_t pair, bool b, std::uint32_t column) {
    v1::HiddenMarker& marker = *view.add_markers();
    marker.set_army(army);
    marker.set_pair(pair);
    marker.set_b(b);
    marker.mutable_hex()->set_column(column);
    marker.mutable_hex()->set_row(5);
    return &marker;
  };
  // The enemy's view: no `real` on the wire.
  add_marker(v1::ARMY_FRENCH, 1, false, 5);
  add_marker(v1::ARMY_FRENCH, 1, true, 7)->set_moved(true);
  std::string text = hd::term::format_state(scenario, view);
  INFO(text);
  CHECK(line_starting(text, "French pair 1:") ==
        "  French pair 1: marker A 0505, marker B 0705 moved, which is real is secret, holds Bach");
  CHECK(line_starting(text, "eliminated") == "eliminated, exited or withdrawn: Ney");  // not Bach
  // The owner's view: the server says which is real.
  view.mutable_markers(0)->set_real(false);
  view.mutable_markers(1)->set_real(true);
  text = hd::term::format_state(scenario, view);
  CHECK(line_starting(text, "French pair 1:") ==
        "  French pair 1: marker A 0505 (dummy), marker B 0705 moved (real), holds Bach");
}
