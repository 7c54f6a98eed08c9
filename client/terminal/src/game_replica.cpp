#include <hd/engine/notation/notation.hpp>
#include <hd/engine/visibility/view.hpp>
#include <hd/loader/data_files.hpp>
#include <hd/term/game_replica.hpp>
#include <hd/wire/game_convert.hpp>

#include <algorithm>

namespace hd::term {

namespace v1 = hundred_days::v1;

bool fog_of_war(const v1::ScenarioInfo& scenario) {
  const auto names = [](const auto& rules) {
    return std::find(rules.begin(), rules.end(), "16.3") != rules.end();
  };
  return names(scenario.optional_rules()) || names(scenario.missing_rules());
}

std::optional<GameReplica> make_replica(const v1::GameSnapshot& snapshot,
                                        const std::filesystem::path& data_root) {
  if (data_root.empty() || fog_of_war(snapshot.scenario())) return std::nullopt;
  return GameReplica(snapshot, data_root);
}

GameReplica::GameReplica(const v1::GameSnapshot& snapshot, const std::filesystem::path& data_root) {
  loader::GameChoice choice;
  choice.scenario = snapshot.scenario().id();
  for (const std::string& option : snapshot.scenario().force_options())
    choice.options.push_back(option);
  for (const std::string& rule : snapshot.scenario().optional_rules())
    choice.optional_rules.push_back(rule);
  choice.allow_missing_rules = snapshot.scenario().missing_rules_size() > 0;
  auto game = loader::start_scenario_game(data_root, choice);
  if (!game.value) {
    error_ = "cannot start " + choice.scenario + " from " + data_root.string();
    for (const auto& e : game.errors)
      error_ += "; " + e.to_string();
    return;
  }
  initial_ = *game.value;
  state_ = std::move(*game.value);
  if (snapshot.sequence() != 0)
    error_ = "the game is at sequence " + std::to_string(snapshot.sequence()) +
             "; only a game opened at its start can be followed";
}

bool GameReplica::apply_line(const std::string& line, const std::vector<int>& dice, std::uint64_t sequence) {
  const auto parsed = engine::parse_action_line(state_, line);
  if (const auto* problem = std::get_if<std::string>(&parsed)) {
    error_ = "update " + std::to_string(sequence) + " '" + line + "': " + *problem;
    return false;
  }
  const auto& notated = std::get<engine::NotatedAction>(parsed);
  std::size_t next_die = 0;
  bool short_of_dice = false;
  try {
    std::size_t next_written = 0;
    engine::apply(state_, notated.side, notated.action, [&] {
      if (next_written < notated.dice.size()) return notated.dice[next_written++];
      if (next_die < dice.size()) return dice[next_die++];
      short_of_dice = true;
      return 1;
    });
  } catch (const engine::ActionRefused& refused) {
    error_ =
        "update " + std::to_string(sequence) + " '" + line + "' refused by the replica: " + refused.what();
    return false;
  }
  if (short_of_dice) {
    error_ = "update " + std::to_string(sequence) + " rolled a die the server did not report";
    return false;
  }
  return true;
}

bool GameReplica::replay_to(std::uint64_t sequence) {
  state_ = initial_;
  applied_.resize(static_cast<std::size_t>(sequence));
  for (std::size_t i = 0; i < applied_.size(); ++i)
    if (!apply_line(applied_[i].line, applied_[i].dice, i + 1)) return false;
  sequence_ = sequence;
  return true;
}

bool GameReplica::apply(const v1::GameUpdate& update) {
  if (!ok()) return false;
  if (update.undone()) {
    if (update.sequence() + 1 != sequence_) {
      error_ = "undo of " + std::to_string(update.sequence() + 1) + " but the replica is at " +
               std::to_string(sequence_);
      return false;
    }
    if (!replay_to(update.sequence())) return false;
  } else {
    if (update.sequence() <= sequence_) return true;  // already seen (a resend)
    if (update.sequence() != sequence_ + 1) {
      error_ = "update " + std::to_string(update.sequence()) + " after " + std::to_string(sequence_) +
               ": updates were missed";
      return false;
    }
    std::vector<int> dice;
    for (const v1::GameEvent& event : update.events())
      if (event.has_combat()) dice.push_back(static_cast<int>(event.combat().die()));
    if (update.action_text().empty()) {
      error_ = "update " + std::to_string(update.sequence()) + " carries no action text";
      return false;
    }
    if (!apply_line(update.action_text(), dice, update.sequence())) return false;
    applied_.push_back({engine::Side::French, update.action_text(), dice});
    sequence_ = update.sequence();
  }
  // The server's view and the replica's must agree (nothing is hidden under the standard rules).
  if (update.has_view()) {
    const engine::GameView theirs = wire::from_proto(update.view());
    const engine::GameView ours = engine::view(state_, engine::Viewer{});
    if (engine::serialize(theirs) != engine::serialize(ours)) {
      error_ = "after update " + std::to_string(update.sequence()) +
               " the replica's view differs from the server's";
      return false;
    }
  }
  return true;
}

}  // namespace hd::term
