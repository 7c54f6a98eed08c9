// 28.0D Entry choices: an entry the set-up box offers on several turns or at several hexes is chosen
// in advance, by the deadline the box gives (before play, or a named turn: 28.0C's "location must be
// selected 17/0900"), and kept secret until the turn of entry. The scenario writes each as lines
// `reinforce ... choice NAME [by TURN]` (data/scenario.hpp). The choosing side makes it in its own
// player turn with the action `choose-entry NAME TURN HEX`, in the entry-choice segment that opens at
// the start of that player turn and closes only once every choice due is made; the choice gives its
// units their arrival turn and entry hex. view.hpp hides it from the other side until revealed, and
// the server commits to it when it is made (docs/commitments.md). docs/rules-notes.md, 28.0D.
#pragma once

#include <hd/engine/rules/modules/rule_segment.hpp>
#include <hd/engine/state/field_walk.hpp>
#include <hd/engine/state/game_state.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::engine {

inline constexpr std::string_view kEntryChoiceRule = "28.0D";
inline constexpr std::string_view kChooseEntryVerb = "choose-entry";

// One turn and hex a choice offers; `turn` indexes the game's turns.
struct EntryAlternative {
  int turn = -1;
  Hex hex;
};

// One advance entry choice of the forces in play, from its scenario lines.
struct EntryChoice {
  std::string id;
  Army army = Army::French;
  int due_turn = -1;  // made in its side's player turn of this turn; -1: before play (its first)
  std::vector<EntryAlternative> alternatives;  // in the lines' order
};

// Every entry choice of the game's forces in play (none where 28.0D is not in force), in line order.
std::vector<EntryChoice> entry_choices(const Ruleset& rules);

// 28.0D's state: the alternative chosen for each choice, -1 while not made.
struct EntryChoiceMade {
  std::string id;
  Army army = Army::French;
  int due_turn = -1;
  int chosen = -1;
  bool operator==(const EntryChoiceMade&) const = default;
};

struct EntryChoicesState {
  std::vector<EntryChoiceMade> choices;  // entry_choices()'s order
  bool operator==(const EntryChoicesState&) const = default;
};

template <>
struct Fields<EntryChoiceMade> {
  using C = EntryChoiceMade;
  static constexpr auto list = std::make_tuple(field("id", &C::id), field("army", &C::army),
                                               field("due_turn", &C::due_turn), field("chosen", &C::chosen));
};

template <>
struct Fields<EntryChoicesState> {
  using S = EntryChoicesState;
  static constexpr auto list = std::make_tuple(field("choices", &S::choices));
};

// The alternative chosen, or nullopt while the choice is not made (or unknown).
std::optional<EntryAlternative> entry_choice_made(const GameState& state, std::string_view id);

// True once a made choice is public: its side's player turn of the chosen turn has begun, or the game
// is over. Until then only its side may know it (view.hpp).
bool entry_choice_revealed(const GameState& state, std::string_view id);

// The choices `side` must make before its player turn goes on, in order.
std::vector<std::string> entry_choices_due(const GameState& state, Side side);

// The action that makes the choice `id` with `alternative`.
RuleAction choose_entry(std::string_view id, const EntryAlternative& alternative);

// The choice a `choose-entry` line of notation makes ("french choose-entry french-4 16/1400 1167"),
// or nullopt for any other line: what the server commits to and redacts.
struct ChooseEntryLine {
  std::string side;
  std::string id;
  std::string choice;  // "16/1400 1167"
};
std::optional<ChooseEntryLine> parse_choose_entry_line(std::string_view line);

}  // namespace hd::engine
