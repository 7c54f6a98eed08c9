// The action registry: each kind of action a player takes is one descriptor (its verb and notation,
// its check, its execution, its legal-action generator, which decisions it answers and whose seats
// take it), defined beside the rule it carries out and listed once in action_kinds.cpp. validate(),
// apply(), the notation, legal_actions() and the seats' claims go through these descriptors, with no
// per-kind branches of their own (OpenTTD's command table, Wesnoth's synced commands).
#pragma once

#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hd::engine {

// What a kind's check found that its execution reuses, so that apply() checks an action only once.
struct ActionCheck {
  int move_spent_half = 0;  // a move's cost in half MP (5.0)
};

// The set of decision kinds an action answers (DecisionKind's values as bits).
using DecisionMask = std::uint32_t;
constexpr DecisionMask decision_bit(DecisionKind kind) {
  return DecisionMask{1} << static_cast<unsigned>(kind);
}
template <typename... Kinds>
constexpr DecisionMask decisions(Kinds... kinds) {
  return (decision_bit(kinds) | ...);
}

// The position of alternative T in the Action variant.
template <typename T, typename Variant>
struct AlternativeIndex;
template <typename T, typename... Ts>
struct AlternativeIndex<T, std::variant<Ts...>> {
  static constexpr std::size_t value = [] {
    constexpr bool same[] = {std::is_same_v<T, Ts>...};
    for (std::size_t i = 0; i < sizeof...(Ts); ++i)
      if (same[i]) return i;
    return sizeof...(Ts);
  }();
};
template <typename T>
constexpr std::size_t action_alternative = AlternativeIndex<T, Action>::value;

struct ActionKind {
  std::string_view verb;     // the notation's verb: "move"
  std::string_view grammar;  // the notation after the side: "move UNIT HEX ... [exit]"
  std::string_view rule;     // the rule that defines it: "5.0"
  std::size_t alternative;   // its alternative in Action (action_alternative<MoveAction>)
  DecisionMask answers;      // the decisions it answers (legal_actions() asks only these kinds)
  // Taken by the phasing side in its own phase with no combat decision pending: validate() refuses
  // it otherwise (4.1, 6.6) before the kind's own check runs.
  bool phasing_only = false;
  // A combat action: 10.2's leaders accompanied by combat units are noted before it runs.
  bool combat = false;
  // 5.1C: may be taken back while its phase runs and no die has been rolled in it.
  bool undoable = false;

  // The kind's own check of an action of this kind by `side` (after the common checks); may note
  // what it found in `check`.
  std::optional<Refusal> (*validate)(const GameState& state, Side side, const Action& action,
                                     ActionCheck& check);
  // Carries out an action validate() accepted, appending its events; dice come from `roll`.
  void (*apply)(GameState& state, Side side, const Action& action, const ActionCheck& check,
                const DieRoller& roll, std::vector<Event>& events);
  // Appends the actions of this kind `side` may take now, when the pending decision is one it answers.
  void (*generate)(const GameState& state, Side side, std::vector<Action>& actions);
  // Reads the words after the verb (dice removed); an error message if they do not make an action.
  std::variant<Action, std::string> (*parse)(const GameState& state, const std::vector<std::string>& args);
  // The notation of an action of this kind, from its verb on: "move Bach 1745 1746".
  std::string (*format)(const GameState& state, const Action& action);
  // Adds the armies whose seats must take it (none: any seat of the deciding side), and may set the
  // side it is taken for (an attack is always the phasing side's).
  void (*claim)(const GameState& state, const Action& action, ActionClaim& claim);
};

// Every kind, in listing order: the order legal_actions() lists them in and the notation names them.
const std::vector<const ActionKind*>& action_kinds();

// The kind of an action.
const ActionKind& action_kind(const Action& action);

// The kind with this notation verb, or null.
const ActionKind* find_action_kind(std::string_view verb);

}  // namespace hd::engine
