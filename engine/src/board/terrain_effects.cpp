#include <hd/engine/board/terrain_effects.hpp>
#include <hd/engine/data/tsv.hpp>

#include <map>

namespace hd::engine {
namespace {

std::size_t hexside_slot(HexsideFeature feature) {
  switch (feature) {
    case HexsideFeature::Stream:
      return 0;
    case HexsideFeature::River:
      return 1;
    case HexsideFeature::Bridge:
      return 2;
    case HexsideFeature::Crest:
      return 3;
    case HexsideFeature::Lake:
      return 4;
  }
  return 0;
}

std::optional<CombatEffect> combat_from(std::string_view text) {
  static const std::map<std::string_view, CombatEffect> names{
      {"none", CombatEffect::None},
      {"cavalry_halved", CombatEffect::CavalryHalved},
      {"defender_doubled", CombatEffect::DefenderDoubled},
      {"defender_tripled_infantry", CombatEffect::DefenderTripledInfantry},
      {"doubled_if_all_across", CombatEffect::DoubledIfAllAcross},
      {"bridges_only", CombatEffect::BridgesOnly},
      {"no_attack", CombatEffect::NoAttack}};
  const auto found = names.find(text);
  return found == names.end() ? std::nullopt : std::optional(found->second);
}

std::optional<ZocEffect> zoc_from(std::string_view text) {
  if (text == "normal") return ZocEffect::Normal;
  if (text == "blocked") return ZocEffect::Blocked;
  if (text == "not_into") return ZocEffect::NotInto;
  return std::nullopt;
}

std::optional<SightEffect> sight_from(std::string_view text) {
  if (text == "clear") return SightEffect::Clear;
  if (text == "blocks") return SightEffect::Blocks;
  return std::nullopt;
}

}  // namespace

const TerrainEffect& TerrainEffects::hexside(HexsideFeature feature) const {
  return hexsides_[hexside_slot(feature)];
}

std::optional<TerrainEffects> TerrainEffects::parse(std::string_view text, const std::string& file,
                                                    std::vector<DataError>& errors) {
  const std::size_t before = errors.size();
  const TsvTable table = TsvTable::parse(text, file, errors);
  for (auto name : {"feature", "kind", "foot", "mounted", "combat", "zoc", "los", "provenance"}) {
    if (!table.column(name)) errors.push_back({file, 1, "missing column '" + std::string(name) + "'"});
  }
  if (errors.size() != before) return std::nullopt;

  TerrainEffects effects;
  std::map<std::string, int> seen;
  for (const TsvRow& row : table.rows()) {
    const auto fail = [&](const std::string& message) { errors.push_back({file, row.line, message}); };
    const std::string feature = table.cell(row, "feature");
    const std::string kind = table.cell(row, "kind");
    if (seen.count(feature)) {
      fail("second row for '" + feature + "' (first on line " + std::to_string(seen[feature]) + ")");
      continue;
    }
    seen[feature] = row.line;
    TerrainEffect effect;
    bool ok = true;
    for (auto [column, slot] : {std::pair{"foot", 0}, std::pair{"mounted", 1}}) {
      const std::string cell = table.cell(row, column);
      if (cell == "P") continue;
      const auto cost = parse_count(cell);
      if (!cost) {
        fail(std::string(column) + ": '" + cell + "' is neither a cost in half MP nor P");
        ok = false;
      }
      effect.half_mp[static_cast<std::size_t>(slot)] = cost;
    }
    const auto combat = combat_from(table.cell(row, "combat"));
    const auto zoc = zoc_from(table.cell(row, "zoc"));
    const auto sight = sight_from(table.cell(row, "los"));
    if (!combat) fail("unknown combat effect '" + table.cell(row, "combat") + "'");
    if (!zoc) fail("unknown zoc effect '" + table.cell(row, "zoc") + "'");
    if (!sight) fail("unknown los effect '" + table.cell(row, "los") + "'");
    if (!ok || !combat || !zoc || !sight) continue;
    effect.combat = *combat;
    effect.zoc = *zoc;
    effect.sight = *sight;
    effect.provenance = table.cell(row, "provenance");

    if (kind == "hex") {
      const auto terrain = hex_terrain_from_string(feature);
      if (!terrain) {
        fail("unknown hex terrain '" + feature + "'");
        continue;
      }
      effects.hexes_[static_cast<std::size_t>(*terrain)] = effect;
    } else if (kind == "hexside") {
      const auto side = hexside_feature_from_string(feature);
      if (!side) {
        fail("unknown hexside feature '" + feature + "'");
        continue;
      }
      effects.hexsides_[hexside_slot(*side)] = effect;
    } else if (kind == "path") {
      if (feature != "road" && feature != "trail") {
        fail("unknown path '" + feature + "'");
        continue;
      }
      effects.paths_[feature == "road" ? 0 : 1] = effect;
    } else {
      fail("kind must be hex, hexside or path");
    }
  }
  for (auto name : {"clear", "forest", "marsh", "town", "chateau", "road", "trail", "stream", "river",
                    "bridge", "crest", "lake"}) {
    if (!seen.count(name)) errors.push_back({file, 0, "no row for '" + std::string(name) + "'"});
  }
  if (errors.size() != before) return std::nullopt;
  return effects;
}

}  // namespace hd::engine
