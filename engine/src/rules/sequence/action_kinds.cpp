// Registration: an action kind is defined beside its rule (hd::engine::kinds::NAME) and named once
// here, in listing order: the decisions a combat leaves first, then the phase's own actions, ending
// the phase last (legal_actions() lists them in this order).
#include <hd/engine/rules/sequence/action_kind.hpp>

#include <array>
#include <stdexcept>

namespace hd::engine {
namespace kinds {
extern const ActionKind move, attack, retreat, advance, exchange_loss, place, rule_action, end_phase;
}  // namespace kinds

namespace {

// The table by Action alternative; throws at first use if a kind is missing or listed twice.
std::array<const ActionKind*, std::variant_size_v<Action>> kinds_by_alternative(
    const std::vector<const ActionKind*>& kinds) {
  std::array<const ActionKind*, std::variant_size_v<Action>> table{};
  for (const ActionKind* kind : kinds) {
    if (kind->alternative >= table.size() || table[kind->alternative])
      throw std::logic_error("action kind '" + std::string(kind->verb) +
                             "' registered twice or out of range");
    table[kind->alternative] = kind;
  }
  for (const ActionKind* kind : table)
    if (!kind) throw std::logic_error("an Action alternative has no registered action kind");
  return table;
}

}  // namespace

const std::vector<const ActionKind*>& action_kinds() {
  using namespace kinds;
  static const std::vector<const ActionKind*> listed{
      &move, &attack, &retreat, &advance, &exchange_loss, &place, &rule_action, &end_phase,
  };
  return listed;
}

const ActionKind& action_kind(const Action& action) {
  static const auto table = kinds_by_alternative(action_kinds());
  return *table[action.index()];
}

const ActionKind* find_action_kind(std::string_view verb) {
  if (verb.empty()) return nullptr;  // the `rule` kind: each module action has its own verb
  for (const ActionKind* kind : action_kinds())
    if (kind->verb == verb) return kind;
  return nullptr;
}

}  // namespace hd::engine
