// state_hash: FNV-1a, 64 bits, over the field walk (field_walk.hpp) of the state, the rules
// version and the rules in force.
#include <hd/engine/state/field_walk.hpp>
#include <hd/engine/state/rules_version.hpp>

namespace hd::engine {
namespace {

class Hasher {
 public:
  static constexpr bool kReads = false;

  void enter(FieldName) {}
  void leave() {}
  std::size_t count(FieldName, std::size_t n) {
    add(n);
    return n;
  }
  bool presence(FieldName, bool present) {
    add(present ? 1u : 0u);
    return present;
  }
  void leaf(FieldName, const std::string& text) { add_text(text); }
  void leaf(FieldName, const std::shared_ptr<const Ruleset>& rules) {
    add(static_cast<std::uint64_t>(kRulesVersion));
    add_text(rules ? rules_identity(*rules) : std::string());
  }
  template <class L>
  void leaf(FieldName, const L& value) {
    if constexpr (std::is_enum_v<L>) {
      add(static_cast<std::uint64_t>(value));
    } else {
      add(static_cast<std::uint64_t>(static_cast<std::int64_t>(value)));
    }
  }
  std::uint64_t value() const { return hash_; }

 private:
  void add(std::uint64_t value) {
    for (int i = 0; i < 8; ++i) {
      hash_ ^= (value >> (8 * i)) & 0xff;
      hash_ *= 1099511628211ull;
    }
  }
  void add_text(std::string_view text) {
    add(text.size());
    for (unsigned char c : text) {
      hash_ ^= c;
      hash_ *= 1099511628211ull;
    }
  }
  std::uint64_t hash_ = 14695981039346656037ull;
};

}  // namespace

std::uint64_t state_hash(const GameState& state) {
  Hasher hasher;
  walk(hasher, FieldName{"state"}, state);
  return hasher.value();
}

}  // namespace hd::engine
