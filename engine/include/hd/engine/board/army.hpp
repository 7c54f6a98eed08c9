// The three armies and the two sides of the campaign (1.0).
#pragma once

#include <optional>
#include <string_view>

namespace hd::engine {

// The French Army of the North, the Prussian Army of the Lower Rhine, the Allied Army of the Low
// Countries.
enum class Army { French, Prussian, Allied };

// The French player against the Coalition player (Prussians and Allies).
enum class Side { French, Coalition };

constexpr Side side_of(Army army) {
  return army == Army::French ? Side::French : Side::Coalition;
}

// The other side.
constexpr Side other(Side side) {
  return side == Side::French ? Side::Coalition : Side::French;
}

std::string_view to_string(Army army);
std::string_view to_string(Side side);
std::optional<Army> army_from_string(std::string_view text);

}  // namespace hd::engine
