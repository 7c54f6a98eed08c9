#include <hd/engine/board/army.hpp>

namespace hd::engine {

std::string_view to_string(Army army) {
  switch (army) {
    case Army::French:
      return "french";
    case Army::Prussian:
      return "prussian";
    case Army::Allied:
      return "allied";
  }
  return "?";
}

std::string_view to_string(Side side) {
  return side == Side::French ? "french" : "coalition";
}

std::optional<Army> army_from_string(std::string_view text) {
  if (text == "french") return Army::French;
  if (text == "prussian") return Army::Prussian;
  if (text == "allied") return Army::Allied;
  return std::nullopt;
}

}  // namespace hd::engine
