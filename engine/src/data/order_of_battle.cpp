#include <hd/engine/data/order_of_battle.hpp>
#include <hd/engine/data/tsv.hpp>

#include <array>
#include <set>
#include <utility>

namespace hd::engine {
namespace {

constexpr std::array<std::pair<UnitType, std::string_view>, 8> kTypeNames{{
    {UnitType::Infantry, "infantry"},
    {UnitType::Cavalry, "cavalry"},
    {UnitType::FootArtillery, "foot_artillery"},
    {UnitType::HorseArtillery, "horse_artillery"},
    {UnitType::HeavyArtillery, "heavy_artillery"},
    {UnitType::Rifles, "rifles"},
    {UnitType::Leader, "leader"},
    {UnitType::SupplyTrain, "supply_train"},
}};

std::optional<int> optional_count(const std::string& text) {
  return text.empty() ? std::nullopt : parse_count(text);
}

// A complement figure: a whole number or one with a single decimal (3.5 battalions).
std::optional<double> parse_complement(const std::string& text) {
  const auto dot = text.find('.');
  if (dot == std::string::npos) {
    const auto whole = parse_count(text);
    return whole ? std::optional<double>(*whole) : std::nullopt;
  }
  const auto whole = parse_count(text.substr(0, dot));
  const auto tenths = parse_count(text.substr(dot + 1));
  if (!whole || !tenths || text.size() - dot - 1 != 1) return std::nullopt;
  return *whole + *tenths / 10.0;
}

// Checks that every named column exists.
bool require_columns(const TsvTable& table, std::initializer_list<std::string_view> names,
                     std::vector<DataError>& errors) {
  bool ok = true;
  for (auto name : names) {
    if (!table.column(name)) {
      errors.push_back({table.file(), 1, "missing column '" + std::string(name) + "'"});
      ok = false;
    }
  }
  return ok;
}

}  // namespace

std::optional<UnitType> unit_type_from_string(std::string_view text) {
  for (const auto& [type, name] : kTypeNames)
    if (name == text && type != UnitType::Leader) return type;
  return std::nullopt;
}

std::string_view to_string(UnitType type) {
  for (const auto& [value, name] : kTypeNames)
    if (value == type) return name;
  return "?";
}

bool counts_as_infantry(UnitType type) {
  return type == UnitType::Infantry || type == UnitType::Rifles;
}

bool is_artillery(UnitType type) {
  return type == UnitType::FootArtillery || type == UnitType::HorseArtillery ||
         type == UnitType::HeavyArtillery;
}

std::string_view to_string(Provenance provenance) {
  switch (provenance) {
    case Provenance::Stated:
      return "stated";
    case Provenance::Derived:
      return "derived";
    case Provenance::Manifest:
      return "manifest";
  }
  return "?";
}

OrderOfBattle OrderOfBattle::load(const Files& texts, const std::string& folder,
                                  std::vector<DataError>& errors) {
  OrderOfBattle oob;
  const TsvTable units = TsvTable::parse(texts.units, folder + "/units.tsv", errors);
  const TsvTable derived = TsvTable::parse(texts.derived, folder + "/derived.tsv", errors);
  const TsvTable leaders = TsvTable::parse(texts.leaders, folder + "/leaders.tsv", errors);
  if (!require_columns(
          units,
          {"id", "name", "army", "nationality", "command", "type", "battalions", "squadrons", "batteries",
           "guns", "men", "full_strength", "reduced_strength", "movement", "value_source", "variant"},
          errors) ||
      !require_columns(derived, {"army", "id", "full_strength", "reduced_strength", "movement", "provenance"},
                       errors) ||
      !require_columns(leaders, {"id", "name", "army", "role", "command", "command_capacity", "variant"},
                       errors)) {
    return oob;
  }

  for (const TsvRow& row : units.rows()) {
    const auto fail = [&](const std::string& message) {
      errors.push_back({units.file(), row.line, message});
    };
    UnitDefinition unit;
    unit.id = units.cell(row, "id");
    unit.name = units.cell(row, "name");
    unit.nationality = units.cell(row, "nationality");
    unit.command = units.cell(row, "command");
    unit.variant = units.cell(row, "variant");
    unit.line = row.line;
    const auto army = army_from_string(units.cell(row, "army"));
    const auto type = unit_type_from_string(units.cell(row, "type"));
    if (unit.id.empty()) fail("empty id");
    if (!army) fail("unknown army '" + units.cell(row, "army") + "'");
    if (!type) fail("unknown unit type '" + units.cell(row, "type") + "'");
    if (!army || !type || unit.id.empty()) continue;
    unit.army = *army;
    unit.type = *type;
    bool numbers_ok = true;
    const auto number = [&](std::string_view column) -> std::optional<int> {
      const std::string text = units.cell(row, column);
      const auto value = optional_count(text);
      if (!text.empty() && !value) {
        fail("column " + std::string(column) + ": '" + text + "' is not a whole number");
        numbers_ok = false;
      }
      return value;
    };
    for (auto [column, slot] :
         {std::pair{"battalions", &unit.battalions}, std::pair{"squadrons", &unit.squadrons},
          std::pair{"batteries", &unit.batteries}, std::pair{"guns", &unit.guns},
          std::pair{"men", &unit.men}}) {
      const std::string text = units.cell(row, column);
      if (text.empty()) continue;
      *slot = parse_complement(text);
      if (!*slot) {
        fail("column " + std::string(column) + ": '" + text + "' is not a number");
        numbers_ok = false;
      }
    }
    const std::string stated_source = units.cell(row, "value_source");
    for (auto [column, slot] :
         {std::pair{"full_strength", &unit.full_strength},
          std::pair{"reduced_strength", &unit.reduced_strength}, std::pair{"movement", &unit.movement}}) {
      if (const auto value = number(column)) *slot = CounterValue{*value, Provenance::Stated, stated_source};
    }
    if (!numbers_ok) continue;
    if (oob.find_unit(unit.army, unit.id)) {
      fail("duplicate unit id '" + unit.id + "' in the " + std::string(to_string(unit.army)) + " army");
      continue;
    }
    oob.units_.push_back(std::move(unit));
  }

  // derived.tsv: one row per unit; it fills the values the text does not state and must agree with
  // those it does.
  std::set<std::pair<Army, std::string>> seen;
  for (const TsvRow& row : derived.rows()) {
    const auto fail = [&](const std::string& message) {
      errors.push_back({derived.file(), row.line, message});
    };
    const auto army = army_from_string(derived.cell(row, "army"));
    const std::string id = derived.cell(row, "id");
    UnitDefinition* unit = army ? oob.find_unit_mutable(*army, id) : nullptr;
    if (!unit) {
      fail("unit '" + id + "' of army '" + derived.cell(row, "army") + "' is not in units.tsv");
      continue;
    }
    if (!seen.emplace(*army, id).second) {
      fail("second row for unit '" + id + "'");
      continue;
    }
    const std::string provenance = derived.cell(row, "provenance");
    for (auto [column, slot] :
         {std::pair{"full_strength", &unit->full_strength},
          std::pair{"reduced_strength", &unit->reduced_strength}, std::pair{"movement", &unit->movement}}) {
      const std::string text = derived.cell(row, column);
      if (text.empty()) {
        if (*slot) fail(std::string(column) + " of '" + id + "' is stated in units.tsv but empty here");
        continue;
      }
      const auto value = parse_count(text);
      if (!value) {
        fail("column " + std::string(column) + ": '" + text + "' is not a whole number");
        continue;
      }
      if (*slot && (*slot)->value != *value) {
        fail(std::string(column) + " of '" + id + "' is stated as " + std::to_string((*slot)->value) +
             " but derived as " + std::to_string(*value));
        continue;
      }
      if (!*slot) *slot = CounterValue{*value, Provenance::Derived, provenance};
    }
    if (!unit->movement) fail("unit '" + id + "' has no movement allowance");
  }
  for (const UnitDefinition& unit : oob.units_) {
    if (!seen.count({unit.army, unit.id})) {
      errors.push_back({units.file(), unit.line, "unit '" + unit.id + "' has no row in derived.tsv"});
    }
  }

  for (const TsvRow& row : leaders.rows()) {
    const auto army = army_from_string(leaders.cell(row, "army"));
    LeaderDefinition leader{leaders.cell(row, "id"),      leaders.cell(row, "name"),
                            army.value_or(Army::French),  leaders.cell(row, "role"),
                            leaders.cell(row, "command"), leaders.cell(row, "command_capacity"),
                            leaders.cell(row, "variant"), row.line};
    if (!army || leader.id.empty()) {
      errors.push_back({leaders.file(), row.line, "leader needs an id and an army"});
      continue;
    }
    if (leader.role != kRoleCommander && leader.role != kRoleOfficer && leader.role != kRoleChiefOfStaff &&
        leader.role != kRoleHeadquarters) {
      errors.push_back({leaders.file(), row.line,
                        "leader '" + leader.id + "' has role '" + leader.role +
                            "': expected commander, officer, chief_of_staff or headquarters"});
      continue;
    }
    if (oob.find_leader(*army, leader.id)) {
      errors.push_back({leaders.file(), row.line, "duplicate leader id '" + leader.id + "'"});
      continue;
    }
    oob.leaders_.push_back(std::move(leader));
  }
  return oob;
}

void OrderOfBattle::apply_manifest(std::string_view text, const std::string& file,
                                   std::vector<DataError>& errors) {
  const TsvTable table = TsvTable::parse(text, file, errors);
  if (!require_columns(table, {"army", "id", "full_strength", "reduced_strength", "movement"}, errors))
    return;
  for (const TsvRow& row : table.rows()) {
    const auto fail = [&](const std::string& message) { errors.push_back({file, row.line, message}); };
    const auto army = army_from_string(table.cell(row, "army"));
    UnitDefinition* unit = army ? find_unit_mutable(*army, table.cell(row, "id")) : nullptr;
    if (!unit) {
      fail("no unit '" + table.cell(row, "id") + "' in army '" + table.cell(row, "army") + "'");
      continue;
    }
    for (auto [column, slot] :
         {std::pair{"full_strength", &unit->full_strength},
          std::pair{"reduced_strength", &unit->reduced_strength}, std::pair{"movement", &unit->movement}}) {
      const std::string cell = table.cell(row, column);
      if (cell.empty()) continue;
      const auto value = parse_count(cell);
      if (!value) {
        fail("column " + std::string(column) + ": '" + cell + "' is not a whole number");
        continue;
      }
      *slot = CounterValue{*value, Provenance::Manifest, file + ":" + std::to_string(row.line)};
    }
  }
}

const UnitDefinition* OrderOfBattle::find_unit(Army army, std::string_view id) const {
  for (const auto& unit : units_)
    if (unit.army == army && unit.id == id) return &unit;
  return nullptr;
}

UnitDefinition* OrderOfBattle::find_unit_mutable(Army army, std::string_view id) {
  for (auto& unit : units_)
    if (unit.army == army && unit.id == id) return &unit;
  return nullptr;
}

const LeaderDefinition* OrderOfBattle::find_leader(Army army, std::string_view id) const {
  for (const auto& leader : leaders_)
    if (leader.army == army && leader.id == id) return &leader;
  return nullptr;
}

}  // namespace hd::engine
