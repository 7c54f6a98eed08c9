// The field walk (field_walk.hpp): every field it names is seen by the hash, the snapshot, equality
// and the debug printer (a change to any one field changes all four and the snapshot restores it);
// the four agree on the states of a random game; the rules in force are part of the state's
// identity. (A member missing from the walk stops the build: engine/src/state/field_walk.cpp.)
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/random_player.hpp>
#include <hd/engine/rules/command/command_state.hpp>
#include <hd/engine/rules/corps_morale/corps_morale_state.hpp>
#include <hd/engine/state/field_walk.hpp>
#include <hd/engine/state/state_snapshot.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

using namespace hd::engine;

namespace {

GameState first_state(const std::string& scenario, const std::vector<std::string>& rules = {}) {
  hd::loader::GameChoice choice;
  choice.scenario = scenario;
  for (const std::string& rule : rules)
    choice.optional_rules.push_back(rule);
  auto started = hd::loader::start_scenario_game(hd::loader::default_data_root(), choice);
  REQUIRE(started.value);
  return *started.value;
}

// A real first state with every container and optional of the state holding something.
GameState filled_state() {
  GameState state = first_state("quatre-bras");
  state.units[0].entry_hexes = {Hex{3, 4}};
  state.control[Hex{1, 2}] = Side::Coalition;
  state.entries_this_phase[Hex{2, 3}] = 1;
  state.pending_retreats = {PendingRetreat{1, 1, false}};
  state.pending_advance = PendingAdvance{Side::French, {2}, {Hex{5, 6}}};
  state.pending_exchange = PendingExchange{Side::French, 1, 3, {3}, {Hex{6, 7}}};
  state.result = GameResult{Side::French, "decisive", "the words"};
  state.rule_state.add<CorpsMoraleState>(kCorpsMoraleRule) =
      CorpsMoraleState{{CorpsMorale{Army::French, "[1]", 4, true}}, {3}};     // 13.0's slot
  state.rule_state.add<CommandState>(kCommandRule) = CommandState{{1}, {2}};  // a rule's slot (11.0's)
  return state;
}

// The field paths (indices left out) of every container and optional the walk meets, and of those
// that held something.
struct ContainerFinder {
  static constexpr bool kReads = false;
  std::vector<std::string> path;
  std::set<std::string> seen, filled;

  std::string key(FieldName name) const {
    std::string text;
    for (const std::string& part : path)
      text += part + ".";
    return text + std::string(name.text);
  }
  void enter(FieldName name) { path.emplace_back(name.text); }
  void leave() { path.pop_back(); }
  std::size_t count(FieldName name, std::size_t n) {
    seen.insert(key(name));
    if (n > 0) filled.insert(key(name));
    return n;
  }
  bool presence(FieldName name, bool present) {
    seen.insert(key(name));
    if (present) filled.insert(key(name));
    return present;
  }
  template <class L>
  void leaf(FieldName, const L&) {}
};

// Changes the `target`th leaf the walk meets (the ruleset and map keys are not leaves here) to
// another value of its type, within range, and names it.
struct Mutator {
  static constexpr bool kReads = false;
  std::size_t target = 0;
  std::size_t leaves = 0;
  std::string changed;
  std::vector<std::string> path;

  void enter(FieldName name) { path.push_back(part(name)); }
  void leave() { path.pop_back(); }
  std::size_t count(FieldName, std::size_t n) { return n; }
  bool presence(FieldName, bool present) { return present; }
  void leaf(FieldName, std::shared_ptr<const Ruleset>&) {}
  template <class L>
  void leaf(FieldName, const L&) {}  // a map's key
  template <class L>
  void leaf(FieldName name, L& value) {
    if (leaves++ != target) return;
    for (const std::string& p : path)
      changed += p + ".";
    changed += part(name);
    if constexpr (std::is_same_v<L, std::string>) {
      value += "x";
    } else if constexpr (std::is_same_v<L, bool>) {
      value = !value;
    } else if constexpr (std::is_enum_v<L>) {
      value = static_cast<L>((static_cast<int>(value) + 1) % (static_cast<int>(last_value(L{})) + 1));
    } else {
      value = static_cast<L>(value + 1);
    }
  }
  static std::string part(FieldName name) {
    return std::string(name.text) + (name.index >= 0 ? "[" + std::to_string(name.index) + "]" : "");
  }
};

}  // namespace

TEST_CASE("every field of the walk changes the hash, the snapshot, equality and the debug text",
          "[field-walk]") {
  const GameState base = filled_state();
  ContainerFinder finder;
  walk(finder, FieldName{"state"}, base);
  for (const std::string& container : finder.seen) {
    INFO(container << " is empty in filled_state(): give it an element so that its fields are tried");
    CHECK(finder.filled.count(container) == 1);
  }

  const std::string base_snapshot = snapshot_state(base);
  const std::string base_text = debug_text(base);
  std::size_t tried = 0;
  for (std::size_t target = 0;; ++target) {
    GameState changed = base;
    Mutator mutator;
    mutator.target = target;
    walk(mutator, FieldName{"state"}, changed);
    if (mutator.changed.empty()) break;
    ++tried;
    INFO("changed " << mutator.changed);
    CHECK_FALSE(changed == base);
    CHECK(state_hash(changed) != state_hash(base));
    const std::string text = snapshot_state(changed);
    CHECK(text != base_snapshot);
    CHECK(debug_text(changed) != base_text);
    const auto restored = restore_state(base, text);
    const bool names_another_unit = mutator.changed.starts_with("state.units[") &&
                                    (mutator.changed.ends_with("].id") ||
                                     mutator.changed.ends_with("].army"));  // not a corps' army (13.0)
    if (names_another_unit) {
      CHECK_FALSE(restored);  // a snapshot of another game's units
    } else {
      REQUIRE(restored);
      CHECK(*restored == changed);
      CHECK(state_hash(*restored) == state_hash(changed));
    }
  }
  // Every unit's 24 fields, the pending decisions', the result's and the state's own.
  CHECK(tried > 24 * base.units.size());
}

TEST_CASE("the hash, the snapshot, equality and the debug text agree on every state of random games",
          "[field-walk]") {
  for (const auto& [scenario, rules] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"quatre-bras", {}}, {"la-belle-alliance", {"15.1", "15.2"}}, {"quatre-bras-variant", {}}}) {
    INFO(scenario);
    const GameState initial = first_state(scenario, rules);
    if (scenario == "quatre-bras-variant")  // 10.0: leaders are units of the walk like any other
      CHECK(std::any_of(initial.units.begin(), initial.units.end(),
                        [](const UnitState& u) { return u.is_leader(); }));
    GameState state = initial;
    GameState previous = state;
    SplitMix64 random(21);
    SplitMix64 dice(22);
    int actions = 0;
    while (state.phase != Phase::GameOver && actions < 1500) {
      const Side side = pending_decision(state).side;
      apply(state, side, choose_random_action(state, random), [&] { return dice.die(); });
      ++actions;
      const auto restored = restore_state(initial, snapshot_state(state));
      REQUIRE(restored);
      REQUIRE(*restored == state);
      REQUIRE(state_hash(*restored) == state_hash(state));
      REQUIRE(debug_text(*restored) == debug_text(state));
      // Every action changes the state (if only actions_applied): all four see it.
      REQUIRE_FALSE(state == previous);
      REQUIRE(state_hash(state) != state_hash(previous));
      REQUIRE(snapshot_state(state) != snapshot_state(previous));
      REQUIRE(debug_text(state) != debug_text(previous));
      previous = state;
    }
    CHECK(actions > 100);
  }
}

TEST_CASE("the rules in force are part of a state: hash, equality and snapshot", "[field-walk][15.1]") {
  const GameState standard = first_state("la-belle-alliance");
  const GameState combined_arms = first_state("la-belle-alliance", {"15.1"});
  CHECK(rules_identity(*combined_arms.rules) == "scenario 21.0; options; optional 15.1; missing");
  CHECK(debug_text(standard) != debug_text(combined_arms));
  CHECK_FALSE(standard == combined_arms);
  CHECK(state_hash(standard) != state_hash(combined_arms));
  // A snapshot of a game under 15.1 is no state of the game without it.
  CHECK_FALSE(restore_state(standard, snapshot_state(combined_arms)));
  CHECK(restore_state(combined_arms, snapshot_state(combined_arms)));
  // Two games started alike are equal although their rulesets are two objects.
  CHECK(first_state("la-belle-alliance", {"15.1"}) == combined_arms);
  // Another rules version in the snapshot is refused.
  std::string other_version = snapshot_state(combined_arms);
  const std::size_t version_at = other_version.find(' ') + 1;
  other_version.replace(version_at, other_version.find(' ', version_at) - version_at, "999");
  CHECK_FALSE(restore_state(combined_arms, other_version));
}
