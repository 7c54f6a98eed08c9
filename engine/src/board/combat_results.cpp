#include <hd/engine/board/combat_results.hpp>
#include <hd/engine/data/tsv.hpp>

namespace hd::engine {
namespace {

constexpr std::array<std::string_view, kOddsColumns> kColumnNames{"1-5", "1-4", "1-3", "1-2", "1-1",
                                                                  "2-1", "3-1", "4-1", "5-1", "6-1"};

std::optional<CombatResult> result_from_string(std::string_view text) {
  if (text == "Ae") return CombatResult::AttackerEliminated;
  if (text == "Ar") return CombatResult::AttackerRetreat;
  if (text == "Ex") return CombatResult::Exchange;
  if (text == "Dr") return CombatResult::DefenderRetreat;
  if (text == "De") return CombatResult::DefenderEliminated;
  return std::nullopt;
}

}  // namespace

std::string_view to_string(CombatResult result) {
  switch (result) {
    case CombatResult::AttackerEliminated:
      return "Ae";
    case CombatResult::AttackerRetreat:
      return "Ar";
    case CombatResult::Exchange:
      return "Ex";
    case CombatResult::DefenderRetreat:
      return "Dr";
    case CombatResult::DefenderEliminated:
      return "De";
    case CombatResult::NoEffect:
      return "NE";
  }
  return "?";
}

std::string OddsColumn::to_string() const {
  return std::string(kColumnNames[static_cast<std::size_t>(index)]);
}

OddsRatio odds_ratio(int attack, int defence) {
  // 6.2A: the ratio is rounded off in favour of the defender, e.g. 11 to 4 is 2-1, 4 to 11 is 1-3.
  if (attack >= defence) return {true, attack / defence};  // rounds down: the defender's favour
  return {false, (defence + attack - 1) / attack};         // 1-n with n rounded up: the defender's favour
}

OddsColumn odds_column(int attack, int defence) {
  const OddsRatio ratio = odds_ratio(attack, defence);
  if (ratio.attacker_ahead) return OddsColumn{ratio.n >= 6 ? 9 : 3 + ratio.n};
  return OddsColumn{ratio.n >= 5 ? 0 : 5 - ratio.n};
}

std::optional<OddsColumn> parse_odds_column(std::string_view text) {
  for (int i = 0; i < kOddsColumns; ++i)
    if (kColumnNames[static_cast<std::size_t>(i)] == text) return OddsColumn{i};
  return std::nullopt;
}

std::optional<CombatResultsTable> CombatResultsTable::parse(std::string_view text, const std::string& file,
                                                            std::vector<DataError>& errors) {
  const std::size_t before = errors.size();
  const TsvTable table = TsvTable::parse(text, file, errors);
  CombatResultsTable crt;
  for (int i = 0; i < kOddsColumns; ++i) {
    if (!table.column(kColumnNames[static_cast<std::size_t>(i)])) {
      errors.push_back(
          {file, 1, "missing odds column " + std::string(kColumnNames[static_cast<std::size_t>(i)])});
    }
  }
  if (!table.column("die")) errors.push_back({file, 1, "missing column 'die'"});
  if (errors.size() != before) return std::nullopt;
  std::array<bool, 6> seen{};
  for (const TsvRow& row : table.rows()) {
    const auto die = parse_count(table.cell(row, "die"));
    if (!die || *die < 1 || *die > 6) {
      errors.push_back({file, row.line, "die must be 1-6"});
      continue;
    }
    if (seen[static_cast<std::size_t>(*die - 1)])
      errors.push_back({file, row.line, "second row for die " + std::to_string(*die)});
    seen[static_cast<std::size_t>(*die - 1)] = true;
    for (int i = 0; i < kOddsColumns; ++i) {
      const std::string cell = table.cell(row, kColumnNames[static_cast<std::size_t>(i)]);
      const auto result = result_from_string(cell);
      if (!result) {
        errors.push_back({file, row.line, "unknown result '" + cell + "' (Ae, Ar, Ex, Dr, De)"});
        continue;
      }
      crt.cells_[static_cast<std::size_t>(*die - 1)][static_cast<std::size_t>(i)] = *result;
    }
  }
  for (int die = 1; die <= 6; ++die)
    if (!seen[static_cast<std::size_t>(die - 1)])
      errors.push_back({file, 0, "no row for die " + std::to_string(die)});
  if (errors.size() != before) return std::nullopt;
  return crt;
}

CombatResult CombatResultsTable::result(OddsColumn column, int die) const {
  return cells_[static_cast<std::size_t>(die - 1)][static_cast<std::size_t>(column.index)];
}

}  // namespace hd::engine
