// The scenario file's reader (scenario_parser.cpp): statement by statement into a Scenario, every
// error collected. Split over scenario_parser.cpp (statements, the file), scenario_terms.cpp (the
// words of a statement: units, hexes, conditions) and scenario_forces.cpp (set-up, reinforcements,
// morale, VP, victory). Private to the engine.
#pragma once

#include <hd/engine/data/scenario_parser.hpp>
#include <hd/engine/data/tsv.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hd::engine::parser_detail {

std::optional<Side> side_from_string(std::string_view text);

// "01-29" -> (1, 29)
std::optional<std::pair<int, int>> parse_range(std::string_view text);

// Why a secret option (18.5C) could not be hidden, or nullopt.
std::optional<std::string> secret_option_problem(const ScenarioOption& option);

// Reads statements one by one into a Scenario, collecting every error.
class ScenarioBuilder {
 public:
  ScenarioBuilder(const std::string& file, std::vector<DataError>& errors) : file_(file), errors_(errors) {}

  void statement(const Statement& s);
  std::optional<Scenario> finish();

 private:
  using Tokens = std::vector<Token>;

  void error(int line, std::string message) { errors_.push_back({file_, line, std::move(message)}); }
  ScenarioForces& forces() { return option_ ? option_->additions : scenario_.forces; }
  // Position of the ':' token at or after `from`, or nullopt (with an error).
  std::optional<std::size_t> colon(const Statement& s, std::size_t from);
  std::optional<Army> army(const Statement& s, std::size_t at);
  std::optional<Side> side(const Statement& s, std::size_t at);
  std::optional<Hex> hex(const Statement& s, std::size_t at);
  std::optional<TurnName> turn(const Statement& s, std::size_t at);
  std::optional<int> number(const Statement& s, std::size_t at);
  bool refs(const Statement& s, std::size_t from, std::vector<UnitRef>& out);
  bool condition(const Statement& s, std::size_t from, Condition& out);

  void setup(const Statement& s);
  void reinforce(const Statement& s);
  void morale(const Statement& s, bool with_turn);
  void group_morale(const Statement& s, std::vector<GroupMorale>& out);
  void vp(const Statement& s);
  void victory(const Statement& s, bool instant);

  const std::string& file_;
  std::vector<DataError>& errors_;
  Scenario scenario_;
  bool have_header_ = false, have_area_ = false, have_turns_ = false;
  std::optional<ScenarioOption> option_;
};

}  // namespace hd::engine::parser_detail
