#include <hd/wire/hex_convert.hpp>
#include <hd/wire/refusal_convert.hpp>

namespace hd::wire {

namespace v1 = hundred_days::v1;

v1::RuleRefusal to_proto(engine::RefusalCode code) {
  if (code == engine::RefusalCode::RuleOwn) return v1::RULE_REFUSAL_RULE_OWN;
  const int value = static_cast<int>(code) + 1;
  return v1::RuleRefusal_IsValid(value) ? static_cast<v1::RuleRefusal>(value) : v1::RULE_REFUSAL_UNSPECIFIED;
}

std::optional<engine::RefusalCode> from_proto(v1::RuleRefusal code) {
  if (code == v1::RULE_REFUSAL_RULE_OWN) return engine::RefusalCode::RuleOwn;
  const int value = static_cast<int>(code);
  if (value <= 0 || value > static_cast<int>(engine::RefusalCode::RuleOwn)) return std::nullopt;
  return static_cast<engine::RefusalCode>(value - 1);
}

void to_proto(const engine::Refusal& refusal, v1::Refusal& out) {
  out.set_rule_refusal(to_proto(refusal.code));
  out.set_rule(refusal.rule);
  out.set_reason(refusal.reason);
  out.set_pattern(refusal.pattern);
  out.clear_args();
  for (const engine::RefusalArg& arg : refusal.args) {
    v1::RefusalArg& wire = *out.add_args();
    switch (arg.kind) {
      case engine::RefusalArg::Kind::Unit:
        wire.set_unit(arg.unit);
        break;
      case engine::RefusalArg::Kind::Hex:
        *wire.mutable_hex() = to_proto(arg.hex);
        break;
      case engine::RefusalArg::Kind::Number:
        wire.set_number(arg.number);
        break;
      case engine::RefusalArg::Kind::HalfMp:
        wire.set_half_mp(arg.number);
        break;
      case engine::RefusalArg::Kind::Odds:
        wire.set_odds(arg.odds);
        break;
      case engine::RefusalArg::Kind::HiddenUnit:
        wire.set_hidden_unit(true);
        break;
    }
  }
}

std::optional<engine::Refusal> rule_refusal_from_proto(const v1::Refusal& refusal) {
  const auto code = from_proto(refusal.rule_refusal());
  if (!code) return std::nullopt;
  engine::Refusal out{*code, refusal.rule(), {}, refusal.reason(), refusal.pattern()};
  for (const v1::RefusalArg& arg : refusal.args()) {
    switch (arg.value_case()) {
      case v1::RefusalArg::kUnit:
        out.args.push_back(engine::RefusalArg::of_unit(static_cast<engine::UnitIndex>(arg.unit())));
        break;
      case v1::RefusalArg::kHex:
        out.args.push_back(engine::RefusalArg::of_hex(
            engine::Hex{static_cast<int>(arg.hex().column()), static_cast<int>(arg.hex().row())}));
        break;
      case v1::RefusalArg::kNumber:
        out.args.push_back(engine::RefusalArg::of_number(arg.number()));
        break;
      case v1::RefusalArg::kHalfMp:
        out.args.push_back(engine::RefusalArg::of_half_mp(arg.half_mp()));
        break;
      case v1::RefusalArg::kOdds:
        out.args.push_back(engine::RefusalArg::of_odds(arg.odds()));
        break;
      case v1::RefusalArg::kHiddenUnit:
      case v1::RefusalArg::VALUE_NOT_SET:
        out.args.push_back(engine::RefusalArg::hidden_unit());
        break;
    }
  }
  return out;
}

std::string refusal_text(const v1::Refusal& refusal, const v1::GameView* view) {
  const auto rule = rule_refusal_from_proto(refusal);
  if (!rule) return refusal.message();
  return engine::format_refusal(*rule, [view](engine::UnitIndex unit) {
    if (view)
      for (const v1::Unit& shown : view->units())
        if (shown.index() == unit) return shown.id();
    return "unit " + std::to_string(unit);
  });
}

}  // namespace hd::wire
