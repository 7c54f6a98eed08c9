// Small builders of protocol messages for the client's model tests.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>

namespace hd::test {

// A HexCoord of `column` and `row` (the CCRR numbering's two halves).
inline hundred_days::v1::HexCoord coord(int column, int row) {
  hundred_days::v1::HexCoord result;
  result.set_column(static_cast<std::uint32_t>(column));
  result.set_row(static_cast<std::uint32_t>(row));
  return result;
}

}  // namespace hd::test
