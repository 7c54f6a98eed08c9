#include <hd/engine/board/hex.hpp>
#include <hd/engine/state/dice.hpp>
#include <hd/term/state_text.hpp>
#include <hd/term/view_bot.hpp>
#include <hd/wire/game_convert.hpp>
#include <hd/wire/hex_convert.hpp>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace hd::term {

namespace v1 = hundred_days::v1;

namespace {

// After this many refusals in a row the bot ends the phase if it may; after kStuck it gives up.
constexpr int kPreferEnd = 8;
constexpr int kStuck = 40;
// How many of its units a move decision asks QueryReachable for before it ends the phase.
constexpr int kUnitsAsked = 6;
// 16.6B: a move decision with an own marker free to move moves a marker one time in this many.
constexpr std::uint64_t kMarkerOneIn = 3;

v1::Army army_of(v1::Seat seat) {
  switch (seat) {
    case v1::SEAT_FRENCH:
      return v1::ARMY_FRENCH;
    case v1::SEAT_PRUSSIAN:
      return v1::ARMY_PRUSSIAN;
    case v1::SEAT_ALLIED:
      return v1::ARMY_ALLIED;
    default:
      return v1::ARMY_UNSPECIFIED;
  }
}

engine::Hex hex_of(const v1::HexCoord& coord) {
  return engine::Hex{static_cast<int>(coord.column()), static_cast<int>(coord.row())};
}

// Coalition teamwork (docs/protocol.md, AttackProposal): the mixed attack our teammate proposed in
// the open game: the bot agrees to it.
void accept_teammate_proposal(Client& client) {
  const auto& game = client.game();
  v1::ClientEnvelope confirm;
  confirm.mutable_confirm_attack()->set_game_id(game->game_id);
  confirm.mutable_confirm_attack()->set_proposal_id(game->proposal->proposal_id());
  confirm.mutable_confirm_attack()->set_accept(true);
  client.request(confirm);
}

// Why a wait for the game came to nothing: the connection's error, or nothing heard for the
// options' idle timeout.
std::string idle_error(const Client& client, const BotOptions& options) {
  return client.connected() ? "nothing happened for " + std::to_string(options.idle_timeout.count()) + " ms"
                            : client.last_error();
}

v1::GameAction end_phase() {
  v1::GameAction action;
  action.mutable_end_phase();
  return action;
}

// The random choices of one bot over a game, and what it remembers between them.
class ViewBot {
 public:
  ViewBot(Client& client, std::uint64_t seed) : client_(client), random_(seed) {}

  // The action for the decision the view shows as ours. `prefer_end`: refused too often, end the
  // phase. Actions already refused at this point of the game are not drawn again where avoidable.
  v1::GameAction choose(bool prefer_end) {
    const OpenGameState& game = *client_.game();
    const v1::PendingDecision& pending = game.view.pending();
    const std::tuple<std::uint32_t, int, int> phase{game.view.turn(), game.view.phasing(), game.view.phase()};
    if (phase != phase_) {  // a new phase: every unit may be asked about again
      phase_ = phase;
      no_reach_.clear();
    }
    if (game.sequence != refused_at_) {
      refused_at_ = game.sequence;
      refused_.clear();
    }
    for (int draw = 0; draw < 8; ++draw) {
      std::optional<v1::GameAction> action = prefer_end ? forced(pending) : draw_for(pending);
      if (!action) action = end_phase();
      if (!refused_.count(action->SerializeAsString())) return *action;
      prefer_end = false;  // the end was refused already: draw something else
    }
    return draw_for(pending).value_or(end_phase());
  }

  // Notes the answer to `action`: a refusal is not drawn again here; an attack's attackers are kept
  // for the exchange that may follow it (6.5A).
  void answered(const v1::GameAction& action, bool accepted) {
    if (!accepted) {
      refused_.insert(action.SerializeAsString());
      return;
    }
    if (action.has_attack())
      last_attackers_.assign(action.attack().attackers().begin(), action.attack().attackers().end());
    if (action.has_move()) no_reach_.insert(action.move().unit());
  }

 private:
  // What a decision that was refused too often does: a decision that may not be ended still needs
  // a choice, so those draw as usual.
  std::optional<v1::GameAction> forced(const v1::PendingDecision& pending) {
    switch (pending.kind()) {
      case v1::DECISION_KIND_RETREAT:
      case v1::DECISION_KIND_ADVANCE:
      case v1::DECISION_KIND_EXCHANGE_CHOICE:
        return draw_for(pending);
      default:
        return end_phase();
    }
  }

  std::optional<v1::GameAction> draw_for(const v1::PendingDecision& pending) {
    switch (pending.kind()) {
      case v1::DECISION_KIND_MOVE:
        return move();
      case v1::DECISION_KIND_ATTACK:
        return attack();
      case v1::DECISION_KIND_RETREAT:
        return retreat(pending);
      case v1::DECISION_KIND_ADVANCE:
        return advance();
      case v1::DECISION_KIND_EXCHANGE_CHOICE:
        return exchange(pending);
      case v1::DECISION_KIND_RULE:
        return choice(pending, 3);
      case v1::DECISION_KIND_SETUP_PLACEMENT:
        return choice(pending, 2);
      default:  // SETUP_END and anything newer: end it
        return end_phase();
    }
  }

  template <typename T>
  const T& pick(const std::vector<T>& items) {
    return items[static_cast<std::size_t>(random_.below(items.size()))];
  }

  // The server's answer to a query, if it is of the kind asked for.
  std::optional<v1::ServerEnvelope> ask(const v1::ClientEnvelope& query) {
    auto answer = client_.request(query);
    if (!answer || answer->has_refusal()) return std::nullopt;
    return answer;
  }

  bool mine(v1::Army army) const {
    for (v1::Seat seat : client_.game()->my_seats)
      if (army_of(seat) == army) return true;
    return false;
  }
  bool mine(const v1::Unit& unit) const { return mine(unit.army()); }

  // 5.4: hexes where another of our non-leader units stands (a non-leader does not stop there, so
  // the phase can always end within the stacking limit; leaders stack freely, 10.1B).
  std::set<engine::Hex> own_stacks(std::uint32_t moving) const {
    std::set<engine::Hex> taken;
    for (const v1::Unit& unit : client_.game()->view.units())
      if (unit.index() != moving && mine(unit) && unit.status() == v1::UNIT_STATUS_ON_MAP &&
          unit.type() != v1::UNIT_TYPE_LEADER)
        taken.insert(hex_of(unit.hex()));
    return taken;
  }

  // 5.0: now and then end the phase; else, one time in kMarkerOneIn, one of our 16.6 markers if one
  // may move (marker_move); else a random own unit not yet moved (on the map, or a reinforcement
  // due), to a random hex QueryReachable says it may stop in.
  std::optional<v1::GameAction> move() {
    const OpenGameState& game = *client_.game();
    if (random_.below(10) == 0) return end_phase();
    if (random_.below(kMarkerOneIn) == 0)
      if (auto marker = marker_move()) return marker;
    std::vector<const v1::Unit*> movable;
    for (const v1::Unit& unit : game.view.units()) {
      if (!mine(unit) || unit.moved() || no_reach_.count(unit.index())) continue;
      const bool due = unit.status() == v1::UNIT_STATUS_WAITING && unit.arrival_turn() >= 0 &&
                       unit.arrival_turn() <= static_cast<int>(game.view.turn());
      if (unit.status() == v1::UNIT_STATUS_ON_MAP || due) movable.push_back(&unit);
    }
    for (int asked = 0; asked < kUnitsAsked && !movable.empty(); ++asked) {
      const std::size_t at = static_cast<std::size_t>(random_.below(movable.size()));
      const v1::Unit& unit = *movable[at];
      movable.erase(movable.begin() + static_cast<std::ptrdiff_t>(at));
      v1::ClientEnvelope query;
      query.mutable_query_reachable()->set_game_id(game.game_id);
      query.mutable_query_reachable()->set_unit(unit.index());
      const auto answer = ask(query);
      std::vector<const v1::ReachableHex*> stops;
      if (answer && answer->has_reachable()) {
        const std::set<engine::Hex> taken =
            unit.type() == v1::UNIT_TYPE_LEADER ? std::set<engine::Hex>{} : own_stacks(unit.index());
        for (const v1::ReachableHex& hex : answer->reachable().hexes())
          if (!hex.stop_refused() && hex.path_size() > 0 && !taken.count(hex_of(hex.hex())))
            stops.push_back(&hex);
      }
      if (stops.empty()) {
        no_reach_.insert(unit.index());  // not asked again this phase
        continue;
      }
      const v1::ReachableHex& target = *pick(stops);
      v1::GameAction action;
      action.mutable_move()->set_unit(unit.index());
      *action.mutable_move()->mutable_path() = target.path();
      return action;
    }
    return end_phase();
  }

  // 16.6B: one of our markers not yet moved this phase (nor being revealed, 16.6C), by a path of one
  // or two hexes on the grid, drawn at random from those not refused at this point of the game. A
  // path is left out when the view shows a unit (our leaders aside) or another pair's marker in a
  // hex of it, or when it turns back; the rest (enemy observation, 16.3; the slowest allowance of
  // the pair's pieces; terrain) the server judges, refusing it or, where an enemy the side does not
  // see observes the path, accepting it and revealing the pair there (16.6C). None if no such path.
  std::optional<v1::GameAction> marker_move() {
    const v1::GameView& view = client_.game()->view;
    std::vector<const v1::HiddenMarker*> markers;
    for (const v1::HiddenMarker& marker : view.markers())
      if (mine(marker.army()) && !marker.moved() && !marker.revealing()) markers.push_back(&marker);
    if (markers.empty()) return std::nullopt;
    // 16.6B: "may not stack with any other unit ... Leaders may stack with a marker freely".
    std::set<engine::Hex> closed;
    for (const v1::Unit& unit : view.units())
      if (unit.status() == v1::UNIT_STATUS_ON_MAP && unit.has_hex() &&
          !(mine(unit) && unit.type() == v1::UNIT_TYPE_LEADER))
        closed.insert(hex_of(unit.hex()));
    std::vector<v1::GameAction> candidates;
    for (const v1::HiddenMarker* marker : markers) {
      std::set<engine::Hex> blocked = closed;
      for (const v1::HiddenMarker& other : view.markers())
        if (other.army() != marker->army() || other.pair() != marker->pair())
          blocked.insert(hex_of(other.hex()));
      const auto open = [&](engine::Hex hex) {
        return engine::kNlbGrid.contains(hex) && !blocked.count(hex);
      };
      const engine::Hex from = hex_of(marker->hex());
      std::vector<std::vector<engine::Hex>> paths;
      for (engine::Hex first : engine::neighbours(from)) {
        if (!open(first)) continue;
        paths.push_back({first});
        for (engine::Hex second : engine::neighbours(first))
          if (second != from && open(second)) paths.push_back({first, second});
      }
      for (const std::vector<engine::Hex>& path : paths) {
        v1::GameAction action;
        v1::RuleAction& rule = *action.mutable_rule();
        rule.set_rule("16.6");
        rule.set_verb("move-marker");
        // The engine's Army number, as the wire passes it on (the window client's move_marker_action).
        const std::optional<engine::Army> owner = wire::from_proto(marker->army());
        if (!owner) break;
        rule.add_numbers(static_cast<int>(*owner));
        rule.add_numbers(static_cast<int>(marker->pair()));
        rule.set_choice(marker->b() ? "B" : "A");
        for (engine::Hex hex : path)
          *rule.add_hexes() = wire::to_proto(hex);
        if (!refused_.count(action.SerializeAsString())) candidates.push_back(std::move(action));
      }
    }
    if (candidates.empty()) return std::nullopt;
    return pick(candidates);
  }

  // Whether the server judges `attack` legal on our side's board (QueryOdds).
  bool legal(const v1::Attack& attack) {
    v1::ClientEnvelope query;
    query.mutable_query_odds()->set_game_id(client_.game()->game_id);
    *query.mutable_query_odds()->mutable_attack() = attack;
    const auto answer = ask(query);
    return answer && answer->has_odds_answer() && answer->odds_answer().legal();
  }

  // 6.0: an owed combat first (6.1), else half the time one of the others, else end. The attack
  // takes every listed attacker if QueryOdds finds that legal; else it adds them stack by stack
  // while it stays legal (and, with no attacker, the bombarding artillery one by one, 7.1).
  std::optional<v1::GameAction> attack() {
    const OpenGameState& game = *client_.game();
    v1::ClientEnvelope query;
    query.mutable_query_combat_options()->set_game_id(game.game_id);
    const auto answer = ask(query);
    if (!answer || !answer->has_combat_options()) return end_phase();
    std::vector<const v1::CombatOption*> owed;
    std::vector<const v1::CombatOption*> others;
    for (const v1::CombatOption& option : answer->combat_options().options())
      (option.owed() ? owed : others).push_back(&option);
    if (owed.empty() && (others.empty() || random_.below(2) == 0)) return end_phase();
    const v1::CombatOption& option = owed.empty() ? *pick(others) : *pick(owed);
    v1::GameAction action;
    v1::Attack& attack = *action.mutable_attack();
    *attack.mutable_defenders() = option.defenders();
    *attack.mutable_attackers() = option.attackers();
    if (option.attackers_size() > 0 && legal(attack)) return action;
    attack.clear_attackers();
    std::map<engine::Hex, std::vector<std::uint32_t>> stacks;
    for (std::uint32_t unit : option.attackers())
      for (const v1::Unit& shown : game.view.units())
        if (shown.index() == unit) stacks[hex_of(shown.hex())].push_back(unit);
    for (const auto& [hex, units] : stacks) {
      v1::Attack trial = attack;
      for (std::uint32_t unit : units)
        trial.add_attackers(unit);
      if (legal(trial)) attack = trial;
    }
    if (attack.attackers_size() == 0) {
      for (std::uint32_t unit : option.bombarding()) {
        v1::Attack trial = attack;
        trial.add_bombarding(unit);
        if (legal(trial)) attack = trial;
      }
    }
    if (attack.attackers_size() == 0 && attack.bombarding_size() == 0) return end_phase();
    return action;
  }

  // 6.6: a random hex of those QueryRetreats gives (8.2C: now and then stand, where allowed).
  std::optional<v1::GameAction> retreat(const v1::PendingDecision& pending) {
    v1::ClientEnvelope query;
    query.mutable_query_retreats()->set_game_id(client_.game()->game_id);
    const auto answer = ask(query);
    v1::GameAction action;
    v1::Retreat& retreat = *action.mutable_retreat();
    retreat.set_unit(answer && answer->has_retreat_hexes() ? answer->retreat_hexes().unit() : pending.unit());
    std::vector<v1::HexCoord> hexes;
    if (answer && answer->has_retreat_hexes())
      hexes.assign(answer->retreat_hexes().hexes().begin(), answer->retreat_hexes().hexes().end());
    if (pending.may_stay() && (hexes.empty() || random_.below(4) == 0)) {
      retreat.set_stay(true);
      return action;
    }
    if (hexes.empty()) return displacing(retreat.unit());
    *retreat.mutable_to() = pick(hexes);
    return action;
  }

  // 6.6D: with no open retreat hex, the retreat into a hex next to it that displaces a friendly
  // unit there (the rule may refuse it, e.g. when the friend cannot get away): a random one of
  // those not yet refused at this point of the game. None when every such retreat was refused.
  std::optional<v1::GameAction> displacing(std::uint32_t retreating) {
    const auto& units = client_.game()->view.units();
    const v1::Unit* unit = nullptr;
    for (const v1::Unit& shown : units)
      if (shown.index() == retreating && shown.status() == v1::UNIT_STATUS_ON_MAP) unit = &shown;
    if (!unit) return std::nullopt;
    const auto french = [](v1::Army army) { return army == v1::ARMY_FRENCH; };
    std::vector<v1::GameAction> candidates;
    for (const v1::Unit& other : units) {
      if (other.index() == retreating || other.status() != v1::UNIT_STATUS_ON_MAP ||
          french(other.army()) != french(unit->army()) ||
          !engine::adjacent(hex_of(unit->hex()), hex_of(other.hex())))
        continue;
      v1::GameAction action;
      v1::Retreat& retreat = *action.mutable_retreat();
      retreat.set_unit(retreating);
      *retreat.mutable_to() = other.hex();
      retreat.set_has_displace(true);
      retreat.set_displace(other.index());
      if (!refused_.count(action.SerializeAsString())) candidates.push_back(std::move(action));
    }
    if (candidates.empty()) return std::nullopt;
    return pick(candidates);
  }

  // 6.7: half the time decline; else a random unit QueryRetreats offers into a vacated hex next to it.
  std::optional<v1::GameAction> advance() {
    v1::GameAction action;
    v1::Advance& advance = *action.mutable_advance();
    advance.set_none(true);
    if (random_.below(2) == 0) return action;
    v1::ClientEnvelope query;
    query.mutable_query_retreats()->set_game_id(client_.game()->game_id);
    const auto answer = ask(query);
    if (!answer || !answer->has_retreat_hexes()) return action;
    const v1::RetreatHexes& offer = answer->retreat_hexes();
    std::vector<std::pair<std::uint32_t, v1::HexCoord>> moves;
    for (std::uint32_t unit : offer.advance_units())
      for (const v1::Unit& shown : client_.game()->view.units())
        if (shown.index() == unit && shown.status() == v1::UNIT_STATUS_ON_MAP)
          for (const v1::HexCoord& into : offer.advance_hexes())
            if (engine::adjacent(hex_of(shown.hex()), hex_of(into))) moves.emplace_back(unit, into);
    if (moves.empty()) return action;
    const auto& [unit, into] = pick(moves);
    advance.set_none(false);
    advance.set_unit(unit);
    *advance.mutable_into() = into;
    return action;
  }

  // 6.5A: as the engine's exchange_loss_choices: of the attackers of our last attack still on the
  // map, a random set whose strength meets the loss with none to spare (every one if they cannot).
  std::optional<v1::GameAction> exchange(const v1::PendingDecision& pending) {
    std::vector<std::pair<std::uint32_t, int>> candidates;  // unit, strength
    for (std::uint32_t unit : last_attackers_)
      for (const v1::Unit& shown : client_.game()->view.units())
        if (shown.index() == unit && shown.status() == v1::UNIT_STATUS_ON_MAP)
          candidates.emplace_back(unit, static_cast<int>(shown.strength()));
    const int loss = static_cast<int>(pending.exchange_loss());
    int everything = 0;
    for (const auto& candidate : candidates)
      everything += candidate.second;
    std::vector<std::vector<std::uint32_t>> choices;
    if (everything < loss || candidates.size() > 16) {
      choices.emplace_back();
      for (const auto& candidate : candidates)
        choices.back().push_back(candidate.first);
    } else {
      for (std::size_t mask = 0; mask < (std::size_t{1} << candidates.size()); ++mask) {
        int total = 0;
        int weakest = 1 << 30;
        std::vector<std::uint32_t> units;
        for (std::size_t i = 0; i < candidates.size(); ++i) {
          if (!(mask & (std::size_t{1} << i))) continue;
          total += candidates[i].second;
          weakest = std::min(weakest, candidates[i].second);
          units.push_back(candidates[i].first);
        }
        if (total >= loss && total - weakest < loss) choices.push_back(std::move(units));
      }
    }
    if (choices.empty()) return std::nullopt;
    v1::GameAction action;
    for (std::uint32_t unit : pick(choices))
      action.mutable_exchange_losses()->add_units(unit);
    return action;
  }

  // A rule's segment or a set-up: one of the view's choices, sent as it stands, or (one time in
  // `end_one_in`, and always without choices) the end of it. A segment decided by the side not
  // phasing (16.6C: the owner deploys in the enemy's phase) is not ended by it: a choice is taken.
  std::optional<v1::GameAction> choice(const v1::PendingDecision& pending, std::uint64_t end_one_in) {
    const bool may_end = pending.side() == client_.game()->view.phasing();
    if (pending.choices_size() == 0 || (may_end && random_.below(end_one_in) == 0)) return end_phase();
    return pending
        .choices(static_cast<int>(random_.below(static_cast<std::uint64_t>(pending.choices_size()))))
        .action();
  }

  Client& client_;
  engine::SplitMix64 random_;
  std::tuple<std::uint32_t, int, int> phase_{~0u, -1, -1};
  std::set<std::uint32_t> no_reach_;  // units with nowhere to go this phase, or moved by us
  std::uint64_t refused_at_ = ~std::uint64_t{0};
  std::set<std::string> refused_;  // serialized actions refused at sequence refused_at_
  std::vector<std::uint32_t> last_attackers_;
};

// A short text of a typed action for an error message (the lite runtime has no debug strings).
std::string describe(const v1::GameAction& action) {
  switch (action.kind_case()) {
    case v1::GameAction::kMove:
      return "move unit " + std::to_string(action.move().unit());
    case v1::GameAction::kEndPhase:
      return "end";
    case v1::GameAction::kAttack:
      return "attack with " + std::to_string(action.attack().attackers_size()) + " attackers";
    case v1::GameAction::kRetreat:
      return "retreat unit " + std::to_string(action.retreat().unit());
    case v1::GameAction::kAdvance:
      return action.advance().none() ? "no advance"
                                     : "advance unit " + std::to_string(action.advance().unit());
    case v1::GameAction::kExchangeLosses:
      return "exchange losses of " + std::to_string(action.exchange_losses().units_size()) + " units";
    case v1::GameAction::kRule:
      return action.rule().rule() + " " + action.rule().verb();
    default:
      return "action";
  }
}

// 16.6B: a hidden movement marker's move.
bool is_marker_move(const v1::GameAction& action) {
  return action.has_rule() && action.rule().rule() == "16.6" && action.rule().verb() == "move-marker";
}

}  // namespace

bool play_bot_from_view(Client& client, const BotOptions& options, BotStats& stats, std::string& error) {
  ViewBot bot(client, options.seed);
  std::uint64_t sent = 0;
  int refused_in_row = 0;
  while (!client.game()->finished()) {
    if (sent >= options.max_actions) {
      error = "stopped after " + std::to_string(sent) + " actions";
      return false;
    }
    const bool ready = client.pump(options.idle_timeout, [&] {
      const auto& g = client.game();
      return g->proposal || g->finished() || client.my_decision();
    });
    const auto& g = client.game();
    if (g->finished()) break;
    if (g->proposal) {
      accept_teammate_proposal(client);
      continue;
    }
    if (!ready) {
      error = idle_error(client, options);
      return false;
    }
    const v1::GameAction action = bot.choose(refused_in_row >= kPreferEnd);
    v1::ClientEnvelope submit;
    submit.mutable_submit_action()->set_game_id(g->game_id);
    *submit.mutable_submit_action()->mutable_action() = action;
    if (options.before_action) options.before_action();
    const auto started = std::chrono::steady_clock::now();
    const auto answer = client.request(submit);
    const auto elapsed = std::chrono::steady_clock::now() - started;
    ++sent;
    if (!answer) {
      error = client.last_error();
      return false;
    }
    if (answer->has_refusal()) {  // chosen again; only a bot refused over and over gives up
      ++stats.refusals;
      if (is_marker_move(action)) ++stats.marker_refusals;
      bot.answered(action, false);
      if (++refused_in_row >= kStuck) {
        error = "stuck: " + std::to_string(refused_in_row) + " refusals in a row at '" +
                client.game()->view.pending().what() + "', the last '" + describe(action) + "' " +
                format_refusal(answer->refusal());
        return false;
      }
      continue;
    }
    if (!answer->has_action_accepted()) {
      error = "unexpected answer to SubmitAction";
      return false;
    }
    refused_in_row = 0;
    bot.answered(action, true);
    ++stats.actions;
    if (is_marker_move(action)) ++stats.marker_moves;
    stats.latencies_us.push_back(std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count());
    // Accepted and applied: wait for its update (numbered in our side's stream) before choosing again.
    const std::uint64_t applied = answer->action_accepted().sequence();
    if (applied > 0 && !client.pump(options.idle_timeout, [&] {
          return client.game()->sequence >= applied || client.game()->finished();
        })) {
      error = "the update of sequence " + std::to_string(applied) + " did not arrive";
      return false;
    }
  }
  return true;
}

}  // namespace hd::term
