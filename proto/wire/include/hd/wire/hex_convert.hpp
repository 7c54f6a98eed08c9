// Hexes between the engine and the wire.
#pragma once

#include <hd/engine/board/hex.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <optional>

namespace hd::wire {

hundred_days::v1::HexCoord to_proto(engine::Hex hex);

// nullopt unless the coordinate lies inside `bounds` (untrusted input is checked here).
std::optional<engine::Hex> from_proto(const hundred_days::v1::HexCoord& coord, engine::GridBounds bounds);

hundred_days::v1::GridSize to_proto(engine::GridBounds bounds);
engine::GridBounds from_proto(const hundred_days::v1::GridSize& size);

}  // namespace hd::wire
