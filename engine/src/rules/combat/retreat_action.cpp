// The retreat (6.6): the owner of a unit a combat result retreats chooses its hex, the friend it
// displaces (6.6D) or, for a chateau defender, to stay (8.2C). Its descriptor in the action
// registry (action_kind.hpp).
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/sequence/action_kind.hpp>

namespace hd::engine {
namespace {

std::optional<Refusal> validate_retreat(const GameState& state, Side side, const Action& action,
                                        ActionCheck&) {
  const auto& retreat = std::get<RetreatAction>(action);
  if (retreat.unit >= state.units.size()) return refuse(RefusalCode::NoSuchUnit, "6.6");
  if (side_of(state.units[retreat.unit].army) != side) return refuse(RefusalCode::OwnerRetreats, "6.6B");
  return check_retreat(state, retreat);
}

void apply_retreat(GameState& state, Side, const Action& action, const ActionCheck&, const DieRoller&,
                   std::vector<Event>& events) {
  resolve_retreat(state, std::get<RetreatAction>(action), events);
}

// Every choice for the unit first in line to retreat: staying (8.2C), each open hex, and only with
// nothing open, each friend in a full hex that can itself get away (6.6C, 6.6D).
void generate_retreats(const GameState& state, Side side, std::vector<Action>& actions) {
  const PendingRetreat& pending = state.pending_retreats.front();
  const UnitState& unit = state.units[pending.unit];
  if (side_of(unit.army) != side) return;
  if (pending.may_stay) actions.push_back(RetreatAction{pending.unit, std::nullopt, std::nullopt, true});
  const auto open = retreat_hexes(state, pending.unit);
  for (Hex hex : open)
    actions.push_back(RetreatAction{pending.unit, hex, std::nullopt, false});
  if (!open.empty()) return;
  // Whether the displaced friend can get away is the validator's search (combat_detail's
  // can_retreat_safely).
  for (Hex next : neighbours(unit.hex)) {
    if (!retreat_ground_ok(state, unit, next)) continue;
    for (UnitIndex other : state.units_at(next)) {
      const RetreatAction displacing{pending.unit, next, other, false};
      if (side_of(state.units[other].army) == side && !validate(state, side, displacing))
        actions.push_back(displacing);
    }
  }
}

std::variant<Action, std::string> parse_retreat(const GameState& state,
                                                const std::vector<std::string>& args) {
  if (args.empty()) return std::string("a unit is missing");
  auto unit = unit_from_name(state, args[0]);
  if (auto* error = std::get_if<std::string>(&unit)) return *error;
  RetreatAction retreat;
  retreat.unit = std::get<UnitIndex>(unit);
  if (args.size() > 1 && args[1] == "stay") {
    retreat.stay = true;
    if (args.size() != 2) return std::string("'retreat UNIT stay' takes nothing more");
    return retreat;
  }
  retreat.to = args.size() > 1 ? parse_hex(args[1]) : std::nullopt;
  if (!retreat.to) return std::string("expected: retreat UNIT HEX [displace UNIT] | retreat UNIT stay");
  if (args.size() > 2) {
    if (args[2] != "displace") return "unexpected '" + args[2] + "'";
    if (args.size() < 4) return std::string("a unit is missing");
    auto displaced = unit_from_name(state, args[3]);
    if (auto* error = std::get_if<std::string>(&displaced)) return *error;
    retreat.displace = std::get<UnitIndex>(displaced);
    if (args.size() != 4) return std::string("'displace' names one unit");
  }
  return retreat;
}

std::string format_retreat(const GameState& state, const Action& action) {
  const auto& retreat = std::get<RetreatAction>(action);
  std::string out = "retreat " + unit_name(state, retreat.unit);
  if (retreat.stay) {
    out += " stay";
  } else if (retreat.to) {
    out += ' ' + format_hex(*retreat.to);
    if (retreat.displace) out += " displace " + unit_name(state, *retreat.displace);
  }
  return out;
}

// 6.6B: the retreating unit's owner decides.
void claim_retreat(const GameState& state, const Action& action, ActionClaim& claim) {
  add_army_of(state, std::get<RetreatAction>(action).unit, claim);
}

}  // namespace

namespace kinds {
extern const ActionKind retreat{
    .verb = "retreat",
    .grammar = "retreat UNIT HEX [displace UNIT] | retreat UNIT stay",
    .rule = "6.6",
    .alternative = action_alternative<RetreatAction>,
    .answers = decisions(DecisionKind::Retreat),
    .combat = true,  // 10.2
    .validate = validate_retreat,
    .apply = apply_retreat,
    .generate = generate_retreats,
    .parse = parse_retreat,
    .format = format_retreat,
    .claim = claim_retreat,
};
}  // namespace kinds

}  // namespace hd::engine
