// The combat results table (6.4) and the odds columns it is read with (6.2).
#pragma once

#include <hd/engine/data/data_text.hpp>

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::engine {

// NoEffect is never on the table: a rule turns a result into it (16.15: "treated as no effect; both
// attacker and defender remain in place").
enum class CombatResult {
  AttackerEliminated,
  AttackerRetreat,
  Exchange,
  DefenderRetreat,
  DefenderEliminated,
  NoEffect
};

std::string_view to_string(CombatResult result);  // "Ae", "Ar", "Ex", "Dr", "De", "NE"

// One of the ten odds columns, 1-5 (index 0) .. 6-1 (index 9).
struct OddsColumn {
  int index = 0;
  std::string to_string() const;  // "1-5", "1-1", "6-1"
  friend auto operator<=>(const OddsColumn&, const OddsColumn&) = default;
};

inline constexpr int kOddsColumns = 10;

// The column for attack strength against defence strength: ratios rounded in the defender's favour
// and clamped to 1-5 .. 6-1 (6.2A, 6.2B). Requires attack > 0 and defence > 0.
OddsColumn odds_column(int attack, int defence);

// 6.2A's ratio, rounded off in the defender's favour: n for n-1 where the attack is at least the
// defence, else n for 1-n (both > 0).
struct OddsRatio {
  bool attacker_ahead = true;  // n-1; false: 1-n
  int n = 1;
};
OddsRatio odds_ratio(int attack, int defence);

// "3-1" -> the column; nullopt for anything not on the table.
std::optional<OddsColumn> parse_odds_column(std::string_view text);

class CombatResultsTable {
 public:
  // Parses scenarios/tables/crt.tsv: a header "die 1-5 ... 6-1" and one row per die roll 1-6.
  static std::optional<CombatResultsTable> parse(std::string_view text, const std::string& file,
                                                 std::vector<DataError>& errors);

  // The result for a die roll (1-6) in a column.
  CombatResult result(OddsColumn column, int die) const;

 private:
  std::array<std::array<CombatResult, kOddsColumns>, 6> cells_{};
};

}  // namespace hd::engine
