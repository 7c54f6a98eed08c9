#include <hd/engine/board/army.hpp>
#include <hd/engine/board/hex.hpp>
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/variant/hidden_movement.hpp>
#include <hd/engine/rules/variant/hidden_movement_secrets.hpp>

#include <algorithm>
#include <charconv>

namespace hd::engine {
namespace {

constexpr std::string_view kPrefix = "16.6/";

// A placement named by its id: "16.6/<army>-<pair>@<turn>", or "...@setup" for one made during set-up
// (its turn kSetupPlacementTurn).
constexpr std::string_view kSetupWord = "setup";
struct Placement {
  Army army = Army::French;
  int pair = 0;
  int turn = 0;
};

std::optional<int> whole_number(std::string_view text) {
  int number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error != std::errc() || end != text.data() + text.size() || number < 0) return std::nullopt;
  return number;
}

std::optional<Placement> placement_of(std::string_view id) {
  if (!id.starts_with(kPrefix)) return std::nullopt;
  id.remove_prefix(kPrefix.size());
  const std::size_t dash = id.find('-');
  const std::size_t at = id.find('@');
  if (dash == std::string_view::npos || at == std::string_view::npos || at < dash) return std::nullopt;
  const auto army = army_from_string(id.substr(0, dash));
  const auto pair = whole_number(id.substr(dash + 1, at - dash - 1));
  const std::string_view when = id.substr(at + 1);
  const auto turn = when == kSetupWord ? std::optional<int>(kSetupPlacementTurn) : whole_number(when);
  if (!army || !pair || !turn) return std::nullopt;
  return Placement{*army, *pair, *turn};
}

// The placement stands hidden in `state`: its pair is on the map, placed on its turn.
bool standing(const GameState& state, const Placement& placement) {
  const auto& pairs = hidden_pairs(state);
  return std::any_of(pairs.begin(), pairs.end(), [&](const HiddenPair& pair) {
    return pair.army == placement.army && pair.number == placement.pair && pair.turn == placement.turn;
  });
}

// A piece's name as one word, for a secret's text (a proof's line is split at spaces): the
// notation's name unquoted, its spaces as '_' ("Halk [3]" is "Halk_[3]").
std::string word_of(std::string name) {
  if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
  std::replace(name.begin(), name.end(), ' ', '_');
  return name;
}

}  // namespace

std::optional<HiddenSecret> hidden_secret_made_by(const GameState& state, const Action& action) {
  const auto* rule = std::get_if<RuleAction>(&action);
  if (!rule || rule->rule != kHiddenMovementRule || rule->verb != "hide" || rule->units.empty() ||
      rule->hexes.empty() || rule->numbers.empty() || rule->units.front() >= state.units.size())
    return std::nullopt;
  HiddenSecret secret;
  secret.army = state.units[rule->units.front()].army;
  secret.id = std::string(kPrefix) + std::string(to_string(secret.army)) + "-" +
              std::to_string(rule->numbers.front()) + "@" +
              (state.phase == Phase::Setup ? std::string(kSetupWord) : std::to_string(state.turn));
  secret.text = rule->choice + "@" + format_hex(rule->hexes.front()) + "@";
  for (std::size_t i = 0; i < rule->units.size(); ++i)
    secret.text += (i ? "," : "") + word_of(unit_name(state, rule->units[i]));
  return secret;
}

std::optional<std::string> hidden_secret_id_of_line(const GameState& state, std::string_view line) {
  const auto parsed = parse_action_line(state, line);
  const auto* notated = std::get_if<NotatedAction>(&parsed);
  if (!notated) return std::nullopt;
  const auto secret = hidden_secret_made_by(state, notated->action);
  if (!secret) return std::nullopt;
  return secret->id;
}

bool is_hidden_secret_id(std::string_view id) {
  return placement_of(id).has_value();
}

bool hidden_secret_made(const GameState& state, std::string_view id) {
  const auto placement = placement_of(id);
  if (!placement) return false;
  // Made in an earlier turn (set-up before the first), or in this one (a pair may be revealed in the
  // turn it went hidden, by the enemy's player turn, so standing is not enough).
  const int now = placement_turn(state);
  return now > placement->turn ||
         (now == placement->turn && last_placed_turn(state, placement->army, placement->pair) == now);
}

bool hidden_secret_revealed(const GameState& state, std::string_view id) {
  const auto placement = placement_of(id);
  return placement && hidden_secret_made(state, id) && !standing(state, *placement);
}

}  // namespace hd::engine
