#include "view/map_sample.hpp"

#include "view/counter_painter.hpp"
#include "view/hex_highlight.hpp"
#include "view/hidden_marker_painter.hpp"
#include "view/map_palette.hpp"
#include "view/map_stacks.hpp"
#include "view/move_trail_painter.hpp"
#include "view/terrain_painter.hpp"

#include <hd/engine/board/game_map.hpp>

#include <optional>

namespace hd::client {
namespace {

using engine::Hex;

// A layout of hex width `width` that puts `anchor` (a point of the layout with its origin at 0, 0)
// at `centre`.
engine::HexLayout layout_at(double width, engine::Point anchor, HelpPoint centre) {
  return engine::HexLayout(width, {centre.x - anchor.x, centre.y - anchor.y});
}

// One hex of `terrain` centred on `centre`; `in_play` false greys it as outside the playing area.
engine::HexLayout paint_hex(sf::RenderTarget& target, engine::HexTerrain terrain, HelpPoint centre,
                            const sf::Font& font, bool in_play = true) {
  engine::GameMap map({1, 1});
  map.set_terrain({1, 1}, terrain);
  const auto layout =
      layout_at(kSampleHexWidth, engine::HexLayout(kSampleHexWidth, {}).centre({1, 1}), centre);
  TerrainPaintOptions options;
  options.labels = false;
  if (!in_play) options.area = engine::PlayingArea{2, 2, 2, 2};
  paint_terrain(target, map, layout, font, options);
  return layout;
}

// Two clear hexes, (1,1) and (2,1), with `feature` on their common side and `path` across it;
// returns their layout.
engine::HexLayout paint_side(sf::RenderTarget& target, std::optional<engine::HexsideFeature> feature,
                             engine::PathKind path, HelpPoint centre, const sf::Font& font,
                             bool bridge = false) {
  engine::GameMap map({2, 1});
  const Hex a{1, 1};
  const Hex b{2, 1};
  const auto side = engine::Hexside::between(a, b);
  if (feature) map.add_hexside_feature(*side, *feature);
  if (bridge) map.add_hexside_feature(*side, engine::HexsideFeature::Bridge);
  if (path != engine::PathKind::None) map.add_path(*side, path);
  const engine::HexLayout origin(kSampleSideHexWidth, {});
  const auto ca = origin.centre(a);
  const auto cb = origin.centre(b);
  const auto layout = layout_at(kSampleSideHexWidth, {(ca.x + cb.x) / 2, (ca.y + cb.y) / 2}, centre);
  TerrainPaintOptions options;
  options.labels = false;
  paint_terrain(target, map, layout, font, options);
  return layout;
}

CounterFace french_infantry() {
  CounterFace face;
  face.army = engine::Army::French;
  face.type = engine::UnitType::Infantry;
  face.id = "2/II";
  face.strength = 6;
  face.movement = 4;
  return face;
}

}  // namespace

void paint_map_sample(sf::RenderTarget& target, MapSample sample, HelpPoint centre, const sf::Font& font) {
  const sf::Vector2f at(centre.x, centre.y);
  const auto counter = [&](CounterFace face) { paint_counter_face(target, face, at, kSampleCounter, font); };
  const auto marked = [&](auto&& change) {
    CounterFace face = french_infantry();
    change(face);
    counter(face);
  };
  const auto highlight = [&](HexHighlight kind) {
    const auto layout = paint_hex(target, engine::HexTerrain::Clear, centre, font);
    paint_hex_highlight(target, layout, {1, 1}, kind);
  };
  switch (sample) {
    case MapSample::None:
      return;
    case MapSample::Clear:
      paint_hex(target, engine::HexTerrain::Clear, centre, font);
      return;
    case MapSample::Forest:
      paint_hex(target, engine::HexTerrain::Forest, centre, font);
      return;
    case MapSample::Marsh:
      paint_hex(target, engine::HexTerrain::Marsh, centre, font);
      return;
    case MapSample::Town:
      paint_hex(target, engine::HexTerrain::Town, centre, font);
      return;
    case MapSample::Chateau:
      paint_hex(target, engine::HexTerrain::Chateau, centre, font);
      return;
    case MapSample::OutOfPlay:
      paint_hex(target, engine::HexTerrain::Clear, centre, font, false);
      return;
    case MapSample::Road:
      paint_side(target, std::nullopt, engine::PathKind::Road, centre, font);
      return;
    case MapSample::Trail:
      paint_side(target, std::nullopt, engine::PathKind::Trail, centre, font);
      return;
    case MapSample::Stream:
      paint_side(target, engine::HexsideFeature::Stream, engine::PathKind::None, centre, font);
      return;
    case MapSample::River:
      paint_side(target, engine::HexsideFeature::River, engine::PathKind::None, centre, font);
      return;
    case MapSample::Bridge:
      paint_side(target, engine::HexsideFeature::River, engine::PathKind::Road, centre, font, true);
      return;
    case MapSample::Crest:
      paint_side(target, engine::HexsideFeature::Crest, engine::PathKind::None, centre, font);
      return;
    case MapSample::Lake:
      paint_side(target, engine::HexsideFeature::Lake, engine::PathKind::None, centre, font);
      return;
    case MapSample::Infantry:
    case MapSample::French:
      counter(french_infantry());
      return;
    case MapSample::Cavalry:
      marked([](CounterFace& f) {
        f.type = engine::UnitType::Cavalry;
        f.id = "3C";
        f.movement = 6;
      });
      return;
    case MapSample::Artillery:
      marked([](CounterFace& f) {
        f.type = engine::UnitType::FootArtillery;
        f.id = "1A";
        f.strength = 3;
      });
      return;
    case MapSample::SupplyTrain:
      marked([](CounterFace& f) {
        f.type = engine::UnitType::SupplyTrain;
        f.id = "ST";
        f.strength = 1;
      });
      return;
    case MapSample::Leader:
      marked([](CounterFace& f) {
        f.type = engine::UnitType::Leader;
        f.id = "Ney";
      });
      return;
    case MapSample::InactiveLeader:
      marked([](CounterFace& f) {
        f.type = engine::UnitType::Leader;
        f.id = "Ney";
        f.inactive = true;
      });
      return;
    case MapSample::Prussian:
      marked([](CounterFace& f) {
        f.army = engine::Army::Prussian;
        f.id = "5/I";
      });
      return;
    case MapSample::Allied:
      marked([](CounterFace& f) {
        f.army = engine::Army::Allied;
        f.id = "Pic";
      });
      return;
    case MapSample::Reduced:
      marked([](CounterFace& f) {
        f.reduced = true;
        f.strength = 3;
      });
      return;
    case MapSample::OutOfCommand:
      marked([](CounterFace& f) { f.out_of_command = true; });
      return;
    case MapSample::Demoralized:
      marked([](CounterFace& f) { f.corps_demoralized = true; });
      return;
    case MapSample::Moved:
      marked([](CounterFace& f) { f.moved = true; });
      return;
    case MapSample::LastSeen:  // 16.3: faded, tagged with the turn it was seen in (map_stacks)
      marked([](CounterFace& f) {
        f.army = engine::Army::Allied;
        f.id = "Pic";
        f.faded = true;
      });
      paint_last_seen_tag(target, "seen 1400", at + sf::Vector2f(0, kSampleCounter * 0.5f + 2.0f),
                          kSampleCounter, font);
      return;
    case MapSample::HiddenMarker: {  // 16.6: an Allied pair's marker A, its band cream (which is real
                                     // unknown)
      hundred_days::v1::HiddenMarker marker;
      marker.set_army(hundred_days::v1::ARMY_ALLIED);
      marker.set_pair(3);
      paint_hidden_marker(target, marker, at, kSampleCounter, font);
      return;
    }
    case MapSample::Reachable:
      highlight(HexHighlight::Reachable);
      return;
    case MapSample::RetreatOrAdvance:
      highlight(HexHighlight::RetreatOrAdvance);
      return;
    case MapSample::CommandRange:
      highlight(HexHighlight::CommandRange);
      return;
    case MapSample::Observed:  // 16.3: the F key's light shading
      highlight(HexHighlight::Observed);
      return;
    case MapSample::SelectedHex:
      highlight(HexHighlight::Selected);
      return;
    case MapSample::SelectedUnit:
      counter(french_infantry());
      paint_counter_frame(target, at, kSampleCounter, palette::kSelection);
      return;
    case MapSample::Attacker:
      counter(french_infantry());
      paint_counter_frame(target, at, kSampleCounter, palette::kAttacker);
      return;
    case MapSample::Defender:
      marked([](CounterFace& f) {
        f.army = engine::Army::Allied;
        f.id = "Pic";
      });
      paint_counter_frame(target, at, kSampleCounter, palette::kDefender);
      return;
    case MapSample::Bombarding:
      marked([](CounterFace& f) {
        f.type = engine::UnitType::FootArtillery;
        f.id = "1A";
        f.strength = 3;
      });
      paint_counter_frame(target, at, kSampleCounter, palette::kBombard);
      return;
    case MapSample::MustAttack:
      counter(french_infantry());
      paint_counter_dot(target, at, kSampleCounter, palette::kAttacker);
      return;
    case MapSample::MustBeAttacked:
      marked([](CounterFace& f) {
        f.army = engine::Army::Allied;
        f.id = "Pic";
      });
      paint_counter_dot(target, at, kSampleCounter, palette::kDefender);
      return;
    case MapSample::LastMove:
      paint_move_trail(target, paint_side(target, std::nullopt, engine::PathKind::None, centre, font),
                       {{1, 1}, {2, 1}});
      return;
  }
}

}  // namespace hd::client
