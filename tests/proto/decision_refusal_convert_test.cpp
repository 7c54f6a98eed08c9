// The typed decisions and refusals on the wire: every engine reason has its RuleRefusal value,
// a refusal's arguments and a pending decision's kind, unit, loss and armies survive the bytes, and
// the client's words (refusal_text) come from the typed fields, not from the server's message.
#include <hd/wire/decision_convert.hpp>
#include <hd/wire/refusal_convert.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>

namespace v1 = hundred_days::v1;
using namespace hd;

namespace {

template <typename Message>
Message through_bytes(const Message& message) {
  std::string bytes;
  REQUIRE(message.SerializeToString(&bytes));
  Message parsed;
  REQUIRE(parsed.ParseFromString(bytes));
  return parsed;
}

}  // namespace

TEST_CASE("each engine refusal reason has the wire value of the same name", "[wire][refusal]") {
  for (engine::RefusalCode code : engine::all_refusal_codes()) {
    std::string expected = "RULE_REFUSAL_" + std::string(engine::to_string(code));
    std::transform(expected.begin(), expected.end(), expected.begin(),
                   [](unsigned char c) { return c == '-' ? '_' : static_cast<char>(std::toupper(c)); });
    const v1::RuleRefusal wire = wire::to_proto(code);
    CHECK(v1::RuleRefusal_Name(wire) == expected);
    CHECK(wire::from_proto(wire) == code);
  }
  CHECK_FALSE(wire::from_proto(v1::RULE_REFUSAL_UNSPECIFIED));
  int values = 0;  // the wire has no value the engine lacks
  for (int value = 0; value < 1000; ++value)
    values += v1::RuleRefusal_IsValid(value) ? 1 : 0;
  CHECK(values == static_cast<int>(engine::all_refusal_codes().size()) + 1);
}

TEST_CASE("a rule refusal's arguments cross the wire typed and the client writes the words",
          "[wire][refusal]") {
  const engine::Refusal refusal = engine::refuse(
      engine::RefusalCode::NotEnoughMovement, "5.1",
      {engine::RefusalArg::of_half_mp(7), engine::RefusalArg::of_unit(3), engine::RefusalArg::of_half_mp(6)});
  v1::Refusal out;
  out.set_code(v1::REFUSAL_CODE_RULE_VIOLATION);
  out.set_message("not used by the client");
  wire::to_proto(refusal, out);
  const v1::Refusal parsed = through_bytes(out);
  CHECK(parsed.rule_refusal() == v1::RULE_REFUSAL_NOT_ENOUGH_MOVEMENT);
  CHECK(parsed.rule() == "5.1");
  REQUIRE(parsed.args_size() == 3);
  CHECK(parsed.args(0).half_mp() == 7);
  CHECK(parsed.args(1).unit() == 3u);
  CHECK(wire::rule_refusal_from_proto(parsed) == refusal);

  v1::GameView view;
  v1::Unit& unit = *view.add_units();
  unit.set_index(3);
  unit.set_id("Bachelu");
  CHECK(wire::refusal_text(parsed, &view) == "the move costs 3.5 MP; Bachelu has 3 MP");
  CHECK(wire::refusal_text(parsed, nullptr) == "the move costs 3.5 MP; unit 3 has 3 MP");

  // Every kind of argument, a hidden unit among them.
  const engine::Refusal all_kinds =
      engine::refuse(engine::RefusalCode::OutsideSetupRadius, "3.2C",
                     {engine::RefusalArg::hidden_unit(), engine::RefusalArg::of_number(2),
                      engine::RefusalArg::of_hex(engine::Hex{12, 34}), engine::RefusalArg::of_odds("3-1")});
  v1::Refusal typed;
  wire::to_proto(all_kinds, typed);
  const v1::Refusal back = through_bytes(typed);
  CHECK(back.args(0).hidden_unit());
  CHECK(back.args(2).hex().column() == 12u);
  CHECK(wire::rule_refusal_from_proto(back) == all_kinds);
  CHECK(wire::refusal_text(back, &view) == "a unit sets up within 2 of 1234");

  // A rule's own reason (12.1B's): its name and words cross with it, so the client needs no table.
  const engine::Refusal own =
      engine::refuse_by_rule("12.1B", "officer-near-enemy", "{0} is within ten hexes of the enemy unit {1}",
                             {engine::RefusalArg::of_unit(3), engine::RefusalArg::hidden_unit()});
  v1::Refusal own_wire;
  wire::to_proto(own, own_wire);
  const v1::Refusal own_back = through_bytes(own_wire);
  CHECK(own_back.rule_refusal() == v1::RULE_REFUSAL_RULE_OWN);
  CHECK(own_back.reason() == "officer-near-enemy");
  CHECK(wire::rule_refusal_from_proto(own_back) == own);
  CHECK(wire::refusal_text(own_back, &view) == "Bachelu is within ten hexes of the enemy unit a unit");

  // Not a rule refusal: the server's message is all there is.
  v1::Refusal plain;
  plain.set_code(v1::REFUSAL_CODE_NOT_FOUND);
  plain.set_message("no such game");
  CHECK_FALSE(wire::rule_refusal_from_proto(plain));
  CHECK(wire::refusal_text(plain, &view) == "no such game");
}

TEST_CASE("a pending decision crosses the wire with its kind, unit, loss and armies", "[wire][decisions]") {
  engine::PendingDecision retreat;
  retreat.side = engine::Side::Coalition;
  retreat.kind = engine::DecisionKind::Retreat;
  retreat.unit = 0;  // unit 0 is a unit: the field says it is set
  retreat.may_stay = true;
  retreat.armies = {engine::Army::Prussian};
  retreat.what = "retreat Pirch";
  v1::PendingDecision out;
  wire::to_proto(retreat, out);
  const v1::PendingDecision parsed = through_bytes(out);
  CHECK(parsed.kind() == v1::DECISION_KIND_RETREAT);
  CHECK(parsed.has_unit());
  CHECK(parsed.armies_size() == 1);
  const engine::PendingDecision back = wire::from_proto(parsed);
  CHECK(back.kind == engine::DecisionKind::Retreat);
  CHECK(back.unit == std::optional<engine::UnitIndex>(0));
  CHECK(back.may_stay);
  CHECK(back.armies == retreat.armies);
  CHECK(back.side == engine::Side::Coalition);

  engine::PendingDecision exchange;
  exchange.kind = engine::DecisionKind::ExchangeChoice;
  exchange.exchange_loss = 3;
  exchange.armies = {engine::Army::French};
  v1::PendingDecision wire_exchange;
  wire::to_proto(exchange, wire_exchange);
  const engine::PendingDecision exchange_back = wire::from_proto(through_bytes(wire_exchange));
  CHECK(exchange_back.kind == engine::DecisionKind::ExchangeChoice);
  CHECK(exchange_back.exchange_loss == 3);
  CHECK_FALSE(exchange_back.unit);

  // Every kind maps both ways; an unknown wire value is no decision.
  for (auto kind :
       {engine::DecisionKind::None, engine::DecisionKind::SetupPlacement, engine::DecisionKind::SetupEnd,
        engine::DecisionKind::Move, engine::DecisionKind::Attack, engine::DecisionKind::ExchangeChoice,
        engine::DecisionKind::Retreat, engine::DecisionKind::Advance})
    CHECK(wire::from_proto(wire::to_proto(kind)) == kind);
  CHECK_FALSE(wire::from_proto(v1::DECISION_KIND_UNSPECIFIED));

  v1::GameView view;
  view.set_undo_allowed(true);
  CHECK(through_bytes(view).undo_allowed());
}
