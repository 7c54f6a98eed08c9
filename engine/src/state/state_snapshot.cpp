#include <hd/engine/state/state_snapshot.hpp>

#include <charconv>
#include <cstdint>

namespace hd::engine {

namespace {

constexpr std::string_view kVersion = "hd-state-2";  // 2: UnitState::advanced (6.7C)

// A field added to these structs must be written and read here too: their sizes (x86-64,
// libstdc++) stop the build until this file is updated.
static_assert(sizeof(UnitState) == 192, "UnitState changed: update snapshot_state and restore_state");
static_assert(sizeof(GameState) == 480, "GameState changed: update snapshot_state and restore_state");

// Space-separated tokens.
class Writer {
 public:
  void number(long long value) { token(std::to_string(value)); }
  void flag(bool value) { token(value ? "1" : "0"); }
  // "s" then the bytes, with space, control bytes, '%' and bytes >= 0x7f as %hh.
  void text(const std::string& value) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string escaped = "s";
    for (char c : value) {
      const auto byte = static_cast<unsigned char>(c);
      if (byte <= ' ' || c == '%' || byte >= 0x7f) {
        escaped += '%';
        escaped += kHex[byte >> 4];
        escaped += kHex[byte & 15];
      } else {
        escaped += c;
      }
    }
    token(escaped);
  }
  void hex(Hex value) {
    number(value.column);
    number(value.row);
  }
  void hexes(const std::vector<Hex>& values) {
    number(static_cast<long long>(values.size()));
    for (Hex value : values)
      hex(value);
  }
  void units(const std::vector<UnitIndex>& values) {
    number(static_cast<long long>(values.size()));
    for (UnitIndex value : values)
      number(value);
  }
  void token(std::string_view value) {
    if (!out_.empty()) out_ += ' ';
    out_ += value;
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

// Reads Writer's tokens; any malformed or out-of-range token makes ok() false for good.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  std::string_view token() {
    skip_spaces();
    const std::size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != ' ')
      ++pos_;
    if (start == pos_) ok_ = false;
    return text_.substr(start, pos_ - start);
  }
  long long number(long long low, long long high) {
    const std::string_view t = token();
    long long value = 0;
    const auto [end, error] = std::from_chars(t.data(), t.data() + t.size(), value);
    if (error != std::errc{} || end != t.data() + t.size() || value < low || value > high) ok_ = false;
    return ok_ ? value : low;
  }
  int integer() { return static_cast<int>(number(-1000000000, 1000000000)); }
  bool flag() { return number(0, 1) == 1; }
  template <typename Enum>
  Enum choice(Enum last) {
    return static_cast<Enum>(number(0, static_cast<long long>(last)));
  }
  std::string text() {
    const std::string_view t = token();
    if (t.empty() || t[0] != 's') ok_ = false;
    std::string value;
    for (std::size_t i = 1; ok_ && i < t.size(); ++i) {
      if (t[i] != '%') {
        value += t[i];
        continue;
      }
      if (i + 2 >= t.size()) {
        ok_ = false;
        break;
      }
      int byte = 0;
      const auto [end, error] = std::from_chars(t.data() + i + 1, t.data() + i + 3, byte, 16);
      if (error != std::errc{} || end != t.data() + i + 3) ok_ = false;
      value += static_cast<char>(byte);
      i += 2;
    }
    return value;
  }
  Hex hex() {
    Hex value;
    value.column = integer();
    value.row = integer();
    return value;
  }
  std::size_t count() { return static_cast<std::size_t>(number(0, 100000)); }
  std::vector<Hex> hexes() {
    std::vector<Hex> values(count());
    for (Hex& value : values)
      value = hex();
    return values;
  }
  std::vector<UnitIndex> units(std::size_t unit_count) {
    std::vector<UnitIndex> values(count());
    for (UnitIndex& value : values)
      value = static_cast<UnitIndex>(number(0, static_cast<long long>(unit_count) - 1));
    return values;
  }
  bool ok() const { return ok_; }
  bool at_end() {
    skip_spaces();
    return pos_ == text_.size();
  }

 private:
  void skip_spaces() {
    while (pos_ < text_.size() && text_[pos_] == ' ')
      ++pos_;
  }
  std::string_view text_;
  std::size_t pos_ = 0;
  bool ok_ = true;
};

}  // namespace

std::string snapshot_state(const GameState& state) {
  Writer out;
  out.token(kVersion);
  out.number(state.turn);
  out.number(static_cast<int>(state.phasing));
  out.number(static_cast<int>(state.phase));
  out.number(static_cast<long long>(state.units.size()));
  for (const UnitState& unit : state.units) {
    out.text(unit.id);
    out.number(static_cast<int>(unit.army));
    out.number(static_cast<int>(unit.type));
    out.text(unit.command);
    out.number(unit.full_strength);
    out.number(unit.reduced_strength);
    out.number(unit.movement);
    out.flag(unit.reduced);
    out.number(static_cast<int>(unit.status));
    out.hex(unit.hex);
    out.number(unit.arrival_turn);
    out.hexes(unit.entry_hexes);
    out.flag(unit.half_movement_entry);
    out.flag(unit.immobile);
    out.flag(unit.unstacked_entry);
    out.text(unit.secret_option);
    out.hex(unit.setup_hex);
    out.number(unit.setup_radius);
    out.flag(unit.setup_unstacked);
    out.flag(unit.moved);
    out.flag(unit.fought);
    out.flag(unit.must_fight);
    out.flag(unit.may_not_fire);
    out.flag(unit.advanced);
    out.number(unit.displaced_by_combat);
  }
  for (std::size_t army = 0; army < 3; ++army) {
    out.number(state.eliminated_strength[army]);
    out.flag(state.demoralized[army]);
    out.flag(state.disintegrated[army]);
    out.number(state.demoralization_reduction[army]);
  }
  out.number(static_cast<long long>(state.control.size()));
  for (const auto& [hex, side] : state.control) {
    out.hex(hex);
    out.number(static_cast<int>(side));
  }
  out.number(static_cast<long long>(state.entries_this_phase.size()));
  for (const auto& [hex, count] : state.entries_this_phase) {
    out.hex(hex);
    out.number(count);
  }
  out.number(static_cast<long long>(state.pending_retreats.size()));
  for (const PendingRetreat& retreat : state.pending_retreats) {
    out.number(retreat.unit);
    out.number(retreat.combat);
    out.flag(retreat.may_stay);
  }
  out.flag(state.pending_advance.has_value());
  if (state.pending_advance) {
    out.number(static_cast<int>(state.pending_advance->side));
    out.units(state.pending_advance->candidates);
    out.hexes(state.pending_advance->vacated);
  }
  out.flag(state.pending_exchange.has_value());
  if (state.pending_exchange) {
    out.number(static_cast<int>(state.pending_exchange->side));
    out.number(state.pending_exchange->combat);
    out.number(state.pending_exchange->loss);
    out.units(state.pending_exchange->candidates);
    out.hexes(state.pending_exchange->vacated);
  }
  out.number(state.combats_this_phase);
  out.number(state.exited_strength[0]);
  out.number(state.exited_strength[1]);
  out.flag(state.result.has_value());
  if (state.result) {
    out.number(state.result->winner ? static_cast<int>(*state.result->winner) + 1 : 0);
    out.text(state.result->level);
    out.text(state.result->text);
  }
  out.number(state.special_vp[0]);
  out.number(state.special_vp[1]);
  out.number(static_cast<long long>(state.special_triggers.size()));
  for (const std::string& trigger : state.special_triggers)
    out.text(trigger);
  out.number(static_cast<long long>(state.actions_applied));
  return out.take();
}

std::optional<GameState> restore_state(const GameState& base, std::string_view text) {
  if (!base.rules) return std::nullopt;
  Reader in(text);
  if (in.token() != kVersion) return std::nullopt;
  GameState state;
  state.rules = base.rules;
  state.turn = static_cast<int>(in.number(0, static_cast<long long>(base.rules->turns.size()) - 1));
  state.phasing = in.choice(Side::Coalition);
  state.phase = in.choice(Phase::Setup);
  const std::size_t unit_count = in.count();
  if (!in.ok() || unit_count != base.units.size()) return std::nullopt;
  state.units.resize(unit_count);
  for (std::size_t i = 0; i < unit_count && in.ok(); ++i) {
    UnitState& unit = state.units[i];
    unit.id = in.text();
    unit.army = in.choice(Army::Allied);
    unit.type = in.choice(UnitType::Rifles);
    if (unit.id != base.units[i].id || unit.army != base.units[i].army) return std::nullopt;
    unit.command = in.text();
    unit.full_strength = in.integer();
    unit.reduced_strength = in.integer();
    unit.movement = in.integer();
    unit.reduced = in.flag();
    unit.status = in.choice(UnitStatus::Exited);
    unit.hex = in.hex();
    unit.arrival_turn = in.integer();
    unit.entry_hexes = in.hexes();
    unit.half_movement_entry = in.flag();
    unit.immobile = in.flag();
    unit.unstacked_entry = in.flag();
    unit.secret_option = in.text();
    unit.setup_hex = in.hex();
    unit.setup_radius = in.integer();
    unit.setup_unstacked = in.flag();
    unit.moved = in.flag();
    unit.fought = in.flag();
    unit.must_fight = in.flag();
    unit.may_not_fire = in.flag();
    unit.advanced = in.flag();
    unit.displaced_by_combat = in.integer();
  }
  for (std::size_t army = 0; army < 3; ++army) {
    state.eliminated_strength[army] = in.integer();
    state.demoralized[army] = in.flag();
    state.disintegrated[army] = in.flag();
    state.demoralization_reduction[army] = in.integer();
  }
  for (std::size_t n = in.count(); n > 0 && in.ok(); --n) {
    const Hex hex = in.hex();
    state.control[hex] = in.choice(Side::Coalition);
  }
  for (std::size_t n = in.count(); n > 0 && in.ok(); --n) {
    const Hex hex = in.hex();
    state.entries_this_phase[hex] = in.integer();
  }
  for (std::size_t n = in.count(); n > 0 && in.ok(); --n) {
    PendingRetreat retreat;
    retreat.unit = static_cast<UnitIndex>(in.number(0, static_cast<long long>(unit_count) - 1));
    retreat.combat = in.integer();
    retreat.may_stay = in.flag();
    state.pending_retreats.push_back(retreat);
  }
  if (in.flag()) {
    PendingAdvance advance;
    advance.side = in.choice(Side::Coalition);
    advance.candidates = in.units(unit_count);
    advance.vacated = in.hexes();
    state.pending_advance = std::move(advance);
  }
  if (in.flag()) {
    PendingExchange exchange;
    exchange.side = in.choice(Side::Coalition);
    exchange.combat = in.integer();
    exchange.loss = in.integer();
    exchange.candidates = in.units(unit_count);
    exchange.vacated = in.hexes();
    state.pending_exchange = std::move(exchange);
  }
  state.combats_this_phase = in.integer();
  state.exited_strength[0] = in.integer();
  state.exited_strength[1] = in.integer();
  if (in.flag()) {
    GameResult result;
    const long long winner = in.number(0, 2);
    if (winner > 0) result.winner = static_cast<Side>(winner - 1);
    result.level = in.text();
    result.text = in.text();
    state.result = std::move(result);
  }
  state.special_vp[0] = in.integer();
  state.special_vp[1] = in.integer();
  for (std::size_t n = in.count(); n > 0 && in.ok(); --n)
    state.special_triggers.push_back(in.text());
  state.actions_applied = static_cast<std::uint64_t>(in.number(0, 1000000000000LL));
  if (!in.ok() || !in.at_end()) return std::nullopt;
  return state;
}

}  // namespace hd::engine
