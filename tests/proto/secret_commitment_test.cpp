// 18.5C's secret choice (docs/commitments.md): the commitment is SHA-256 over the game id, the choice
// id, the choice and the nonce, byte by byte as documented (checked against a value computed with
// sha256sum); an opening matches only its own commitment; what a client says of an opening.
#include <hd/wire/secret_commitment.hpp>
#include <hd/wire/secret_opening_check.hpp>

#include <catch2/catch.hpp>

#include <cctype>

using namespace hd::wire;

namespace {

const std::string kNonce(kSecretNonceBytes, '\x11');

}  // namespace

TEST_CASE("18.5C the commitment is SHA-256 over the documented bytes", "[commitment][18.5C]") {
  REQUIRE(init_secret_commitments());
  // { printf 'hd-secret-v1'; printf '%016x%016x' 7 5 | xxd -r -p; printf '18.5C';
  //   printf '%016x' 4 | xxd -r -p; printf 'none'; printf '11%.0s' $(seq 32) | xxd -r -p; } | sha256sum
  CHECK(secret_commitment(7, "18.5C", "none", kNonce) ==
        "c45e77aa8d0e977619455ad25549dcfc4ecbb40a92e0d28b9cf2bd97d93a0aa8");
}

TEST_CASE("18.5C an opening matches its commitment, in either case of hex", "[commitment][18.5C]") {
  REQUIRE(init_secret_commitments());
  const std::string commitment = secret_commitment(7, "18.5C", "18.5C", kNonce);
  CHECK(opening_matches(7, "18.5C", "18.5C", kNonce, commitment));
  std::string upper = commitment;
  for (char& c : upper)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  CHECK(opening_matches(7, "18.5C", "18.5C", kNonce, upper));
}

TEST_CASE("18.5C a tampered opening or commitment does not match", "[commitment][18.5C]") {
  REQUIRE(init_secret_commitments());
  const std::string commitment = secret_commitment(7, "18.5C", "18.5C", kNonce);
  SECTION("another choice") {
    CHECK_FALSE(opening_matches(7, "18.5C", "none", kNonce, commitment));
  }
  SECTION("another nonce") {
    std::string nonce = kNonce;
    nonce[31] = '\x12';
    CHECK_FALSE(opening_matches(7, "18.5C", "18.5C", nonce, commitment));
  }
  SECTION("another game") {
    CHECK_FALSE(opening_matches(8, "18.5C", "18.5C", kNonce, commitment));
  }
  SECTION("another choice id") {
    CHECK_FALSE(opening_matches(7, "22.6B", "18.5C", kNonce, commitment));
  }
  SECTION("a nonce of the wrong length") {
    CHECK_FALSE(opening_matches(7, "18.5C", "18.5C", kNonce.substr(0, 31), commitment));
    CHECK_FALSE(opening_matches(7, "18.5C", "18.5C", kNonce + "x", commitment));
  }
  SECTION("a changed or cut commitment") {
    std::string changed = commitment;
    changed[0] = changed[0] == '0' ? '1' : '0';
    CHECK_FALSE(opening_matches(7, "18.5C", "18.5C", kNonce, changed));
    CHECK_FALSE(opening_matches(7, "18.5C", "18.5C", kNonce, commitment.substr(0, 63)));
    CHECK_FALSE(opening_matches(7, "18.5C", "18.5C", kNonce, ""));
  }
  SECTION("the length prefixes keep the fields apart") {
    // "18.5C" + "x" and "18.5" + "Cx" are the same bytes but for the lengths.
    CHECK(secret_commitment(7, "18.5C", "x", kNonce) != secret_commitment(7, "18.5", "Cx", kNonce));
  }
}

TEST_CASE("18.5C nonces are fresh and 32 bytes; hex round-trips", "[commitment][18.5C]") {
  REQUIRE(init_secret_commitments());
  const std::string a = new_secret_nonce();
  const std::string b = new_secret_nonce();
  CHECK(a.size() == kSecretNonceBytes);
  CHECK(a != b);
  CHECK(from_hex(to_hex(a)) == a);
  CHECK(to_hex("\x01\xab") == "01ab");
  CHECK_FALSE(from_hex("abc"));
  CHECK_FALSE(from_hex("zz"));
}

TEST_CASE("18.5C a client checks an opening against the commitment of its choice id", "[commitment][18.5C]") {
  REQUIRE(init_secret_commitments());
  google::protobuf::RepeatedPtrField<hundred_days::v1::SecretCommitment> commitments;
  hundred_days::v1::SecretCommitment& commitment = *commitments.Add();
  commitment.set_choice_id("18.5C");
  commitment.set_commitment(secret_commitment(7, "18.5C", "none", kNonce));
  hundred_days::v1::SecretOpening opening;
  opening.set_choice_id("18.5C");
  opening.set_choice("none");
  opening.set_nonce(kNonce);
  const OpeningCheck good = check_opening(7, commitments, opening);
  CHECK(good.ok);
  CHECK(good.message == "secret choice 18.5C opened: none (matches its commitment)");
  opening.set_choice("18.5C");  // the server claims the option was chosen after all
  const OpeningCheck changed = check_opening(7, commitments, opening);
  CHECK_FALSE(changed.ok);
  CHECK(changed.message.find("does NOT match the commitment") != std::string::npos);
  opening.set_choice_id("22.6B");  // nothing was committed for it
  const OpeningCheck unknown = check_opening(7, commitments, opening);
  CHECK_FALSE(unknown.ok);
  CHECK(unknown.message.find("no commitment to it was published") != std::string::npos);
}
