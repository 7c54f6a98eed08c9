#include <hd/engine/state/field_walk.hpp>
#include <hd/engine/state/rules_version.hpp>
#include <hd/engine/state/state_snapshot.hpp>

#include <charconv>
#include <cstdint>
#include <limits>

namespace hd::engine {

namespace {

// hd-state-1 listed its fields by hand; hd-state-2 is the field walk, after the rules version and
// the rules identity. A snapshot of another format is refused (the server then replays the log).
constexpr std::string_view kVersion = "hd-state-2";

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
  std::size_t count() { return static_cast<std::size_t>(number(0, 100000)); }
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

// Writes the walk as tokens: counts, presence flags and leaves; the ruleset as its identity.
class SnapshotWriter {
 public:
  static constexpr bool kReads = false;

  explicit SnapshotWriter(Writer& out) : out_(out) {}
  void enter(FieldName) {}
  void leave() {}
  std::size_t count(FieldName, std::size_t n) {
    out_.number(static_cast<long long>(n));
    return n;
  }
  bool presence(FieldName, bool present) {
    out_.flag(present);
    return present;
  }
  void leaf(FieldName, const std::string& text) { out_.text(text); }
  void leaf(FieldName, const std::shared_ptr<const Ruleset>& rules) {
    out_.text(rules ? rules_identity(*rules) : std::string());
  }
  template <class L>
  void leaf(FieldName, const L& value) {
    if constexpr (std::is_same_v<L, bool>) {
      out_.flag(value);
    } else {
      out_.number(static_cast<long long>(value));
    }
  }

 private:
  Writer& out_;
};

// Reads what SnapshotWriter wrote, every number within its type's range (enums within their
// values); the ruleset must have the identity of `rules` and is then taken from it.
class SnapshotReader {
 public:
  static constexpr bool kReads = true;

  SnapshotReader(Reader& in, std::shared_ptr<const Ruleset> rules) : in_(in), rules_(std::move(rules)) {}
  void enter(FieldName) {}
  void leave() {}
  std::size_t count(FieldName, std::size_t) { return in_.count(); }
  bool presence(FieldName, bool) { return in_.flag(); }
  void duplicate_key() { ok_ = false; }
  void mismatch() { ok_ = false; }
  void leaf(FieldName, std::string& text) { text = in_.text(); }
  void leaf(FieldName, std::shared_ptr<const Ruleset>& rules) {
    if (in_.text() != rules_identity(*rules_)) ok_ = false;
    rules = rules_;
  }
  template <class L>
  void leaf(FieldName, L& value) {
    if constexpr (std::is_same_v<L, bool>) {
      value = in_.flag();
    } else if constexpr (std::is_enum_v<L>) {
      value = in_.choice(last_value(L{}));
    } else if constexpr (std::is_same_v<L, int>) {
      value = in_.integer();
    } else {
      static_assert(std::is_unsigned_v<L>);
      constexpr long long kHigh =
          sizeof(L) < 8 ? static_cast<long long>(std::numeric_limits<L>::max()) : 1000000000000000LL;
      value = static_cast<L>(in_.number(0, kHigh));
    }
  }
  bool ok() const { return ok_ && in_.ok(); }

 private:
  Reader& in_;
  std::shared_ptr<const Ruleset> rules_;
  bool ok_ = true;
};

// True if every unit index of the state names one of its units.
bool unit_indices_valid(const GameState& state) {
  const auto valid = [&](UnitIndex unit) { return unit < state.units.size(); };
  for (const PendingRetreat& retreat : state.pending_retreats)
    if (!valid(retreat.unit)) return false;
  if (state.pending_advance)
    for (UnitIndex unit : state.pending_advance->candidates)
      if (!valid(unit)) return false;
  if (state.pending_exchange)
    for (UnitIndex unit : state.pending_exchange->candidates)
      if (!valid(unit)) return false;
  return true;
}

}  // namespace

std::string snapshot_state(const GameState& state) {
  Writer out;
  out.token(kVersion);
  out.number(kRulesVersion);
  SnapshotWriter writer(out);
  walk(writer, FieldName{"state"}, state);
  return out.take();
}

std::optional<GameState> restore_state(const GameState& base, std::string_view text) {
  if (!base.rules) return std::nullopt;
  Reader in(text);
  if (in.token() != kVersion) return std::nullopt;
  if (in.number(0, 1000000) != kRulesVersion) return std::nullopt;
  GameState state;
  state.rule_state = base.rule_state;  // the game's own slots, filled by the walk
  SnapshotReader reader(in, base.rules);
  walk(reader, FieldName{"state"}, state);
  if (!reader.ok() || !in.at_end()) return std::nullopt;
  // Of this game: its turns, its units in their order.
  if (state.turn < 0 || static_cast<std::size_t>(state.turn) >= base.rules->turns.size()) return std::nullopt;
  if (state.units.size() != base.units.size()) return std::nullopt;
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (state.units[i].id != base.units[i].id || state.units[i].army != base.units[i].army)
      return std::nullopt;
  if (!unit_indices_valid(state)) return std::nullopt;
  return state;
}

}  // namespace hd::engine
