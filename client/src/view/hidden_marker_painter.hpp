// 16.6 (issue 14): the hidden movement markers on the map, as the server shows them to this viewer.
// Each is a counter in its army's colour with "HM" above a band bearing its pair and letter ("3B").
// The band is cream where the viewer may not know which marker of the pair is real (the enemy's
// markers), gold on the owner's real marker and grey on its dummy. A pair being revealed (16.6C) is
// outlined in orange. Two markers in one hex are fanned down and right, clear of the units' stack.
#pragma once

#include "view/palette.hpp"

#include <hd/engine/board/hex_layout.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

#include <functional>
#include <optional>
#include <string>

namespace hd::client {

// The band's words: the pair's number and the marker's letter, "3B".
std::string hidden_marker_label(const hundred_days::v1::HiddenMarker& marker);

// One marker, `size` px square, centred on `centre`.
void paint_hidden_marker(sf::RenderTarget& target, const hundred_days::v1::HiddenMarker& marker,
                         sf::Vector2f centre, float size, const sf::Font& font);

// A screen's frame around a marker (16.6B: the one picked to move, as a selected unit's), or none.
using MarkerFrame = std::function<std::optional<palette::Rgb>(const hundred_days::v1::HiddenMarker&)>;

// Every marker of `view` whose hex is on screen (the map `map_size` px), each framed as `frame` says.
void paint_hidden_markers(sf::RenderTarget& target, const hundred_days::v1::GameView& view,
                          const engine::HexLayout& layout, const sf::Font& font, sf::Vector2f map_size,
                          const MarkerFrame& frame = {});

}  // namespace hd::client
