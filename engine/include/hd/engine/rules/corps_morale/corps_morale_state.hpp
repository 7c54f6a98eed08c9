// 13.0's own state, in its slot of GameState::rule_state (state/rule_slots.hpp): the running losses
// and morale of each corps (13.1: each Allied nationality) that has had a loss, and the units
// reorganization returned to play (13.3: eliminated again, they count their full strength).
#pragma once

#include <hd/engine/state/field_walk.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace hd::engine {

inline constexpr std::string_view kCorpsMoraleRule = "13.0";

// 13.0: the running losses of one corps (13.1: of one Allied nationality) and its morale.
struct CorpsMorale {
  Army army = Army::French;
  std::string corps;  // the corps' command designation ("[1]", "[1c]", "[G]"), or an Allied nationality
  int losses = 0;     // strength points eliminated, less those reorganized (13.3)
  bool demoralized = false;
  bool operator==(const CorpsMorale&) const = default;
};

struct CorpsMoraleState {
  std::vector<CorpsMorale> corps;      // by army, then corps; a corps once it has a loss
  std::vector<UnitIndex> reorganized;  // 12.0, 13.3: units returned to play by reorganization, ascending
  bool operator==(const CorpsMoraleState&) const = default;
};

template <>
struct Fields<CorpsMorale> {
  using C = CorpsMorale;
  static constexpr auto list =
      std::make_tuple(field("army", &C::army), field("corps", &C::corps), field("losses", &C::losses),
                      field("demoralized", &C::demoralized));
};

template <>
struct Fields<CorpsMoraleState> {
  using C = CorpsMoraleState;
  static constexpr auto list =
      std::make_tuple(field("corps", &C::corps), field("reorganized", &C::reorganized));
};

}  // namespace hd::engine
