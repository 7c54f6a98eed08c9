#include <hd/wire/briefing_convert.hpp>
#include <hd/wire/game_convert.hpp>
#include <hd/wire/scenario_list_convert.hpp>

namespace hd::wire {

namespace v1 = hundred_days::v1;

v1::Seat seat_of_army(engine::Army army) {
  switch (army) {
    case engine::Army::French:
      return v1::SEAT_FRENCH;
    case engine::Army::Prussian:
      return v1::SEAT_PRUSSIAN;
    case engine::Army::Allied:
      return v1::SEAT_ALLIED;
  }
  return v1::SEAT_UNSPECIFIED;
}

v1::ListedScenario to_proto(const std::string& slug, const engine::ScenarioOffer& offer) {
  v1::ListedScenario out;
  out.set_slug(slug);
  out.set_title(offer.title);
  out.set_rule(offer.rule);
  for (const engine::OfferedForceOption& option : offer.force_options) {
    v1::ListedForceOption& listed = *out.add_force_options();
    listed.set_id(option.id);
    listed.set_title(option.title);
    if (option.secret_side) listed.set_secret_side(to_proto(*option.secret_side));
    add_briefing(option.victory, option.specials, *listed.mutable_victory(), *listed.mutable_special_rules());
    for (const engine::GameTurn& turn : option.turns)
      *listed.add_turns() = to_proto(turn);
  }
  for (const std::string& rule : offer.optional_rules)
    out.add_optional_rules(rule);
  for (engine::Army army : offer.armies)
    out.add_seats(seat_of_army(army));
  for (const std::string& rule : offer.missing_rules)
    out.add_missing_rules(rule);
  for (const engine::GameTurn& turn : offer.turns)
    *out.add_turns() = to_proto(turn);
  add_briefing(offer.victory, offer.specials, *out.mutable_victory(), *out.mutable_special_rules());
  return out;
}

}  // namespace hd::wire
