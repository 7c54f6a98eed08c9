// state_hash: over the field walk (field_walk.hpp) of the state, the rules version and the rules
// in force, one 64-bit word per leaf (strings eight bytes to a word). Each word is mixed in by a
// bijection of the running hash (xor, multiply by an odd constant, xor-shift), so two walks of the
// same shape that differ in one leaf always hash differently. Plain integer arithmetic: the same
// value on every machine.
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
    hash_ = (hash_ ^ value) * 0x9e3779b97f4a7c15ull;
    hash_ ^= hash_ >> 32;
  }
  void add_text(std::string_view text) {
    add(text.size());
    std::uint64_t word = 0;
    int bytes = 0;
    for (unsigned char c : text) {
      word |= static_cast<std::uint64_t>(c) << (8 * bytes);
      if (++bytes == 8) {
        add(word);
        word = 0;
        bytes = 0;
      }
    }
    if (bytes > 0) add(word);
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
