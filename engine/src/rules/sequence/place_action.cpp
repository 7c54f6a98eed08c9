// The placement (3.2C): a "w/N" unit set up elsewhere in its radius during its side's set-up. Its
// descriptor in the action registry (action_kind.hpp).
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/sequence/action_kind.hpp>

namespace hd::engine {
namespace {

std::optional<Refusal> validate_place(const GameState& state, Side side, const Action& action, ActionCheck&) {
  return check_place(state, side, std::get<PlaceAction>(action));
}

void apply_place(GameState& state, Side, const Action& action, const ActionCheck&, const DieRoller&,
                 std::vector<Event>& events) {
  resolve_place(state, std::get<PlaceAction>(action), events);
}

// Each unit of `side` into each hex of its radius it may take now.
void generate_placements(const GameState& state, Side side, std::vector<Action>& actions) {
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    if (side_of(state.units[i].army) != side) continue;
    for (Hex hex : placement_hexes(state, static_cast<UnitIndex>(i)))
      actions.push_back(PlaceAction{static_cast<UnitIndex>(i), hex});
  }
}

std::variant<Action, std::string> parse_place(const GameState& state, const std::vector<std::string>& args) {
  if (args.empty()) return std::string("a unit is missing");
  auto unit = unit_from_name(state, args[0]);
  if (auto* error = std::get_if<std::string>(&unit)) return *error;
  const auto hex = args.size() > 1 ? parse_hex(args[1]) : std::nullopt;
  if (!hex || args.size() != 2) return std::string("expected: place UNIT HEX");
  return PlaceAction{std::get<UnitIndex>(unit), *hex};
}

std::string format_place(const GameState& state, const Action& action) {
  const auto& place = std::get<PlaceAction>(action);
  return "place " + unit_name(state, place.unit) + ' ' + format_hex(place.hex);
}

// Any seat of the side setting up places (the server's rule since issue 5).
void claim_place(const GameState&, const Action&, ActionClaim&) {}

}  // namespace

namespace kinds {
extern const ActionKind place{
    .verb = "place",
    .grammar = "place UNIT HEX",
    .rule = "3.2C",
    .alternative = action_alternative<PlaceAction>,
    .answers = decisions(DecisionKind::SetupPlacement, DecisionKind::SetupEnd),
    .validate = validate_place,
    .apply = apply_place,
    .generate = generate_placements,
    .parse = parse_place,
    .format = format_place,
    .claim = claim_place,
};
}  // namespace kinds

}  // namespace hd::engine
