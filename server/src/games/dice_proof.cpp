#include "games/dice_proof.hpp"

#include "games/dice.hpp"

#include <charconv>
#include <sstream>

namespace hd::server {

std::string format_dice_proof(const DiceProof& proof) {
  std::ostringstream out;
  out << "# hundred-days dice proof v1\n";
  out << "game " << proof.game_id << "\n";
  out << "scenario " << proof.scenario << "\n";
  out << "commitment " << proof.commitment << "\n";
  out << "seed " << to_hex(proof.seed) << "\n";
  for (const DiceProofSeat& seat : proof.seats)
    out << "entropy " << seat.seat << " " << to_hex(seat.entropy) << "\n";
  for (std::size_t i = 0; i < proof.rolls.size(); ++i)
    out << "roll " << (i + 1) << " " << proof.rolls[i] << "\n";
  for (const DiceProofSecret& secret : proof.secrets)
    out << "secret " << secret.choice_id << " " << secret.seat << " " << secret.commitment << " "
        << to_hex(secret.nonce) << " " << secret.choice << "\n";
  return out.str();
}

namespace {

template <typename Int>
bool parse_int(std::string_view text, Int& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc{} && end == text.data() + text.size();
}

std::vector<std::string_view> split_words(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
      ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
      ++i;
    if (i > start) words.push_back(line.substr(start, i - start));
  }
  return words;
}

}  // namespace

DiceProofParse parse_dice_proof(std::string_view text) {
  DiceProof proof;
  bool saw_header = false, saw_game = false, saw_scenario = false, saw_commitment = false, saw_seed = false;
  int line_number = 0;
  const auto fail = [&](const std::string& why) {
    return DiceProofParse{std::nullopt, "line " + std::to_string(line_number) + ": " + why};
  };
  while (!text.empty()) {
    const std::size_t newline = text.find('\n');
    const std::string_view line = text.substr(0, newline);
    text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
    ++line_number;
    if (line.rfind("# hundred-days dice proof v1", 0) == 0) {
      saw_header = true;
      continue;
    }
    const auto words = split_words(line);
    if (words.empty() || words[0][0] == '#') continue;
    const std::string_view key = words[0];
    if (key == "game" && words.size() == 2) {
      if (!parse_int(words[1], proof.game_id)) return fail("bad game id");
      saw_game = true;
    } else if (key == "scenario" && words.size() == 2) {
      proof.scenario = std::string(words[1]);
      saw_scenario = true;
    } else if (key == "commitment" && words.size() == 2) {
      if (words[1].size() != 64 || !from_hex(words[1])) return fail("commitment is not 64 hex digits");
      proof.commitment = std::string(words[1]);
      saw_commitment = true;
    } else if (key == "seed" && words.size() == 2) {
      const auto seed = from_hex(words[1]);
      if (!seed) return fail("seed is not hex");
      proof.seed = *seed;
      saw_seed = true;
    } else if (key == "entropy" && words.size() == 3) {
      const auto entropy = from_hex(words[2]);
      if (!entropy) return fail("entropy is not hex");
      proof.seats.push_back({std::string(words[1]), *entropy});
    } else if (key == "roll" && words.size() == 3) {
      std::uint64_t number = 0;
      int die = 0;
      if (!parse_int(words[1], number) || !parse_int(words[2], die)) return fail("bad roll line");
      if (number != proof.rolls.size() + 1) return fail("rolls out of order");
      if (die < 1 || die > 6) return fail("a die is 1 to 6");
      proof.rolls.push_back(die);
    } else if (key == "secret" && words.size() == 6) {
      const auto nonce = from_hex(words[4]);
      if (words[3].size() != 64 || !from_hex(words[3])) return fail("secret commitment is not 64 hex digits");
      if (!nonce) return fail("secret nonce is not hex");
      proof.secrets.push_back({std::string(words[1]), std::string(words[2]), std::string(words[3]), *nonce,
                               std::string(words[5])});
    } else {
      return fail("unknown line '" + std::string(line) + "'");
    }
  }
  if (!saw_header) return DiceProofParse{std::nullopt, "missing '# hundred-days dice proof v1' header"};
  if (!saw_game || !saw_scenario || !saw_commitment || !saw_seed)
    return DiceProofParse{std::nullopt, "missing one of game, scenario, commitment, seed"};
  return DiceProofParse{std::move(proof), {}};
}

}  // namespace hd::server
