#include <hd/wire/decision_convert.hpp>
#include <hd/wire/game_convert.hpp>

namespace hd::wire {

namespace v1 = hundred_days::v1;

v1::DecisionKind to_proto(engine::DecisionKind kind) {
  switch (kind) {
    case engine::DecisionKind::None:
      return v1::DECISION_KIND_NONE;
    case engine::DecisionKind::SetupPlacement:
      return v1::DECISION_KIND_SETUP_PLACEMENT;
    case engine::DecisionKind::SetupEnd:
      return v1::DECISION_KIND_SETUP_END;
    case engine::DecisionKind::Move:
      return v1::DECISION_KIND_MOVE;
    case engine::DecisionKind::Attack:
      return v1::DECISION_KIND_ATTACK;
    case engine::DecisionKind::ExchangeChoice:
      return v1::DECISION_KIND_EXCHANGE_CHOICE;
    case engine::DecisionKind::Retreat:
      return v1::DECISION_KIND_RETREAT;
    case engine::DecisionKind::Advance:
      return v1::DECISION_KIND_ADVANCE;
    case engine::DecisionKind::Rule:
      return v1::DECISION_KIND_RULE;
  }
  return v1::DECISION_KIND_UNSPECIFIED;
}

std::optional<engine::DecisionKind> from_proto(v1::DecisionKind kind) {
  switch (kind) {
    case v1::DECISION_KIND_NONE:
      return engine::DecisionKind::None;
    case v1::DECISION_KIND_SETUP_PLACEMENT:
      return engine::DecisionKind::SetupPlacement;
    case v1::DECISION_KIND_SETUP_END:
      return engine::DecisionKind::SetupEnd;
    case v1::DECISION_KIND_MOVE:
      return engine::DecisionKind::Move;
    case v1::DECISION_KIND_ATTACK:
      return engine::DecisionKind::Attack;
    case v1::DECISION_KIND_EXCHANGE_CHOICE:
      return engine::DecisionKind::ExchangeChoice;
    case v1::DECISION_KIND_RETREAT:
      return engine::DecisionKind::Retreat;
    case v1::DECISION_KIND_ADVANCE:
      return engine::DecisionKind::Advance;
    case v1::DECISION_KIND_RULE:
      return engine::DecisionKind::Rule;
    default:
      return std::nullopt;
  }
}

void to_proto(const engine::PendingDecision& pending, v1::PendingDecision& out) {
  out.set_side(to_proto(pending.side));
  out.set_what(pending.what);
  out.set_kind(to_proto(pending.kind));
  if (pending.unit) out.set_unit(*pending.unit);
  out.set_exchange_loss(static_cast<std::uint32_t>(pending.exchange_loss));
  out.set_may_stay(pending.may_stay);
  for (engine::Army army : pending.armies)
    out.add_armies(to_proto(army));
  out.set_rule(pending.rule);
}

engine::PendingDecision from_proto(const v1::PendingDecision& pending) {
  engine::PendingDecision out;
  out.side = from_proto(pending.side()).value_or(engine::Side::French);
  out.what = pending.what();
  out.kind = from_proto(pending.kind()).value_or(engine::DecisionKind::None);
  if (pending.has_unit()) out.unit = static_cast<engine::UnitIndex>(pending.unit());
  out.exchange_loss = static_cast<int>(pending.exchange_loss());
  out.may_stay = pending.may_stay();
  for (int army : pending.armies())
    if (const auto known = from_proto(static_cast<v1::Army>(army))) out.armies.push_back(*known);
  out.rule = pending.rule();
  return out;
}

}  // namespace hd::wire
