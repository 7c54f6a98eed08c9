// The game screen's translucent marks on whole hexes (reachable, retreat or advance, command range)
// and the selected hex's outline. Shared by the game screen and the legend, so the legend's samples
// are the map's own drawing.
#pragma once

#include <hd/engine/board/hex.hpp>
#include <hd/engine/board/hex_layout.hpp>

#include <SFML/Graphics/RenderTarget.hpp>

namespace hd::client {

enum class HexHighlight {
  Reachable,         // the selected unit may move there (kReachable, kOverlayAlpha)
  RetreatOrAdvance,  // a legal retreat or advance hex (kRetreatHex, kOverlayAlpha)
  CommandRange,      // within the selected leader's command range, 11.2 (kCommandRange, faint)
  Observed,          // observed by the player's side now, 16.3 (kObserved, light)
  Selected,          // the selected hex: a yellow outline, no fill (kSelection)
};

// Draws `kind` over `hex` as `layout` places it.
void paint_hex_highlight(sf::RenderTarget& target, const engine::HexLayout& layout, engine::Hex hex,
                         HexHighlight kind);

}  // namespace hd::client
