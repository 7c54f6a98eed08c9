// The exchange loss (6.5A): the attacker chooses the attackers an exchange eliminates. Its
// descriptor in the action registry (action_kind.hpp).
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/sequence/action_kind.hpp>

namespace hd::engine {
namespace {

std::optional<Refusal> validate_exchange(const GameState& state, Side side, const Action& action,
                                         ActionCheck&) {
  if (!state.pending_exchange || state.pending_exchange->side != side)
    return refuse(RefusalCode::NoExchangePending, "6.5A");
  return check_exchange(state, std::get<ExchangeLossAction>(action));
}

void apply_exchange(GameState& state, Side, const Action& action, const ActionCheck&, const DieRoller&,
                    std::vector<Event>& events) {
  resolve_exchange(state, std::get<ExchangeLossAction>(action), events);
}

// Every legal choice of the pending exchange.
void generate_exchanges(const GameState& state, Side side, std::vector<Action>& actions) {
  if (state.pending_exchange->side != side) return;
  for (auto& choice : exchange_loss_choices(state))
    actions.push_back(ExchangeLossAction{std::move(choice)});
}

std::variant<Action, std::string> parse_exchange(const GameState& state,
                                                 const std::vector<std::string>& args) {
  ExchangeLossAction exchange;
  for (const std::string& name : args) {
    auto unit = unit_from_name(state, name);
    if (auto* error = std::get_if<std::string>(&unit)) return *error;
    exchange.units.push_back(std::get<UnitIndex>(unit));
  }
  return exchange;
}

std::string format_exchange(const GameState& state, const Action& action) {
  std::string out = "exchange";
  for (UnitIndex u : std::get<ExchangeLossAction>(action).units)
    out += ' ' + unit_name(state, u);
  return out;
}

// Any seat of the attacking side chooses (the server's rule since issue 5).
void claim_exchange(const GameState&, const Action&, ActionClaim&) {}

}  // namespace

namespace kinds {
extern const ActionKind exchange_loss{
    .verb = "exchange",
    .grammar = "exchange UNIT ...",
    .rule = "6.5A",
    .alternative = action_alternative<ExchangeLossAction>,
    .answers = decisions(DecisionKind::ExchangeChoice),
    .combat = true,  // 10.2
    .validate = validate_exchange,
    .apply = apply_exchange,
    .generate = generate_exchanges,
    .parse = parse_exchange,
    .format = format_exchange,
    .claim = claim_exchange,
};
}  // namespace kinds

}  // namespace hd::engine
