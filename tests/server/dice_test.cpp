// The committed dice (docs/dice.md): reproducible from the revealed seed and the seats' entropy,
// sensitive to every input, and fair.
#include "games/dice.hpp"

#include "accounts/password_hashing.hpp"

#include <catch2/catch.hpp>

#include <array>

using namespace hd::server;

TEST_CASE("a die is reproducible from the seed, the entropy and its number", "[dice]") {
  init_crypto();
  const std::string seed = new_dice_seed();
  REQUIRE(seed.size() == kDiceSeedBytes);
  const std::vector<std::string> entropy{"french entropy", "coalition entropy"};
  for (std::uint64_t roll = 1; roll <= 50; ++roll) {
    const int die = derive_die(seed, entropy, roll);
    CHECK(die >= 1);
    CHECK(die <= 6);
    CHECK(derive_die(seed, entropy, roll) == die);
  }
}

TEST_CASE("every input changes the sequence of dice", "[dice]") {
  const std::string seed(32, 'a');
  const std::vector<std::string> entropy{"x", "y"};
  const auto sequence = [](std::string_view s, const std::vector<std::string>& e) {
    std::string dice;
    for (std::uint64_t roll = 1; roll <= 40; ++roll)
      dice.push_back(static_cast<char>('0' + derive_die(s, e, roll)));
    return dice;
  };
  const std::string base = sequence(seed, entropy);
  CHECK(sequence(std::string(32, 'b'), entropy) != base);
  CHECK(sequence(seed, {"x", "z"}) != base);
  CHECK(sequence(seed, {"y", "x"}) != base);                    // order matters
  CHECK(sequence(seed, {"xy"}) != sequence(seed, {"x", "y"}));  // lengths are framed
}

TEST_CASE("the dice are fair over many rolls", "[dice]") {
  const std::string seed(32, 's');
  std::array<int, 7> counts{};
  const int rolls = 60000;
  for (std::uint64_t roll = 1; roll <= rolls; ++roll)
    ++counts[static_cast<std::size_t>(derive_die(seed, {"e"}, roll))];
  // Chi-square with 5 degrees of freedom; 20.5 is the 0.1% critical value (deterministic inputs).
  double chi = 0;
  for (int face = 1; face <= 6; ++face) {
    const double expected = rolls / 6.0;
    chi += (counts[static_cast<std::size_t>(face)] - expected) *
           (counts[static_cast<std::size_t>(face)] - expected) / expected;
  }
  CHECK(chi < 20.5);
}

TEST_CASE("the commitment is the SHA-256 of the seed and hex round-trips", "[dice]") {
  // SHA-256("abc"), FIPS 180-2 appendix B.1.
  CHECK(dice_commitment("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  const std::string bytes("\x00\x7f\x80\xff", 4);
  CHECK(to_hex(bytes) == "007f80ff");
  CHECK(from_hex("007F80ff") == bytes);
  CHECK_FALSE(from_hex("abc").has_value());
  CHECK_FALSE(from_hex("zz").has_value());
}
