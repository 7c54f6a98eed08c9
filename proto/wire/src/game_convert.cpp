#include <hd/engine/notation/notation.hpp>
#include <hd/wire/decision_convert.hpp>
#include <hd/wire/game_convert.hpp>
#include <hd/wire/hex_convert.hpp>

namespace hd::wire {

namespace v1 = hundred_days::v1;
using engine::UnitIndex;

v1::Army to_proto(engine::Army army) {
  switch (army) {
    case engine::Army::French:
      return v1::ARMY_FRENCH;
    case engine::Army::Prussian:
      return v1::ARMY_PRUSSIAN;
    case engine::Army::Allied:
      return v1::ARMY_ALLIED;
  }
  return v1::ARMY_UNSPECIFIED;
}

v1::Side to_proto(engine::Side side) {
  return side == engine::Side::French ? v1::SIDE_FRENCH : v1::SIDE_COALITION;
}

v1::Phase to_proto(engine::Phase phase) {
  switch (phase) {
    case engine::Phase::Movement:
      return v1::PHASE_MOVEMENT;
    case engine::Phase::Combat:
      return v1::PHASE_COMBAT;
    case engine::Phase::GameOver:
      return v1::PHASE_GAME_OVER;
    case engine::Phase::Setup:
      return v1::PHASE_SETUP;
  }
  return v1::PHASE_UNSPECIFIED;
}

v1::UnitType to_proto(engine::UnitType type) {
  switch (type) {
    case engine::UnitType::Infantry:
      return v1::UNIT_TYPE_INFANTRY;
    case engine::UnitType::Cavalry:
      return v1::UNIT_TYPE_CAVALRY;
    case engine::UnitType::FootArtillery:
      return v1::UNIT_TYPE_FOOT_ARTILLERY;
    case engine::UnitType::HorseArtillery:
      return v1::UNIT_TYPE_HORSE_ARTILLERY;
    case engine::UnitType::HeavyArtillery:
      return v1::UNIT_TYPE_HEAVY_ARTILLERY;
    case engine::UnitType::Rifles:
      return v1::UNIT_TYPE_RIFLES;
    case engine::UnitType::Leader:
      return v1::UNIT_TYPE_LEADER;
    case engine::UnitType::SupplyTrain:
      return v1::UNIT_TYPE_SUPPLY_TRAIN;
  }
  return v1::UNIT_TYPE_UNSPECIFIED;
}

v1::UnitStatus to_proto(engine::UnitStatus status) {
  switch (status) {
    case engine::UnitStatus::Waiting:
      return v1::UNIT_STATUS_WAITING;
    case engine::UnitStatus::OnMap:
      return v1::UNIT_STATUS_ON_MAP;
    case engine::UnitStatus::Eliminated:
      return v1::UNIT_STATUS_ELIMINATED;
    case engine::UnitStatus::Exited:
      return v1::UNIT_STATUS_EXITED;
    case engine::UnitStatus::Withdrawn:
      return v1::UNIT_STATUS_WITHDRAWN;
    case engine::UnitStatus::Hidden:
      return v1::UNIT_STATUS_HIDDEN;
  }
  return v1::UNIT_STATUS_UNSPECIFIED;
}

std::optional<engine::Army> from_proto(v1::Army army) {
  switch (army) {
    case v1::ARMY_FRENCH:
      return engine::Army::French;
    case v1::ARMY_PRUSSIAN:
      return engine::Army::Prussian;
    case v1::ARMY_ALLIED:
      return engine::Army::Allied;
    default:
      return std::nullopt;
  }
}

std::optional<engine::Side> from_proto(v1::Side side) {
  switch (side) {
    case v1::SIDE_FRENCH:
      return engine::Side::French;
    case v1::SIDE_COALITION:
      return engine::Side::Coalition;
    default:
      return std::nullopt;
  }
}

namespace {

engine::Phase phase_from_proto(v1::Phase phase) {
  switch (phase) {
    case v1::PHASE_COMBAT:
      return engine::Phase::Combat;
    case v1::PHASE_GAME_OVER:
      return engine::Phase::GameOver;
    case v1::PHASE_SETUP:
      return engine::Phase::Setup;
    default:
      return engine::Phase::Movement;
  }
}

engine::UnitType type_from_proto(v1::UnitType type) {
  switch (type) {
    case v1::UNIT_TYPE_CAVALRY:
      return engine::UnitType::Cavalry;
    case v1::UNIT_TYPE_FOOT_ARTILLERY:
      return engine::UnitType::FootArtillery;
    case v1::UNIT_TYPE_HORSE_ARTILLERY:
      return engine::UnitType::HorseArtillery;
    case v1::UNIT_TYPE_HEAVY_ARTILLERY:
      return engine::UnitType::HeavyArtillery;
    case v1::UNIT_TYPE_RIFLES:
      return engine::UnitType::Rifles;
    case v1::UNIT_TYPE_LEADER:
      return engine::UnitType::Leader;
    case v1::UNIT_TYPE_SUPPLY_TRAIN:
      return engine::UnitType::SupplyTrain;
    default:
      return engine::UnitType::Infantry;
  }
}

engine::UnitStatus status_from_proto(v1::UnitStatus status) {
  switch (status) {
    case v1::UNIT_STATUS_ON_MAP:
      return engine::UnitStatus::OnMap;
    case v1::UNIT_STATUS_ELIMINATED:
      return engine::UnitStatus::Eliminated;
    case v1::UNIT_STATUS_EXITED:
      return engine::UnitStatus::Exited;
    case v1::UNIT_STATUS_WITHDRAWN:
      return engine::UnitStatus::Withdrawn;
    case v1::UNIT_STATUS_HIDDEN:
      return engine::UnitStatus::Hidden;
    default:
      return engine::UnitStatus::Waiting;
  }
}

engine::Hex hex_of(const v1::HexCoord& coord) {
  return engine::Hex{static_cast<int>(coord.column()), static_cast<int>(coord.row())};
}

v1::GameResult result_to_proto(const engine::GameResult& result) {
  v1::GameResult out;
  out.set_winner(result.winner ? to_proto(*result.winner) : v1::SIDE_UNSPECIFIED);
  out.set_level(result.level);
  out.set_text(result.text);
  return out;
}

void add_units(google::protobuf::RepeatedField<std::uint32_t>* out, const std::vector<UnitIndex>& units) {
  for (UnitIndex unit : units)
    out->Add(static_cast<std::uint32_t>(unit));
}

// Unit numbers from the wire, each checked against the game's units.
std::optional<std::vector<UnitIndex>> units_from(const google::protobuf::RepeatedField<std::uint32_t>& in,
                                                 std::size_t units_shown) {
  std::vector<UnitIndex> units;
  for (std::uint32_t unit : in) {
    if (unit >= units_shown) return std::nullopt;
    units.push_back(static_cast<UnitIndex>(unit));
  }
  return units;
}

// A rule's action or event (RuleAction, RuleEvent): its units, hexes and numbers as they stand.
template <class RuleMessage>
void add_rule_terms(RuleMessage& out, const std::vector<UnitIndex>& units,
                    const std::vector<engine::Hex>& hexes, const std::vector<int>& numbers) {
  add_units(out.mutable_units(), units);
  for (engine::Hex hex : hexes)
    *out.add_hexes() = to_proto(hex);
  for (int number : numbers)
    out.add_numbers(number);
}

// Bounds on a rule action from the wire (the engine's are far smaller: 12.0 names three units).
constexpr std::size_t kMaxRuleWord = 32;
constexpr std::size_t kMaxRuleChoice = 64;
constexpr int kMaxRuleItems = 16;

std::string bad_unit(std::uint32_t unit) {
  return "unit number " + std::to_string(unit) + " is not in this game";
}

}  // namespace

v1::CombatOdds to_proto(const engine::CombatOdds& odds) {
  v1::CombatOdds out;
  out.set_attack(static_cast<std::uint32_t>(odds.attack));
  out.set_defence(static_cast<std::uint32_t>(odds.defence));
  out.set_computed(odds.computed.to_string());
  out.set_used(odds.used.to_string());
  for (const auto& modifier : odds.modifiers)
    out.add_modifiers(modifier);
  out.set_die_modifier(odds.die_modifier);
  return out;
}

v1::GameView to_proto(const engine::GameView& view) {
  v1::GameView out;
  to_proto(view, out);
  return out;
}

void to_proto(const engine::GameView& view, v1::GameView& out) {
  out.set_turn(static_cast<std::uint32_t>(view.turn));
  out.set_rain(view.rain);
  out.set_phasing(to_proto(view.phasing));
  out.set_phase(to_proto(view.phase));
  for (const engine::UnitView& unit : view.units) {
    v1::Unit* u = out.add_units();
    u->set_index(static_cast<std::uint32_t>(unit.unit));
    u->set_id(unit.id);
    u->set_command(unit.command);
    u->set_army(to_proto(unit.army));
    u->set_type(to_proto(unit.type));
    u->set_strength(static_cast<std::uint32_t>(unit.strength));
    u->set_movement(static_cast<std::uint32_t>(unit.movement));
    u->set_reduced(unit.reduced);
    u->set_status(to_proto(unit.status));
    if (unit.hex) *u->mutable_hex() = to_proto(*unit.hex);
    u->set_arrival_turn(unit.arrival_turn);
    u->set_moved(unit.moved);
    u->set_out_of_command(unit.out_of_command);
    u->set_corps_demoralized(unit.corps_demoralized);
    u->set_inactive(unit.inactive);
    u->set_unobserved(unit.unobserved);  // 16.3
    if (unit.last_seen_turn) u->set_last_seen_turn(*unit.last_seen_turn);
    u->set_holding_pair(static_cast<std::uint32_t>(unit.holding_pair));  // 16.6A
  }
  for (const engine::MarkerView& marker : view.markers) {  // 16.6
    v1::HiddenMarker* m = out.add_markers();
    m->set_army(to_proto(marker.army));
    m->set_pair(static_cast<std::uint32_t>(marker.pair));
    m->set_b(marker.b);
    *m->mutable_hex() = to_proto(marker.hex);
    m->set_moved(marker.moved);
    m->set_revealing(marker.revealing);
    if (marker.real) m->set_real(*marker.real);
  }
  for (std::size_t a = 0; a < 3; ++a) {
    v1::ArmyMorale* morale = out.add_morale();
    morale->set_army(to_proto(static_cast<engine::Army>(a)));
    morale->set_eliminated_strength(static_cast<std::uint32_t>(view.eliminated_strength[a]));
    morale->set_demoralization_level(view.demoralization_level[a].value_or(-1));
    morale->set_disintegration_level(view.disintegration_level[a].value_or(-1));
    morale->set_demoralized(view.demoralized[a]);
    morale->set_disintegrated(view.disintegrated[a]);
  }
  for (const auto& [hex, side] : view.control) {
    v1::HexControl* control = out.add_control();
    *control->mutable_hex() = to_proto(hex);
    control->set_side(to_proto(side));
  }
  for (int vp : view.victory_points)
    out.add_victory_points(vp);
  to_proto(view.pending, *out.mutable_pending());
  for (const engine::DecisionChoice& choice : view.choices) {
    v1::DecisionChoice& c = *out.mutable_pending()->add_choices();
    c.set_label(choice.label);
    *c.mutable_action() = to_proto(choice.action);
    add_units(c.mutable_units(), choice.units);
    for (engine::Hex hex : choice.hexes)
      *c.add_hexes() = to_proto(hex);
  }
  if (view.result) *out.mutable_result() = result_to_proto(*view.result);
}

engine::GameView from_proto(const v1::GameView& view) {
  engine::GameView out;
  out.turn = static_cast<int>(view.turn());
  out.rain = view.rain();
  out.phasing = from_proto(view.phasing()).value_or(engine::Side::French);
  out.phase = phase_from_proto(view.phase());
  for (const v1::Unit& unit : view.units()) {
    engine::UnitView u;
    u.unit = static_cast<UnitIndex>(unit.index());
    u.id = unit.id();
    u.command = unit.command();
    u.army = from_proto(unit.army()).value_or(engine::Army::French);
    u.type = type_from_proto(unit.type());
    u.strength = static_cast<int>(unit.strength());
    u.movement = static_cast<int>(unit.movement());
    u.reduced = unit.reduced();
    u.status = status_from_proto(unit.status());
    if (unit.has_hex()) u.hex = hex_of(unit.hex());
    u.arrival_turn = unit.arrival_turn();
    u.moved = unit.moved();
    u.out_of_command = unit.out_of_command();
    u.corps_demoralized = unit.corps_demoralized();
    u.inactive = unit.inactive();
    u.unobserved = unit.unobserved();  // 16.3
    if (unit.has_last_seen_turn()) u.last_seen_turn = unit.last_seen_turn();
    u.holding_pair = static_cast<int>(unit.holding_pair());  // 16.6A
    out.units.push_back(std::move(u));
  }
  for (const v1::HiddenMarker& marker : view.markers()) {  // 16.6
    engine::MarkerView m;
    m.army = from_proto(marker.army()).value_or(engine::Army::French);
    m.pair = static_cast<int>(marker.pair());
    m.b = marker.b();
    m.hex = hex_of(marker.hex());
    m.moved = marker.moved();
    m.revealing = marker.revealing();
    if (marker.has_real()) m.real = marker.real();
    out.markers.push_back(m);
  }
  for (const v1::ArmyMorale& morale : view.morale()) {
    const auto army = from_proto(morale.army());
    if (!army) continue;
    const auto a = static_cast<std::size_t>(*army);
    out.eliminated_strength[a] = static_cast<int>(morale.eliminated_strength());
    if (morale.demoralization_level() >= 0) out.demoralization_level[a] = morale.demoralization_level();
    if (morale.disintegration_level() >= 0) out.disintegration_level[a] = morale.disintegration_level();
    out.demoralized[a] = morale.demoralized();
    out.disintegrated[a] = morale.disintegrated();
  }
  for (const v1::HexControl& control : view.control()) {
    out.control.emplace_back(hex_of(control.hex()),
                             from_proto(control.side()).value_or(engine::Side::French));
  }
  for (int i = 0; i < view.victory_points_size() && i < 2; ++i)
    out.victory_points[static_cast<std::size_t>(i)] = view.victory_points(i);
  out.pending = from_proto(view.pending());
  if (view.has_result()) {
    engine::GameResult result;
    result.winner = from_proto(view.result().winner());
    result.level = view.result().level();
    result.text = view.result().text();
    out.result = result;
  }
  return out;
}

v1::GameEvent to_proto(const engine::GameState& state, const engine::Event& event) {
  v1::GameEvent out;
  out.set_text(engine::format_event(state, event));
  std::visit(
      [&](const auto& e) {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, engine::UnitMovedEvent>) {
          v1::UnitMoved* m = out.mutable_moved();
          m->set_unit(static_cast<std::uint32_t>(e.unit));
          for (engine::Hex hex : e.path)
            *m->add_path() = to_proto(hex);
          m->set_spent_half_mp(static_cast<std::uint32_t>(e.spent_half));
          m->set_entered(e.entered);
          m->set_exited(e.exited);
        } else if constexpr (std::is_same_v<T, engine::PhaseStartedEvent>) {
          v1::PhaseStarted* p = out.mutable_phase_started();
          p->set_turn(static_cast<std::uint32_t>(e.turn));
          p->set_side(to_proto(e.side));
          p->set_phase(to_proto(e.phase));
        } else if constexpr (std::is_same_v<T, engine::GameEndedEvent>) {
          *out.mutable_game_ended() = result_to_proto(e.result);
        } else if constexpr (std::is_same_v<T, engine::CombatResolvedEvent>) {
          v1::CombatResolved* c = out.mutable_combat();
          c->set_combat(static_cast<std::uint32_t>(e.combat));
          add_units(c->mutable_attackers(), e.attackers);
          add_units(c->mutable_defenders(), e.defenders);
          *c->mutable_odds() = to_proto(e.odds);
          c->set_die(static_cast<std::uint32_t>(e.die));
          c->set_result(std::string(engine::to_string(e.result)));
        } else if constexpr (std::is_same_v<T, engine::UnitRetreatedEvent>) {
          v1::UnitRetreated* r = out.mutable_retreated();
          r->set_unit(static_cast<std::uint32_t>(e.unit));
          *r->mutable_from() = to_proto(e.from);
          *r->mutable_to() = to_proto(e.to);
          r->set_has_displaced(e.displaced.has_value());
          if (e.displaced) r->set_displaced(static_cast<std::uint32_t>(*e.displaced));
        } else if constexpr (std::is_same_v<T, engine::UnitStoodFastEvent>) {
          out.mutable_stood_fast()->set_unit(static_cast<std::uint32_t>(e.unit));
        } else if constexpr (std::is_same_v<T, engine::UnitAdvancedEvent>) {
          v1::UnitAdvanced* a = out.mutable_advanced();
          a->set_unit(static_cast<std::uint32_t>(e.unit));
          *a->mutable_from() = to_proto(e.from);
          *a->mutable_to() = to_proto(e.to);
        } else if constexpr (std::is_same_v<T, engine::UnitEliminatedEvent>) {
          out.mutable_eliminated()->set_unit(static_cast<std::uint32_t>(e.unit));
          out.mutable_eliminated()->set_reason(e.reason);
        } else if constexpr (std::is_same_v<T, engine::MoraleEvent>) {
          v1::MoraleChanged* m = out.mutable_morale();
          m->set_army(to_proto(e.army));
          m->set_demoralized(e.demoralized);
          m->set_disintegrated(e.disintegrated);
        } else if constexpr (std::is_same_v<T, engine::UnitPlacedEvent>) {
          out.mutable_placed()->set_unit(static_cast<std::uint32_t>(e.unit));
          *out.mutable_placed()->mutable_hex() = to_proto(e.to);
        } else if constexpr (std::is_same_v<T, engine::CorpsLossEvent> ||
                             std::is_same_v<T, engine::CorpsMoraleEvent>) {
          // 13.0: the protocol has no kind for corps morale yet: its text carries it (format_event).
        } else if constexpr (std::is_same_v<T, engine::RuleEvent>) {
          v1::RuleEvent* r = out.mutable_rule_event();
          r->set_rule(e.rule);
          r->set_kind(e.kind);
          add_rule_terms(*r, e.units, e.hexes, e.numbers);
        } else if constexpr (std::is_same_v<T, engine::DieRolledEvent>) {
          // The protocol has no kind for a scenario's die roll yet: its text carries rule, die and
          // outcome (format_event).
        } else {
          static_assert(sizeof(T) == 0, "every event has a wire form");
        }
      },
      event);
  return out;
}

v1::GameAction to_proto(const engine::Action& action) {
  v1::GameAction out;
  std::visit(
      [&](const auto& a) {
        using T = std::decay_t<decltype(a)>;
        if constexpr (std::is_same_v<T, engine::MoveAction>) {
          v1::MoveUnit* m = out.mutable_move();
          m->set_unit(static_cast<std::uint32_t>(a.move.unit));
          for (engine::Hex hex : a.move.path)
            *m->add_path() = to_proto(hex);
          m->set_exit_map(a.move.exit_map);
        } else if constexpr (std::is_same_v<T, engine::EndPhaseAction>) {
          out.mutable_end_phase();
        } else if constexpr (std::is_same_v<T, engine::AttackAction>) {
          v1::Attack* at = out.mutable_attack();
          add_units(at->mutable_attackers(), a.attackers);
          add_units(at->mutable_defenders(), a.defenders);
          add_units(at->mutable_bombarding(), a.bombarding);
          add_units(at->mutable_retreat_on_ar(), a.retreat_on_ar);
          at->set_odds_reduction(static_cast<std::uint32_t>(a.odds_reduction));
        } else if constexpr (std::is_same_v<T, engine::RetreatAction>) {
          v1::Retreat* r = out.mutable_retreat();
          r->set_unit(static_cast<std::uint32_t>(a.unit));
          if (a.to) *r->mutable_to() = to_proto(*a.to);
          r->set_has_displace(a.displace.has_value());
          if (a.displace) r->set_displace(static_cast<std::uint32_t>(*a.displace));
          r->set_stay(a.stay);
        } else if constexpr (std::is_same_v<T, engine::AdvanceAction>) {
          v1::Advance* ad = out.mutable_advance();
          ad->set_none(!a.unit.has_value());
          if (a.unit) ad->set_unit(static_cast<std::uint32_t>(*a.unit));
          if (a.into) *ad->mutable_into() = to_proto(*a.into);
        } else if constexpr (std::is_same_v<T, engine::PlaceAction>) {
          out.mutable_place()->set_unit(static_cast<std::uint32_t>(a.unit));
          *out.mutable_place()->mutable_hex() = to_proto(a.hex);
        } else if constexpr (std::is_same_v<T, engine::ExchangeLossAction>) {
          add_units(out.mutable_exchange_losses()->mutable_units(), a.units);
        } else if constexpr (std::is_same_v<T, engine::RuleAction>) {
          v1::RuleAction* r = out.mutable_rule();
          r->set_rule(a.rule);
          r->set_verb(a.verb);
          add_rule_terms(*r, a.units, a.hexes, a.numbers);
          r->set_choice(a.choice);
        } else {
          static_assert(sizeof(T) == 0, "every action has a wire form");
        }
      },
      action);
  return out;
}

std::variant<engine::Action, std::string> from_proto(const v1::GameAction& action,
                                                     const engine::GameState& state) {
  return from_proto(action, state, state.units.size());
}

std::variant<engine::Action, std::string> from_proto(const v1::GameAction& action,
                                                     const engine::GameState& state,
                                                     std::size_t units_shown) {
  const engine::GridBounds bounds = state.rules->map.bounds();
  const auto hex = [&](const v1::HexCoord& coord) { return wire::from_proto(coord, bounds); };
  switch (action.kind_case()) {
    case v1::GameAction::kMove: {
      const v1::MoveUnit& m = action.move();
      if (m.unit() >= units_shown) return bad_unit(m.unit());
      engine::MoveRequest move;
      move.unit = static_cast<UnitIndex>(m.unit());
      if (m.path_size() == 0) return std::string("a move needs at least one hex");
      for (const v1::HexCoord& coord : m.path()) {
        const auto h = hex(coord);
        if (!h) return std::string("a hex of the path is off the map grid");
        move.path.push_back(*h);
      }
      move.exit_map = m.exit_map();
      return engine::Action{engine::MoveAction{std::move(move)}};
    }
    case v1::GameAction::kEndPhase:
      return engine::Action{engine::EndPhaseAction{}};
    case v1::GameAction::kAttack: {
      const v1::Attack& at = action.attack();
      engine::AttackAction attack;
      const auto attackers = units_from(at.attackers(), units_shown);
      const auto defenders = units_from(at.defenders(), units_shown);
      const auto bombarding = units_from(at.bombarding(), units_shown);
      const auto retreat_on_ar = units_from(at.retreat_on_ar(), units_shown);
      if (!attackers || !defenders || !bombarding || !retreat_on_ar) {
        return std::string("an attack names a unit number that is not in this game");
      }
      if (at.odds_reduction() > 9) return std::string("an odds reduction is at most 9 columns");
      attack.attackers = *attackers;
      attack.defenders = *defenders;
      attack.bombarding = *bombarding;
      attack.retreat_on_ar = *retreat_on_ar;
      attack.odds_reduction = static_cast<int>(at.odds_reduction());
      return engine::Action{std::move(attack)};
    }
    case v1::GameAction::kRetreat: {
      const v1::Retreat& r = action.retreat();
      if (r.unit() >= units_shown) return bad_unit(r.unit());
      engine::RetreatAction retreat;
      retreat.unit = static_cast<UnitIndex>(r.unit());
      retreat.stay = r.stay();
      if (r.has_to()) {
        retreat.to = hex(r.to());
        if (!retreat.to) return std::string("the retreat hex is off the map grid");
      }
      if (r.has_displace()) {
        if (r.displace() >= units_shown) return bad_unit(r.displace());
        retreat.displace = static_cast<UnitIndex>(r.displace());
      }
      return engine::Action{retreat};
    }
    case v1::GameAction::kAdvance: {
      const v1::Advance& a = action.advance();
      engine::AdvanceAction advance;
      if (!a.none()) {
        if (a.unit() >= units_shown) return bad_unit(a.unit());
        advance.unit = static_cast<UnitIndex>(a.unit());
        if (!a.has_into()) return std::string("an advance names the hex it enters");
        advance.into = hex(a.into());
        if (!advance.into) return std::string("the advance hex is off the map grid");
      }
      return engine::Action{advance};
    }
    case v1::GameAction::kExchangeLosses: {
      const auto units = units_from(action.exchange_losses().units(), units_shown);
      if (!units) return std::string("an exchange names a unit number that is not in this game");
      return engine::Action{engine::ExchangeLossAction{*units}};
    }
    case v1::GameAction::kPlace: {
      const v1::PlaceUnit& p = action.place();
      if (p.unit() >= units_shown) return bad_unit(p.unit());
      if (!p.has_hex()) return std::string("a placement names its hex");
      const auto at = hex(p.hex());
      if (!at) return std::string("the placement hex is off the map grid");
      return engine::Action{engine::PlaceAction{static_cast<UnitIndex>(p.unit()), *at}};
    }
    case v1::GameAction::kRule: {
      // A rule's action: its words and lists are bounded here; whether the rule is in force and
      // the action legal is the engine's business (validate()).
      const v1::RuleAction& r = action.rule();
      if (r.rule().size() > kMaxRuleWord || r.verb().size() > kMaxRuleWord ||
          r.choice().size() > kMaxRuleChoice)
        return std::string("a rule action's rule, verb or choice is too long");
      if (r.units_size() > kMaxRuleItems || r.hexes_size() > kMaxRuleItems ||
          r.numbers_size() > kMaxRuleItems)
        return std::string("a rule action names too many units, hexes or numbers");
      const auto units = units_from(r.units(), units_shown);
      if (!units) return std::string("a rule action names a unit number that is not in this game");
      engine::RuleAction rule{r.rule(),  r.verb(), *units, {}, {r.numbers().begin(), r.numbers().end()},
                              r.choice()};
      for (const v1::HexCoord& coord : r.hexes()) {
        const auto h = hex(coord);
        if (!h) return std::string("a hex of the rule action is off the map grid");
        rule.hexes.push_back(*h);
      }
      return engine::Action{std::move(rule)};
    }
    case v1::GameAction::kNotation:
      return std::string("a notation action is parsed by the server, not converted");
    case v1::GameAction::KIND_NOT_SET:
      break;
  }
  return std::string("the action is empty");
}

}  // namespace hd::wire
