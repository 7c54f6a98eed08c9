// 13.0, 13.1: which corps (or Allied nationality) a unit's losses and morale belong to.
#include <hd/engine/rules/corps_morale/corps_morale.hpp>

#include <set>

namespace hd::engine {
namespace {

// The corps part of a command designation: "2/[1]" -> "[1]", "[G]" -> "[G]"; none for "?" or "".
std::optional<std::string> corps_of_designation(const std::string& command) {
  const std::size_t slash = command.rfind('/');
  std::string corps = slash == std::string::npos ? command : command.substr(slash + 1);
  if (corps.size() < 3 || corps.front() != '[' || corps.back() != ']') return std::nullopt;
  return corps;
}

// True if a unit's command designation is `command` or a part of it ("4/[1]" is in "[1]").
bool in_command(const std::string& unit_command, const std::string& command) {
  return unit_command == command || unit_command.ends_with("/" + command);
}

// 13.1 for an Allied officer: the one nationality of all combat units of his command (variant
// counters too), if they share one.
std::optional<std::string> officer_nationality(const Ruleset& rules, const std::string& command) {
  std::set<std::string> nationalities;
  for (const UnitDefinition& unit : rules.oob.units())
    if (unit.army == Army::Allied && in_command(unit.command, command))
      nationalities.insert(unit.nationality);
  if (nationalities.size() != 1) return std::nullopt;
  return *nationalities.begin();
}

}  // namespace

std::optional<std::string> corps_of(const Ruleset& rules, const UnitState& unit) {
  if (unit.army != Army::Allied) return corps_of_designation(unit.command);
  if (unit.is_leader()) return unit.command.empty() ? std::nullopt : officer_nationality(rules, unit.command);
  const UnitDefinition* definition = rules.oob.find_unit(Army::Allied, unit.id);
  if (!definition || definition->nationality.empty()) return std::nullopt;
  return definition->nationality;  // 13.1
}

}  // namespace hd::engine
