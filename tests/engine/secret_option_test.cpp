// 18.5C's secrecy on the real Ligny scenario: the French choice of the First Corps option is hidden
// from the Coalition's seat and its spectators until the 16/1700 French movement phase begins (its
// die reveals it). Until then the Prussian view and the Prussian's events are byte-identical with
// and without the option; the French view differs from the start.
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/scenarios/secret_options.hpp>
#include <hd/engine/visibility/view.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

using namespace hd::engine;

namespace {

GameState ligny(std::vector<std::string> options) {
  const auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                    {"ligny", std::move(options), {}, std::nullopt});
  REQUIRE(game.value);
  return *game.value;
}

const Viewer kPrussian{Viewer::Kind::Seat, Army::Prussian, std::nullopt};
const Viewer kCoalitionSpectator{Viewer::Kind::Spectator, std::nullopt, Side::Coalition};
const Viewer kFrench{Viewer::Kind::Seat, Army::French, std::nullopt};
const Viewer kFrenchSpectator{Viewer::Kind::Spectator, std::nullopt, Side::French};
const Viewer kEverything{Viewer::Kind::Spectator, std::nullopt, std::nullopt};

// The events as `viewer` is shown them, in notation.
std::vector<std::string> shown(const GameState& after, const std::vector<Event>& events,
                               const Viewer& viewer) {
  std::vector<std::string> lines;
  for (const Event& event : events)
    if (const auto redacted = redact(after, event, viewer)) lines.push_back(format_event(after, *redacted));
  return lines;
}

bool in_force_shown(const GameState& state, const Viewer& viewer) {
  const auto options = visible_options(state, viewer);
  return std::find(options.begin(), options.end(), "18.5C") != options.end();
}

}  // namespace

TEST_CASE("18.5C the Coalition cannot tell the secret option from its absence until 16/1700",
          "[rules][18.5C][view]") {
  GameState with = ligny({"18.5C"});
  GameState without = ligny({});
  REQUIRE(with.phase == Phase::Setup);
  // The French, and spectators shown the French side or everything, know from the start.
  for (const Viewer& viewer : {kFrench, kFrenchSpectator, kEverything}) {
    CHECK(serialize(view(with, viewer)) != serialize(view(without, viewer)));
    CHECK(in_force_shown(with, viewer));
  }
  CHECK(hidden_options(with) == std::vector<std::string>{"18.5C"});
  CHECK(hidden_options(without).empty());

  // Both games end every phase, accepting the set-up; the option's one die is a 3 (1-3: enters now).
  int steps = 0;
  while (true) {
    for (const Viewer& viewer : {kPrussian, kCoalitionSpectator}) {
      CHECK(serialize(view(with, viewer)) == serialize(view(without, viewer)));
      CHECK_FALSE(in_force_shown(with, viewer));
    }
    CHECK(view(with, kFrench).units.size() == view(with, kPrussian).units.size() + 10u);  // all [1]
    int rolled = 0;
    const auto events_with = apply(with, pending_decision(with).side, EndPhaseAction{}, [&] {
      ++rolled;
      return 3;
    });
    const auto events_without = apply(without, pending_decision(without).side, EndPhaseAction{}, [] {
      FAIL("no die without the option");
      return 1;
    });
    ++steps;
    REQUIRE(steps < 30);
    const bool reveal = with.phase == Phase::Movement && with.phasing == Side::French &&
                        with.current_turn().name == TurnName{16, 1700};
    if (!reveal) {
      CHECK(rolled == 0);
      CHECK(shown(with, events_with, kPrussian) == shown(without, events_without, kPrussian));
      continue;
    }
    // The roll is made and reveals the option: now the Coalition sees it, its die and its units.
    CHECK(rolled == 1);
    const auto prussian_events = shown(with, events_with, kPrussian);
    CHECK(prussian_events != shown(without, events_without, kPrussian));
    CHECK(std::any_of(prussian_events.begin(), prussian_events.end(),
                      [](const std::string& line) { return line.find("18.5C") != std::string::npos; }));
    CHECK(hidden_options(with).empty());
    for (const Viewer& viewer : {kPrussian, kCoalitionSpectator}) {
      CHECK(serialize(view(with, viewer)) != serialize(view(without, viewer)));
      CHECK(serialize(view(with, viewer)) == serialize(view(with, kFrench)));
      CHECK(in_force_shown(with, viewer));
    }
    break;
  }
  CHECK(steps > 10);  // the set-up and 16/1400 to 16/1600, both sides' phases
}

TEST_CASE("18.5C a redacted view hides only the option's units, numbering the others as before",
          "[rules][18.5C][view]") {
  const GameState with = ligny({"18.5C"});
  const GameView hidden = view(with, kPrussian);
  const GameView full = view(with, kFrench);
  REQUIRE(full.units.size() == hidden.units.size() + 10u);
  for (std::size_t i = 0; i < hidden.units.size(); ++i) {
    CHECK(hidden.units[i].unit == full.units[i].unit);
    CHECK(hidden.units[i].unit == i);
  }
  for (std::size_t i = hidden.units.size(); i < full.units.size(); ++i)
    CHECK(full.units[i].command.ends_with("[1]"));
}

TEST_CASE("18.5C a refusal shown to the Coalition never names a unit of the secret option",
          "[rules][18.5C][view][refusal]") {
  const GameState with = ligny({"18.5C"});
  const std::size_t shown = units_shown(with, kPrussian);
  REQUIRE(shown < with.units.size());
  const auto hidden = static_cast<UnitIndex>(shown);  // the option's units are numbered last
  const Refusal refusal = refuse(RefusalCode::NotEnemyUnit, "6.0", {RefusalArg::of_unit(hidden)});
  for (const Viewer& viewer : {kPrussian, kCoalitionSpectator}) {
    const Refusal redacted = redact(with, refusal, viewer);
    CHECK(redacted.args == std::vector<RefusalArg>{RefusalArg::hidden_unit()});
    CHECK(describe(redacted, with).find(with.units[hidden].id) == std::string::npos);
  }
  for (const Viewer& viewer : {kFrench, kFrenchSpectator, kEverything})
    CHECK(redact(with, refusal, viewer) == refusal);
}

TEST_CASE("18.5C a scenario offering a secret option keeps its side's secrets, chosen or not",
          "[rules][18.5C][view]") {
  // The server's spectator policy reads this: it must not depend on whether the option was chosen.
  CHECK(sides_keeping_secrets(*ligny({"18.5C"}).rules) == std::set<Side>{Side::French});
  CHECK(sides_keeping_secrets(*ligny({}).rules) == std::set<Side>{Side::French});
  const auto waterloo = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                        {"la-belle-alliance", {}, {}, std::nullopt});
  REQUIRE(waterloo.value);
  CHECK(sides_keeping_secrets(*waterloo.value->rules).empty());
}
