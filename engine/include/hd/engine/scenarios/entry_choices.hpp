// 28.0D Entry choices: an entry the set-up box offers on several turns or at several hexes is chosen
// in advance, by the deadline the box gives (before play, or a named turn: 28.0C's "location must be
// selected 17/0900"), and kept secret until the turn of entry. The scenario writes each as lines
// `reinforce ... choice NAME [by TURN]` (data/scenario.hpp). The choosing side makes it in its own
// player turn with the action `choose-entry NAME TURN HEX`, in the entry-choice segment that opens at
// the start of that player turn and closes only once every choice due is made; the choice gives its
// units their arrival turn and entry hex. view.hpp hides it from the other side until revealed, and
// the server commits to it when it is made (docs/commitments.md). docs/rules-notes.md, 28.0D.
// 22.6B's Hal Force is such a choice too (`rule 22.6B or-none`), asked in 22.6B's own segment, with one
// more alternative: not to bring the force at all.
#pragma once

#include <hd/engine/rules/modules/rule_segment.hpp>
#include <hd/engine/state/field_walk.hpp>
#include <hd/engine/state/game_state.hpp>

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::engine {

inline constexpr std::string_view kEntryChoiceRule = "28.0D";
inline constexpr std::string_view kHalForceRule = "22.6B";
// The rules whose segments ask for entry choices.
inline constexpr std::array<std::string_view, 2> kEntryChoiceRules{kEntryChoiceRule, kHalForceRule};
inline constexpr std::string_view kChooseEntryVerb = "choose-entry";

// One turn and hex a choice offers; `turn` indexes the game's turns. Turn -1: the force does not come
// (22.6B's decision not to use it).
struct EntryAlternative {
  int turn = -1;
  Hex hex;
  bool declines() const { return turn < 0; }
};

// One advance entry choice of the forces in play, from its scenario lines.
struct EntryChoice {
  std::string id;
  Army army = Army::French;
  int due_turn = -1;  // made in its side's player turn of this turn; -1: before play (its first)
  std::vector<EntryAlternative> alternatives;  // in the lines' order; a declining one last
  std::string rule;                            // the rule whose segment asks for it: 28.0D, 22.6B
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
// is over (a declined force: only then). Until then only its side may know it (view.hpp).
bool entry_choice_revealed(const GameState& state, std::string_view id);

// The choices `side` must make before its player turn goes on, in order.
std::vector<std::string> entry_choices_due(const GameState& state, Side side);

// The action that makes the choice `id` (of the segment of `rule`) with `alternative`.
RuleAction choose_entry(std::string_view id, const EntryAlternative& alternative,
                        std::string_view rule = kEntryChoiceRule);

// 22.6B's segment: the Hal Force's choice, asked in the Allied player turn of 17/2100; its opening
// (the slot of 22.6B's choices) and the words of its events, for 22.6B's module.
extern const RuleSegment kHalForceSegment;
void open_hal_force_slot(GameState& state);
std::string entry_choice_words(const GameState& state, const RuleEvent& event);

// The choice a `choose-entry` line of notation makes ("french choose-entry french-4 16/1400 1167"),
// or nullopt for any other line: what the server commits to and redacts.
struct ChooseEntryLine {
  std::string side;
  std::string id;
  std::string choice;  // "16/1400 1167", or "none"
};
std::optional<ChooseEntryLine> parse_choose_entry_line(std::string_view line);

// The name the server's commitment to a made choice goes by (docs/commitments.md): the choice's rule
// and id, "28.0D/french-4" or "22.6B/hal-force" (28.0D's rule for an id the rules do not offer).
std::string entry_choice_secret_id(const Ruleset& rules, std::string_view id);
// The committed choice text, one word: "16/1400 1167" -> "16/1400@1167"; "none" stays.
std::string entry_choice_secret_text(std::string_view choice);
// The entry choice's id of such a name ("french-4"), or nullopt for another secret (18.5C's "18.5C").
std::optional<std::string_view> entry_choice_of_secret_id(std::string_view secret_id);

}  // namespace hd::engine
