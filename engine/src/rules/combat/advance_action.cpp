// The advance after combat (6.7): one victorious unit into a vacated hex, or none. Its descriptor in
// the action registry (action_kind.hpp).
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/sequence/action_kind.hpp>

namespace hd::engine {
namespace {

std::optional<Refusal> validate_advance(const GameState& state, Side side, const Action& action,
                                        ActionCheck&) {
  const auto& advance = std::get<AdvanceAction>(action);
  if (!state.pending_advance || state.pending_advance->side != side || !state.pending_retreats.empty()) {
    // 9.3: a demoralized army's unit is never offered the advance; say so rather than "none offered".
    if (advance.unit && *advance.unit < state.units.size() && state.pending_retreats.empty() &&
        state.phase == Phase::Combat && side_of(state.units[*advance.unit].army) == side) {
      if (auto refusal = demoralized_advance_refusal(state, *advance.unit)) return refusal;
    }
    return refuse(RefusalCode::NoAdvanceOffered, "6.7");
  }
  return check_advance(state, advance);
}

void apply_advance(GameState& state, Side, const Action& action, const ActionCheck&, const DieRoller&,
                   std::vector<Event>& events) {
  resolve_advance(state, std::get<AdvanceAction>(action), events);
}

// Declining (6.7A: never forced), and each candidate into each vacated hex next to it.
void generate_advances(const GameState& state, Side side, std::vector<Action>& actions) {
  const PendingAdvance& offer = *state.pending_advance;
  if (offer.side != side) return;
  actions.push_back(AdvanceAction{});
  for (UnitIndex unit : offer.candidates)
    for (Hex hex : offer.vacated)
      if (adjacent(state.units[unit].hex, hex)) actions.push_back(AdvanceAction{unit, hex});
}

std::variant<Action, std::string> parse_advance(const GameState& state,
                                                const std::vector<std::string>& args) {
  AdvanceAction advance;
  if (!args.empty() && args[0] == "none") {
    if (args.size() != 1) return std::string("'advance none' takes nothing more");
    return advance;
  }
  if (args.empty()) return std::string("a unit is missing");
  auto unit = unit_from_name(state, args[0]);
  if (auto* error = std::get_if<std::string>(&unit)) return *error;
  advance.unit = std::get<UnitIndex>(unit);
  advance.into = args.size() > 1 ? parse_hex(args[1]) : std::nullopt;
  if (!advance.into || args.size() != 2) return std::string("expected: advance UNIT HEX | advance none");
  return advance;
}

std::string format_advance(const GameState& state, const Action& action) {
  const auto& advance = std::get<AdvanceAction>(action);
  if (advance.unit && advance.into)
    return "advance " + unit_name(state, *advance.unit) + ' ' + format_hex(*advance.into);
  return "advance none";
}

// The advancing unit's army; declining is any seat of the side offered the advance.
void claim_advance(const GameState& state, const Action& action, ActionClaim& claim) {
  const auto& advance = std::get<AdvanceAction>(action);
  if (advance.unit) add_army_of(state, *advance.unit, claim);
}

}  // namespace

namespace kinds {
extern const ActionKind advance{
    .verb = "advance",
    .grammar = "advance UNIT HEX | advance none",
    .rule = "6.7",
    .alternative = action_alternative<AdvanceAction>,
    .answers = decisions(DecisionKind::Advance),
    .validate = validate_advance,
    .apply = apply_advance,
    .generate = generate_advances,
    .parse = parse_advance,
    .format = format_advance,
    .claim = claim_advance,
};
}  // namespace kinds

}  // namespace hd::engine
