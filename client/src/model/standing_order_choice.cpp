#include "model/standing_order_choice.hpp"

#include "model/game_model.hpp"

#include <hd/wire/hex_convert.hpp>

#include <algorithm>
#include <iterator>

namespace hd::client {

RetreatChoice next_retreat(RetreatChoice choice) {
  switch (choice.kind) {
    case RetreatChoice::Kind::Kept:
      return {RetreatChoice::Kind::None, engine::Direction::North, {}};
    case RetreatChoice::Kind::None:
      return {RetreatChoice::Kind::Toward, engine::kAllDirections.front(), {}};
    case RetreatChoice::Kind::Hexes:
      return {RetreatChoice::Kind::None, engine::Direction::North, {}};
    case RetreatChoice::Kind::Toward:
      break;
  }
  const auto at = std::find(engine::kAllDirections.begin(), engine::kAllDirections.end(), choice.direction);
  if (at == engine::kAllDirections.end() || std::next(at) == engine::kAllDirections.end())
    return {RetreatChoice::Kind::None, engine::Direction::North, {}};
  return {RetreatChoice::Kind::Toward, *std::next(at), {}};
}

std::optional<RetreatChoice> pick_retreat_hex(const RetreatChoice& choice, engine::Hex stack,
                                              engine::Hex picked) {
  if (!engine::adjacent(stack, picked)) return std::nullopt;  // 6.6: into an adjacent hex
  RetreatChoice out{RetreatChoice::Kind::Hexes, engine::Direction::North, {}};
  if (choice.kind == RetreatChoice::Kind::Hexes) out.hexes = choice.hexes;
  const auto known = std::find(out.hexes.begin(), out.hexes.end(), picked);
  if (known != out.hexes.end()) {
    out.hexes.erase(known);
    if (out.hexes.empty()) out.kind = RetreatChoice::Kind::None;
    return out;
  }
  out.hexes.push_back(picked);  // distinct neighbours: never more than six (the server's limit)
  return out;
}

engine::Hex toward_hex(engine::Hex from, engine::Direction direction) {
  engine::Hex at = from;
  for (int step = 0; step < kTowardReach; ++step) {
    const engine::Hex next = engine::neighbour(at, direction);
    if (!engine::kNlbGrid.contains(next)) break;
    at = next;
  }
  return at;
}

std::string direction_word(engine::Direction direction) {
  switch (direction) {
    case engine::Direction::North:
      return "north";
    case engine::Direction::NorthEast:
      return "north-east";
    case engine::Direction::SouthEast:
      return "south-east";
    case engine::Direction::South:
      return "south";
    case engine::Direction::SouthWest:
      return "south-west";
    case engine::Direction::NorthWest:
      return "north-west";
  }
  return "?";
}

pb::StandingOrder build_order(std::uint32_t unit, engine::Hex hex, RetreatChoice retreat, bool advance,
                              const pb::StandingOrder* held) {
  pb::StandingOrder order;
  if (retreat.kind == RetreatChoice::Kind::Kept && held != nullptr) order = *held;
  order.set_unit(unit);
  if (retreat.kind == RetreatChoice::Kind::Toward)
    *order.mutable_retreat_toward() = wire::to_proto(toward_hex(hex, retreat.direction));
  if (retreat.kind == RetreatChoice::Kind::Hexes)
    for (const engine::Hex picked : retreat.hexes)
      *order.add_retreat_hexes() = wire::to_proto(picked);
  order.set_advance(advance);
  return order;
}

std::string order_words(const pb::StandingOrder* order) {
  if (order == nullptr) return "no order";
  std::string words;
  for (const pb::HexCoord& coord : order->retreat_hexes()) {
    const auto hex = hex_of(coord);
    words += (words.empty() ? "retreat " : ", ") + (hex ? engine::format_hex(*hex) : std::string("?"));
  }
  if (order->has_retreat_toward()) {
    const auto hex = hex_of(order->retreat_toward());
    words += (words.empty() ? "" : "; ") + std::string("toward ") + (hex ? engine::format_hex(*hex) : "?");
  }
  if (words.empty()) words = "no retreat";
  return words + (order->advance() ? "; advance" : "; no advance");
}

std::string retreat_words(RetreatChoice retreat, engine::Hex hex) {
  switch (retreat.kind) {
    case RetreatChoice::Kind::Kept:
      return "as held";
    case RetreatChoice::Kind::None:
      return "none";
    case RetreatChoice::Kind::Hexes: {
      std::string words;
      for (const engine::Hex picked : retreat.hexes)
        words += (words.empty() ? "into " : ", else ") + engine::format_hex(picked);
      return words.empty() ? "none" : words;
    }
    case RetreatChoice::Kind::Toward:
      break;
  }
  return "toward the " + direction_word(retreat.direction) + " (" +
         engine::format_hex(toward_hex(hex, retreat.direction)) + ")";
}

}  // namespace hd::client
