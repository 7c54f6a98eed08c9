#include <hd/term/standing_orders_text.hpp>
#include <hd/term/state_text.hpp>

#include <algorithm>
#include <optional>
#include <sstream>

namespace hd::term {

namespace v1 = hundred_days::v1;

namespace {

const char* const kUsage =
    "usage: orders | orders UNIT [retreat HEX...] [toward HEX] [advance|hold] | orders clear UNIT";

// "1207": column 12, row 7.
std::optional<v1::HexCoord> hex_from(const std::string& text) {
  if (text.size() != 4 || text.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  v1::HexCoord hex;
  hex.set_column(static_cast<std::uint32_t>(std::stoul(text.substr(0, 2))));
  hex.set_row(static_cast<std::uint32_t>(std::stoul(text.substr(2, 2))));
  return hex;
}

std::optional<std::uint32_t> unit_from(const std::string& id, const v1::GameView& view) {
  const auto& units = view.units();
  const auto unit = std::find_if(units.begin(), units.end(), [&](const v1::Unit& u) { return u.id() == id; });
  if (unit == units.end()) return std::nullopt;
  return unit->index();
}

std::string unit_name(std::uint32_t index, const v1::GameView& view) {
  const auto& units = view.units();
  const auto unit =
      std::find_if(units.begin(), units.end(), [&](const v1::Unit& u) { return u.index() == index; });
  return unit != units.end() ? unit->id() : "unit " + std::to_string(index);
}

}  // namespace

std::variant<v1::SetStandingOrders, std::string> parse_orders_command(std::uint64_t game_id,
                                                                      const std::vector<std::string>& words,
                                                                      const v1::GameView& view) {
  v1::SetStandingOrders set;
  set.set_game_id(game_id);
  if (words.empty()) return std::string(kUsage);
  if (words[0] == "clear") {
    if (words.size() != 2) return std::string(kUsage);
    const auto unit = unit_from(words[1], view);
    if (!unit) return "no unit " + words[1] + " in this game";
    set.add_clear_units(*unit);
    return set;
  }
  const auto unit = unit_from(words[0], view);
  if (!unit) return "no unit " + words[0] + " in this game";
  v1::StandingOrder& order = *set.add_orders();
  order.set_unit(*unit);
  enum class Reading { Nothing, Retreat, Toward } reading = Reading::Nothing;
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word == "retreat") {
      reading = Reading::Retreat;
    } else if (word == "toward") {
      reading = Reading::Toward;
    } else if (word == "advance" || word == "hold") {
      order.set_advance(word == "advance");
      reading = Reading::Nothing;
    } else if (const auto hex = hex_from(word); hex && reading == Reading::Retreat) {
      *order.add_retreat_hexes() = *hex;
    } else if (hex && reading == Reading::Toward && !order.has_retreat_toward()) {
      *order.mutable_retreat_toward() = *hex;
      reading = Reading::Nothing;
    } else {
      return "'" + word + "' is not understood here; " + kUsage;
    }
  }
  return set;
}

std::string format_standing_orders(const v1::StandingOrders& orders, const v1::GameView& view) {
  if (orders.orders().empty()) return "no standing orders\n";
  std::ostringstream out;
  for (const v1::StandingOrder& order : orders.orders()) {
    out << unit_name(order.unit(), view) << ":";
    if (!order.retreat_hexes().empty()) {
      out << " retreat";
      for (const v1::HexCoord& hex : order.retreat_hexes())
        out << " " << hex_text(hex);
      out << ",";
    }
    if (order.has_retreat_toward()) out << " toward " << hex_text(order.retreat_toward()) << ",";
    out << (order.advance() ? " advance" : " hold") << "\n";
  }
  return out.str();
}

}  // namespace hd::term
