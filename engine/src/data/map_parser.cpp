#include <hd/engine/data/map_parser.hpp>
#include <hd/engine/data/tsv.hpp>

#include <map>
#include <utility>

namespace hd::engine {
namespace {

struct KindInfo {
  std::string_view keyword;
  MapFeatureKind kind;
};

constexpr KindInfo kKinds[] = {
    {"forest", MapFeatureKind::Forest}, {"marsh", MapFeatureKind::Marsh},
    {"town", MapFeatureKind::Town},     {"chateau", MapFeatureKind::Chateau},
    {"road", MapFeatureKind::Road},     {"trail", MapFeatureKind::Trail},
    {"stream", MapFeatureKind::Stream}, {"river", MapFeatureKind::River},
    {"bridge", MapFeatureKind::Bridge}, {"crest", MapFeatureKind::Crest},
    {"lake", MapFeatureKind::Lake},     {"label", MapFeatureKind::Label},
    {"entry", MapFeatureKind::Entry},   {"exit", MapFeatureKind::Exit},
};

std::optional<MapFeatureKind> kind_of(std::string_view keyword) {
  for (const auto& info : kKinds)
    if (info.keyword == keyword) return info.kind;
  return std::nullopt;
}

std::optional<HexTerrain> terrain_of(MapFeatureKind kind) {
  switch (kind) {
    case MapFeatureKind::Forest:
      return HexTerrain::Forest;
    case MapFeatureKind::Marsh:
      return HexTerrain::Marsh;
    case MapFeatureKind::Town:
      return HexTerrain::Town;
    case MapFeatureKind::Chateau:
      return HexTerrain::Chateau;
    default:
      return std::nullopt;
  }
}

std::optional<HexsideFeature> side_feature_of(MapFeatureKind kind) {
  switch (kind) {
    case MapFeatureKind::Stream:
      return HexsideFeature::Stream;
    case MapFeatureKind::River:
      return HexsideFeature::River;
    case MapFeatureKind::Bridge:
      return HexsideFeature::Bridge;
    case MapFeatureKind::Crest:
      return HexsideFeature::Crest;
    case MapFeatureKind::Lake:
      return HexsideFeature::Lake;
    default:
      return std::nullopt;
  }
}

bool on_edge(Hex hex, GridBounds bounds) {
  return hex.column == 1 || hex.column == bounds.columns || hex.row == 1 || hex.row == bounds.rows;
}

// Builds the map statement by statement, collecting every error.
class MapBuilder {
 public:
  MapBuilder(const std::string& file, std::vector<DataError>& errors) : file_(file), errors_(errors) {}

  void statement(const Statement& s);
  std::optional<GameMap> finish();

 private:
  void error(int line, std::string message) { errors_.push_back({file_, line, std::move(message)}); }
  void header(const Statement& s);
  void feature(const Statement& s, MapFeatureKind kind);
  void supply(const Statement& s);
  // Items after the ':' of "keyword name : items"; nullopt (with an error) if the shape is wrong.
  std::optional<std::vector<Token>> items_after_colon(const Statement& s, std::size_t colon_at);
  bool check_hexes(int line, const std::vector<Hex>& hexes);

  const std::string& file_;
  std::vector<DataError>& errors_;
  std::optional<GameMap> map_;
  std::map<Hex, std::pair<HexTerrain, int>> terrain_lines_;  // hex -> (terrain, line that set it)
};

void MapBuilder::statement(const Statement& s) {
  const std::string& keyword = s.tokens.front().text;
  if (keyword == "map") return header(s);
  if (!map_) return error(s.line, "the first statement must be: map \"title\" COLUMNS ROWS");
  if (keyword == "north-map") return;  // which printed sheet owns the duplicated rows: a note for people
  if (keyword == "supply") return supply(s);
  if (const auto kind = kind_of(keyword)) return feature(s, *kind);
  error(s.line, "unknown statement '" + keyword + "'");
}

void MapBuilder::header(const Statement& s) {
  if (map_) return error(s.line, "a second map statement");
  if (s.tokens.size() != 4 || !s.tokens[1].quoted)
    return error(s.line, "expected: map \"title\" COLUMNS ROWS");
  const auto columns = parse_count(s.tokens[2].text);
  const auto rows = parse_count(s.tokens[3].text);
  if (!columns || !rows || *columns < 1 || *rows < 1 || *columns > 99 || *rows > 99) {
    return error(s.line, "bad grid size: columns and rows are 1 to 99 (2.2)");
  }
  map_.emplace(GridBounds{*columns, *rows});
  map_->set_title(s.tokens[1].text);
}

std::optional<std::vector<Token>> MapBuilder::items_after_colon(const Statement& s, std::size_t colon_at) {
  if (s.tokens.size() <= colon_at || s.tokens[colon_at].text != ":" || s.tokens[colon_at].quoted) {
    error(s.line, "expected ':' after '" + s.tokens[colon_at - 1].text + "'");
    return std::nullopt;
  }
  std::vector<Token> items(s.tokens.begin() + static_cast<long>(colon_at) + 1, s.tokens.end());
  if (items.empty()) {
    error(s.line, "nothing listed after ':'");
    return std::nullopt;
  }
  return items;
}

bool MapBuilder::check_hexes(int line, const std::vector<Hex>& hexes) {
  bool ok = true;
  for (Hex hex : hexes) {
    if (!map_->bounds().contains(hex)) {
      error(line, "hex " + format_hex(hex) + " is off the map");
      ok = false;
    }
  }
  return ok;
}

void MapBuilder::feature(const Statement& s, MapFeatureKind kind) {
  if (s.tokens.size() < 2 || !s.tokens[1].quoted)
    return error(s.line, "expected a quoted name after '" + s.tokens[0].text + "'");
  const auto items = items_after_colon(s, 2);
  if (!items) return;
  MapFeature feature{kind, s.tokens[1].text, {}, {}, s.line};

  if (const auto side_feature = side_feature_of(kind)) {
    for (const Token& item : *items) {
      const auto side = Hexside::parse(item.text);
      if (!side) {
        error(s.line, "expected a hexside AAAA/BBBB of two neighbouring hexes, found '" + item.text + "'");
        continue;
      }
      if (!map_->bounds().contains(side->first()) && !map_->bounds().contains(side->second())) {
        error(s.line, "hexside " + side->to_string() + " is off the map");
        continue;
      }
      map_->add_hexside_feature(*side, *side_feature);
      feature.sides.push_back(*side);
    }
    map_->add_feature(std::move(feature));
    return;
  }

  if (const auto message = parse_hex_items(*items, feature.hexes)) return error(s.line, *message);
  if (!check_hexes(s.line, feature.hexes)) return;

  if (const auto terrain = terrain_of(kind)) {
    if (kind == MapFeatureKind::Chateau && feature.hexes.size() != 1) error(s.line, "a chateau is one hex");
    for (Hex hex : feature.hexes) {
      const auto [it, inserted] = terrain_lines_.emplace(hex, std::make_pair(*terrain, s.line));
      if (!inserted) {
        error(s.line, "hex " + format_hex(hex) + " is already " + std::string(to_string(it->second.first)) +
                          " (line " + std::to_string(it->second.second) + ")");
        continue;
      }
      map_->set_terrain(hex, *terrain);
    }
  } else if (kind == MapFeatureKind::Road || kind == MapFeatureKind::Trail) {
    if (feature.hexes.size() < 2) error(s.line, "a path needs at least two hexes");
    for (std::size_t i = 1; i < feature.hexes.size(); ++i) {
      const auto side = Hexside::between(feature.hexes[i - 1], feature.hexes[i]);
      if (!side) {
        error(s.line, "path step " + format_hex(feature.hexes[i - 1]) + " -> " +
                          format_hex(feature.hexes[i]) + " is not between neighbouring hexes");
        continue;
      }
      map_->add_path(*side, kind == MapFeatureKind::Road ? PathKind::Road : PathKind::Trail);
    }
  } else if (kind == MapFeatureKind::Label && feature.hexes.size() != 1) {
    error(s.line, "a label names one hex");
  }
  map_->add_feature(std::move(feature));
}

void MapBuilder::supply(const Statement& s) {
  if (s.tokens.size() < 2) return error(s.line, "expected: supply ARMY : hexes");
  const auto army = army_from_string(s.tokens[1].text);
  if (!army) return error(s.line, "unknown army '" + s.tokens[1].text + "' (french, prussian, allied)");
  const auto items = items_after_colon(s, 2);
  if (!items) return;
  // Items: whole map edges (north-edge, south-edge, east-edge, west-edge) and single hexes.
  std::vector<Hex> hexes;
  std::vector<Token> hex_items;
  const GridBounds bounds = map_->bounds();
  for (const Token& item : *items) {
    if (item.text == "north-edge" || item.text == "south-edge") {
      const int row = item.text == "north-edge" ? 1 : bounds.rows;
      for (int c = 1; c <= bounds.columns; ++c)
        hexes.push_back({c, row});
    } else if (item.text == "west-edge" || item.text == "east-edge") {
      const int column = item.text == "west-edge" ? 1 : bounds.columns;
      for (int r = 1; r <= bounds.rows; ++r)
        hexes.push_back({column, r});
    } else {
      hex_items.push_back(item);
    }
  }
  if (const auto message = parse_hex_items(hex_items, hexes)) return error(s.line, *message);
  if (!check_hexes(s.line, hexes)) return;
  for (Hex hex : hexes)
    if (!on_edge(hex, map_->bounds()))
      error(s.line, "supply hex " + format_hex(hex) + " is not on the map edge");
  map_->set_supply_hexes(*army, std::move(hexes));
}

std::optional<GameMap> MapBuilder::finish() {
  if (!map_) {
    error(1, "no map statement");
    return std::nullopt;
  }
  // 5.2A: rivers are crossed only at bridges, and a bridge is a crossing of a river or a stream.
  for (const MapFeature& feature : map_->features()) {
    if (feature.kind == MapFeatureKind::Bridge) {
      for (const Hexside& side : feature.sides) {
        const auto features = map_->hexside(side);
        if (!features.has(HexsideFeature::River) && !features.has(HexsideFeature::Stream)) {
          error(feature.line, "bridge " + side.to_string() + " is on no river or stream");
        }
      }
    }
    if (feature.kind == MapFeatureKind::Road) {
      for (std::size_t i = 1; i < feature.hexes.size(); ++i) {
        const auto side = Hexside::between(feature.hexes[i - 1], feature.hexes[i]);
        if (!side) continue;
        const auto features = map_->hexside(*side);
        if (features.has(HexsideFeature::River) && !features.has(HexsideFeature::Bridge)) {
          error(feature.line, "road '" + feature.name + "' crosses river hexside " + side->to_string() +
                                  " without a bridge");
        }
        if (features.has(HexsideFeature::Lake)) {
          error(feature.line, "road '" + feature.name + "' crosses lake hexside " + side->to_string());
        }
      }
    }
  }
  return std::move(map_);
}

}  // namespace

MapParseResult parse_map(std::string_view text, const std::string& file_name) {
  MapParseResult result;
  const auto statements = split_statements(text, file_name, result.errors);
  MapBuilder builder(file_name, result.errors);
  for (const Statement& s : statements)
    builder.statement(s);
  auto map = builder.finish();
  if (result.errors.empty()) result.map = std::move(map);
  return result;
}

}  // namespace hd::engine
