// Every counter of the three armies (orders of battle, pages 27-31): combat units with their
// complement and printed values, and leaders. Each printed value says where it comes from: stated
// by the rulebook, derived by a formula (scenarios/armies/DERIVATION.md), or a user's manifest.
#pragma once

#include <hd/engine/board/army.hpp>
#include <hd/engine/data/data_text.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::engine {

// Leader: a commander or officer in play (10.0), never a combat unit: no strength, no ZOC (10.1E),
// free stacking (10.1B). Leaders are in the game only when the ruleset has 10.0 in force.
// SupplyTrain: an army's supply trains counter (16.17): no combat strength, no ZOC, roads only,
// stacking with nothing, its army's sole supply source. In a game only where 16.17 is in force.
enum class UnitType {
  Infantry,
  Cavalry,
  FootArtillery,
  HorseArtillery,
  HeavyArtillery,
  Rifles,
  Leader,
  SupplyTrain
};

// The combat unit types only (units.tsv): "leader" is not a type a unit line may give.
std::optional<UnitType> unit_type_from_string(std::string_view text);
std::string_view to_string(UnitType type);
bool is_artillery(UnitType type);
// Infantry, or rifles, which "operate like other infantry" (16.1B): for 8.1B and 15.1.
bool counts_as_infantry(UnitType type);

enum class Provenance { Stated, Derived, Manifest };

std::string_view to_string(Provenance provenance);

// A printed number on a counter and where it comes from.
struct CounterValue {
  int value = 0;
  Provenance provenance = Provenance::Derived;
  std::string source;  // the rule or formula, e.g. "stated: 6.0 example" or "derived: ART"
};

struct UnitDefinition {
  std::string id;  // as the rules abbreviate it, unique within the army
  std::string name;
  Army army = Army::French;
  std::string nationality;  // french, prussian, british, kgl, hanoverian, brunswick, nassau, netherlands
  std::string command;      // command designation: [1], 2/[1], [G] ...
  UnitType type = UnitType::Infantry;
  // The complement, where given. Battalions may be halves where a brigade was split between counters.
  std::optional<double> battalions, squadrons, batteries, guns, men;
  std::optional<CounterValue> full_strength;     // none: not derivable (a variant counter without complement)
  std::optional<CounterValue> reduced_strength;  // none: the counter has no reduced side
  std::optional<CounterValue> movement;
  std::string variant;  // empty for the basic counter mix; 16.1, 16.1B ... for variants
  int line = 0;
};

// A leader's role in leaders.tsv (10.0, 11.1, 16.1C, 16.14).
inline constexpr std::string_view kRoleCommander = "commander";
inline constexpr std::string_view kRoleOfficer = "officer";
inline constexpr std::string_view kRoleChiefOfStaff = "chief_of_staff";  // 16.1C, 16.14D
inline constexpr std::string_view kRoleHeadquarters = "headquarters";    // 16.14: an army HQ counter

struct LeaderDefinition {
  std::string id;
  std::string name;
  Army army = Army::French;
  std::string role;              // kRoleCommander, kRoleOfficer, kRoleChiefOfStaff, kRoleHeadquarters
  std::string command;           // command designation for officers
  std::string command_capacity;  // as stated ("4", "ceil(1d6/2) ..."), empty if unknown
  std::string variant;
  int line = 0;
};

class OrderOfBattle {
 public:
  struct Files {
    std::string_view units;    // units.tsv
    std::string_view derived;  // derived.tsv
    std::string_view leaders;  // leaders.tsv
  };

  // Loads and cross-checks the three tables; any problem is appended to `errors` with file and line.
  static OrderOfBattle load(const Files& texts, const std::string& folder, std::vector<DataError>& errors);

  // Overrides printed values from a user's counter manifest (army, id, full_strength,
  // reduced_strength, movement; empty cells keep the current value).
  void apply_manifest(std::string_view text, const std::string& file, std::vector<DataError>& errors);

  const std::vector<UnitDefinition>& units() const { return units_; }
  const std::vector<LeaderDefinition>& leaders() const { return leaders_; }
  const UnitDefinition* find_unit(Army army, std::string_view id) const;
  const LeaderDefinition* find_leader(Army army, std::string_view id) const;

 private:
  UnitDefinition* find_unit_mutable(Army army, std::string_view id);

  std::vector<UnitDefinition> units_;
  std::vector<LeaderDefinition> leaders_;
};

}  // namespace hd::engine
