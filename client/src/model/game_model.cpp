#include "model/game_model.hpp"

#include "net/requests.hpp"

#include <hd/wire/hex_convert.hpp>
#include <hd/wire/secret_opening_check.hpp>

#include <algorithm>
#include <cmath>

namespace hd::client {
namespace {

constexpr std::size_t kMaxChatLines = 200;

template <typename T>
void keep_last(std::vector<T>& lines, std::size_t count) {
  if (lines.size() > count) lines.erase(lines.begin(), lines.end() - static_cast<std::ptrdiff_t>(count));
}

bool contains(const google::protobuf::RepeatedField<std::uint32_t>& list, std::uint32_t value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

}  // namespace

std::optional<engine::Hex> hex_of(const pb::HexCoord& coord) {
  return wire::from_proto(coord, engine::kNlbGrid);
}

pb::Army army_of(pb::Seat seat) {
  switch (seat) {
    case pb::SEAT_FRENCH:
      return pb::ARMY_FRENCH;
    case pb::SEAT_PRUSSIAN:
      return pb::ARMY_PRUSSIAN;
    case pb::SEAT_ALLIED:
      return pb::ARMY_ALLIED;
    default:
      return pb::ARMY_UNSPECIFIED;
  }
}

std::string army_name(pb::Army army) {
  switch (army) {
    case pb::ARMY_FRENCH:
      return "French";
    case pb::ARMY_PRUSSIAN:
      return "Prussian";
    case pb::ARMY_ALLIED:
      return "Allied";
    default:
      return "?";
  }
}

std::string side_name(pb::Side side) {
  switch (side) {
    case pb::SIDE_FRENCH:
      return "French";
    case pb::SIDE_COALITION:
      return "Coalition";
    default:
      return "nobody";
  }
}

std::string phase_name(pb::Phase phase) {
  switch (phase) {
    case pb::PHASE_MOVEMENT:
      return "movement";
    case pb::PHASE_COMBAT:
      return "combat";
    case pb::PHASE_GAME_OVER:
      return "game over";
    case pb::PHASE_SETUP:
      return "setup";
    default:
      return "?";
  }
}

namespace {

// "turn 3/7 (16 June 1400)" for the view's turn, or "" if the scenario does not list it.
std::string turn_words(const pb::ScenarioInfo& scenario, const pb::GameView& view) {
  if (view.turn() >= static_cast<std::uint32_t>(scenario.turns_size())) return {};
  return "turn " + std::to_string(view.turn() + 1) + "/" + std::to_string(scenario.turns_size()) + " (" +
         scenario.turns(static_cast<int>(view.turn())).label() + ")";
}

}  // namespace

void GameModel::apply_snapshot(const pb::GameSnapshot& snapshot, std::optional<std::uint64_t> catch_up_from) {
  const bool same_game = open() && snapshot.game_id() == game_id_;
  if (!same_game) {  // 16.3: another game's area is not this one's
    observed_area_shown_ = false;
    observed_area_.reset();
  }
  const std::uint64_t seen = sequence_;
  if (snapshot.game_id() != game_id_) export_message_.clear();
  game_id_ = snapshot.game_id();
  sequence_ = snapshot.sequence();
  spectating_ = snapshot.spectating();
  my_seats_.clear();
  for (const int seat : snapshot.my_seats())
    my_seats_.push_back(static_cast<pb::Seat>(seat));
  scenario_ = snapshot.scenario();
  view_ = snapshot.view();
  summary_ = snapshot.summary();
  chat_.assign(snapshot.recent_chat().begin(), snapshot.recent_chat().end());
  combats_.clear();           // a snapshot carries no dice to show
  move_trails_.reset(view_);  // nor the moves that led to it
  snapshot_sequence_ = sequence_;
  const std::string turn = turn_words(scenario_, view_);
  const std::string at = "action " + std::to_string(sequence_) + (turn.empty() ? "" : ", " + turn);
  if (same_game) {
    // A reconnect or a gap: the log so far stays; the snapshot may stand before what was logged.
    log_.add("Reloaded at " + at + " (you had seen action " + std::to_string(seen) + ")" +
             (catch_up_from ? "; the actions since follow" : ""));
  } else {
    log_.clear();
    away_.reset();
    log_.add("Opened " + scenario_.title() + " (game " + std::to_string(game_id_) + ") at " + at);
    if (catch_up_from) {
      // The count is known once caught up (the snapshot does not say where the present is).
      const std::uint64_t since = *catch_up_from;
      away_ = AwayLine{
          log_.add("While you were away (since action " + std::to_string(since) + "): the actions follow"),
          since};
      if (sequence_ > since) {  // a catch-up goes back at most 64 actions (docs/games.md)
        const std::string skipped = sequence_ == since + 1 ? "action " + std::to_string(sequence_)
                                                           : "actions " + std::to_string(since + 1) + " to " +
                                                                 std::to_string(sequence_);
        log_.add("The server replays at most the last 64 actions: " + skipped +
                 (sequence_ == since + 1 ? " is" : " are") + " not replayed here");
      }
    } else if (sequence_ > 0) {
      log_.add("The server sent the position only: the " + std::to_string(sequence_) +
               " actions before it are not replayed here");
    }
  }
  // 18.5C (docs/commitments.md): the commitments first seen for this game stay; openings are
  // checked against them. A choice made during play (28.0D, 22.6B) is new to a later snapshot.
  if (commitments_game_ != game_id_) {
    commitments_.Clear();
    commitments_game_ = game_id_;
  }
  for (const auto& commitment : snapshot.secret_commitments()) keep_commitment(commitment);
  for (const auto& opening : snapshot.secret_openings())
    log_.add(wire::check_opening(game_id_, commitments_, opening).message);
  hint_.clear();
  clear_selection();
  combat_options_.reset();
  retreats_.reset();
  proposal_.reset();
  draw_offer_.reset();
  after_view_change();
}

void GameModel::keep_commitment(const pb::SecretCommitment& commitment) {
  for (const auto& first : commitments_)
    if (first.choice_id() == commitment.choice_id()) {
      if (first.commitment() != commitment.commitment())
        log_.add("WARNING: secret choice " + commitment.choice_id() + ": its commitment changed");
      return;
    }
  *commitments_.Add() = commitment;
}

void GameModel::caught_up() {
  if (!open()) return;
  const std::uint64_t replayed = sequence_ > snapshot_sequence_ ? sequence_ - snapshot_sequence_ : 0;
  const std::string turn = turn_words(scenario_, view_);
  if (away_) {
    const std::uint64_t missed = sequence_ > away_->since ? sequence_ - away_->since : 0;
    log_.replace(away_->entry, "While you were away: " + std::to_string(missed) +
                                   (missed == 1 ? " action" : " actions") + " (since action " +
                                   std::to_string(away_->since) + ")");
    away_.reset();
  }
  log_.add("Caught up: " + std::to_string(replayed) + (replayed == 1 ? " action" : " actions") +
           " replayed, now at action " + std::to_string(sequence_) + (turn.empty() ? "" : ", " + turn));
}

UpdateFit GameModel::apply_update(const pb::GameUpdate& update) {
  if (update.game_id() != game_id_) return UpdateFit::AlreadySeen;
  // An undo update takes back `sequence + 1`: it carries the new last sequence.
  if (update.undone()) {
    if (update.sequence() + 1 != sequence_)
      return update.sequence() + 1 < sequence_ ? UpdateFit::Gap : UpdateFit::AlreadySeen;
    log_.add("Undone: the last move was taken back (5.1C)");
  } else {
    if (update.sequence() <= sequence_) return UpdateFit::AlreadySeen;
    if (update.sequence() != sequence_ + 1) return UpdateFit::Gap;
    if (!update.action_text().empty()) log_.add("> " + update.action_text());
    for (const auto& event : update.events())
      if (!event.text().empty()) log_.add("  " + event.text());
    for (const auto& commitment : update.secret_commitments()) keep_commitment(commitment);  // 28.0D
    for (const auto& opening : update.secret_openings())
      log_.add(wire::check_opening(game_id_, commitments_, opening).message);
    record_combats(update);
  }
  move_trails_.apply(view_, update);
  sequence_ = update.sequence();
  view_ = update.view();
  hint_.clear();
  clear_selection();
  combat_options_.reset();
  retreats_.reset();
  proposal_.reset();
  after_view_change();
  return UpdateFit::Applied;
}

std::vector<engine::Hex> GameModel::hexes_of_units(
    const google::protobuf::RepeatedField<std::uint32_t>& units) const {
  std::vector<engine::Hex> hexes;
  for (const std::uint32_t index : units) {
    const pb::Unit* found = unit(index);
    if (!found || found->status() != pb::UNIT_STATUS_ON_MAP) continue;
    const auto hex = hex_of(found->hex());
    if (hex && std::find(hexes.begin(), hexes.end(), *hex) == hexes.end()) hexes.push_back(*hex);
  }
  return hexes;
}

void GameModel::record_combats(const pb::GameUpdate& update) {
  for (const auto& event : update.events()) {
    if (!event.has_combat()) continue;
    const pb::CombatResolved& combat = event.combat();
    CombatShown shown;
    shown.serial = ++combat_serial_;
    shown.die = combat.die() >= 1 && combat.die() <= 6 ? combat.die() : 0;  // 7.0: one die
    shown.result = combat.result();
    shown.odds = combat.odds().used().empty() ? combat.odds().computed() : combat.odds().used();
    shown.defender_hexes = hexes_of_units(combat.defenders());
    shown.attacker_hexes = hexes_of_units(combat.attackers());
    combats_.push_back(std::move(shown));
  }
  keep_last(combats_, kMaxCombatsShown);
}

void GameModel::apply_chat(const pb::ChatMessage& message) {
  if (message.game_id() != game_id_) return;
  chat_.push_back(message);
  keep_last(chat_, kMaxChatLines);
}

void GameModel::apply_reachable(const pb::Reachable& reachable) {
  if (reachable.game_id() != game_id_ || selected_unit_ != reachable.unit()) return;
  reachable_.clear();
  for (const auto& entry : reachable.hexes())
    if (const auto hex = hex_of(entry.hex())) reachable_[*hex] = entry;
}

void GameModel::apply_command_range(const pb::CommandRange& range) {
  if (range.game_id() == game_id_ && selected_unit_ == range.unit()) command_range_ = range;
}

void GameModel::apply_combat_options(const pb::CombatOptions& options) {
  if (options.game_id() == game_id_) combat_options_ = options;
}

void GameModel::apply_odds(const pb::OddsAnswer& odds) {
  if (odds.game_id() == game_id_ && combat_built()) odds_ = odds;
}

void GameModel::apply_retreats(const pb::RetreatHexes& retreats) {
  if (retreats.game_id() != game_id_) return;
  if (retreats.hexes().empty() && retreats.advance_hexes().empty()) {
    retreats_.reset();
  } else {
    retreats_ = retreats;
  }
}

void GameModel::apply_proposal(const pb::AttackProposal& proposal) {
  if (proposal.game_id() == game_id_) proposal_ = proposal;
}

void GameModel::note(const std::string& line) {
  log_.add(line);
}

const pb::TurnInfo* GameModel::turn_info() const {
  if (view_.turn() >= static_cast<std::uint32_t>(scenario_.turns_size())) return nullptr;
  return &scenario_.turns(static_cast<int>(view_.turn()));
}

std::vector<std::uint32_t> GameModel::units_at(engine::Hex hex) const {
  const auto found = stacks_.find(hex);
  return found == stacks_.end() ? std::vector<std::uint32_t>{} : found->second;
}

const pb::Unit* GameModel::unit(std::uint32_t index) const {
  for (const auto& each : view_.units())
    if (each.index() == index) return &each;
  return nullptr;
}

std::string GameModel::turn_name(std::int32_t turn) const {
  if (turn >= 0 && turn < scenario_.turns_size() && !scenario_.turns(turn).label().empty())
    return scenario_.turns(turn).label();
  return "T" + std::to_string(static_cast<std::int64_t>(turn) + 1);
}

std::optional<std::string> GameModel::last_seen(const pb::Unit& unit) const {
  if (!unit.unobserved()) return std::nullopt;
  if (!unit.has_last_seen_turn()) return std::string("last seen");
  return "last seen " + turn_name(unit.last_seen_turn());
}

std::vector<std::uint32_t> GameModel::arrivals() const {
  std::vector<std::uint32_t> result;
  for (const auto& each : view_.units()) {
    if (each.status() == pb::UNIT_STATUS_WAITING && is_mine(each) && each.arrival_turn() >= 0 &&
        static_cast<std::uint32_t>(each.arrival_turn()) <= view_.turn()) {
      result.push_back(each.index());
    }
  }
  return result;
}

std::optional<engine::Hex> GameModel::my_forces_centre() const {
  double columns = 0;
  double rows = 0;
  int count = 0;
  for (const auto& each : view_.units()) {
    if (each.status() != pb::UNIT_STATUS_ON_MAP || !is_mine(each)) continue;
    if (const auto hex = hex_of(each.hex())) {
      columns += hex->column;
      rows += hex->row;
      ++count;
    }
  }
  if (count == 0) return std::nullopt;
  return engine::Hex{static_cast<int>(std::lround(columns / count)),
                     static_cast<int>(std::lround(rows / count))};
}

pb::Side GameModel::control_of(engine::Hex hex) const {
  const auto found = control_.find(hex);
  return found == control_.end() ? pb::SIDE_UNSPECIFIED : found->second;
}

bool GameModel::my_decision() const {
  for (const auto seat : view_.pending().seats())
    if (std::find(my_seats_.begin(), my_seats_.end(), static_cast<pb::Seat>(seat)) != my_seats_.end())
      return true;
  return false;
}

bool GameModel::exchange_pending() const {
  return my_decision() && view_.pending().kind() == pb::DECISION_KIND_EXCHANGE_CHOICE;  // 6.5A
}

std::vector<const pb::DecisionChoice*> GameModel::rule_choices() const {
  std::vector<const pb::DecisionChoice*> choices;
  // A rule's decision, or my set-up (3.2C) with the actions a rule adds beside its placements
  // (16.6A's hides): the server describes those only to the deciding seats.
  const auto kind = view_.pending().kind();
  if (!my_decision() || (kind != pb::DECISION_KIND_RULE && kind != pb::DECISION_KIND_SETUP_PLACEMENT))
    return choices;
  for (const pb::DecisionChoice& choice : view_.pending().choices())
    choices.push_back(&choice);
  return choices;
}

std::vector<std::size_t> GameModel::rule_choices_at(engine::Hex hex) const {
  std::vector<std::size_t> at;
  const auto choices = rule_choices();
  for (std::size_t i = 0; i < choices.size(); ++i) {
    bool concerns = std::any_of(choices[i]->hexes().begin(), choices[i]->hexes().end(),
                                [&](const pb::HexCoord& coord) { return hex_of(coord) == hex; });
    for (const auto index : choices[i]->units()) {
      const pb::Unit* each = unit(index);
      concerns = concerns || (each && each->status() == pb::UNIT_STATUS_ON_MAP && hex_of(each->hex()) == hex);
    }
    if (concerns) at.push_back(i);
  }
  return at;
}

std::vector<Request> GameModel::take_rule_choice(std::size_t index) {
  const auto choices = rule_choices();
  if (index >= choices.size()) return {};
  clear_selection();
  return {requests::submit(game_id_, choices[index]->action())};
}

bool GameModel::is_mine(const pb::Unit& unit) const {
  for (const pb::Seat seat : my_seats_)
    if (army_of(seat) == unit.army()) return true;
  return false;
}

const pb::HiddenMarker* GameModel::marker(const MarkerPick& pick) const {
  for (const pb::HiddenMarker& each : view_.markers())
    if (each.army() == pick.army && each.pair() == pick.pair && each.b() == pick.b) return &each;
  return nullptr;
}

bool GameModel::is_mine(const pb::HiddenMarker& marker) const {
  for (const pb::Seat seat : my_seats_)
    if (army_of(seat) == marker.army()) return true;
  return false;
}

bool GameModel::marker_movable(const pb::HiddenMarker& marker) const {
  // 16.6B: the owner moves each marker once in his movement phase; not while a rule's segment is
  // open (the pending decision is then a rule's, not the move), nor once 16.6C reveals its pair.
  return my_decision() && view_.phase() == pb::PHASE_MOVEMENT &&
         view_.pending().kind() == pb::DECISION_KIND_MOVE && is_mine(marker) && !marker.moved() &&
         !marker.revealing() && hex_of(marker.hex()).has_value();
}

std::vector<MarkerPick> GameModel::movable_markers_at(engine::Hex hex) const {
  std::vector<MarkerPick> found;
  for (const pb::HiddenMarker& each : view_.markers())
    if (hex_of(each.hex()) == hex && marker_movable(each))
      found.push_back({each.army(), each.pair(), each.b()});
  return found;
}

std::optional<std::vector<Request>> GameModel::click_marker_path(engine::Hex hex) {
  const pb::HiddenMarker* picked = marker(*selected_marker_);
  const auto from = picked && marker_movable(*picked) ? hex_of(picked->hex()) : std::nullopt;
  if (!from) {  // the marker is gone or may no longer move
    selected_marker_.reset();
    marker_path_.clear();
    return std::nullopt;
  }
  if (hex == *from) return std::nullopt;  // its own hex: picks again (the next marker or unit there)
  if (!marker_path_.empty() && hex == marker_path_.back()) return commit_marker_move();
  if (const auto on_path = std::find(marker_path_.begin(), marker_path_.end(), hex);
      on_path != marker_path_.end()) {
    marker_path_.erase(on_path + 1, marker_path_.end());
    return std::vector<Request>{};
  }
  // 16.6B: "An HM marker ... may not stack with any other unit ... Leaders may stack with a marker
  // freely": a hex holding any other unit is not a step; the click picks there instead.
  for (const auto index : units_at(hex))
    if (const pb::Unit* each = unit(index); each && (each->type() != pb::UNIT_TYPE_LEADER || !is_mine(*each)))
      return std::nullopt;
  const engine::Hex end = marker_path_.empty() ? *from : marker_path_.back();
  if (!engine::kNlbGrid.contains(hex) || !engine::adjacent(end, hex)) return std::nullopt;
  marker_path_.push_back(hex);
  return std::vector<Request>{};
}

std::vector<Request> GameModel::commit_marker_move() {
  if (!selected_marker_ || marker_path_.empty() || !my_decision()) return {};
  const MarkerPick pick = *selected_marker_;
  const std::vector<engine::Hex> path = marker_path_;
  clear_selection();
  selected_hex_ = path.back();
  return {requests::submit(game_id_, requests::move_marker_action(pick.army, pick.pair, pick.b, path))};
}

bool GameModel::must_attack(std::uint32_t unit) const {
  return combat_options_ && contains(combat_options_->must_attack(), unit);
}

bool GameModel::must_be_attacked(std::uint32_t unit) const {
  if (!combat_options_) return false;
  for (const auto& option : combat_options_->options())
    if (option.owed() && contains(option.defenders(), unit)) return true;
  return false;
}

pb::Attack GameModel::built_attack() const {
  pb::Attack attack;
  for (const auto index : attackers_)
    attack.add_attackers(index);
  for (const auto index : defenders_)
    attack.add_defenders(index);
  for (const auto index : bombarding_)
    attack.add_bombarding(index);
  attack.set_odds_reduction(odds_reduction_);
  return attack;
}

std::vector<SightLineShown> GameModel::sight_lines() const {
  std::vector<SightLineShown> lines;
  std::vector<engine::Hex> targets;
  for (const auto index : defenders_) {
    const pb::Unit* defender = unit(index);
    const auto hex = defender ? hex_of(defender->hex()) : std::nullopt;
    if (hex && std::find(targets.begin(), targets.end(), *hex) == targets.end()) targets.push_back(*hex);
  }
  for (const auto index : bombarding_) {
    const pb::Unit* gun = unit(index);
    const auto from = gun ? hex_of(gun->hex()) : std::nullopt;
    if (!from) continue;
    SightVerdict verdict = SightVerdict::Asking;
    std::string rule;
    if (odds_ && odds_->legal()) {
      verdict = SightVerdict::Clear;
    } else if (odds_) {
      // The refusal's reason is about this gun's fire, and its first argument is this gun.
      rule = odds_->refusal().rule();
      const pb::Refusal& refusal = odds_->refusal();
      const bool names_it = refusal.args_size() > 0 &&
                            refusal.args(0).value_case() == pb::RefusalArg::kUnit &&
                            refusal.args(0).unit() == index;
      const auto reason = refusal.rule_refusal();
      const bool about_fire = reason == pb::RULE_REFUSAL_NO_LINE_OF_SIGHT ||
                              reason == pb::RULE_REFUSAL_BOMBARD_THROUGH_CHATEAU ||
                              reason == pb::RULE_REFUSAL_OUT_OF_RANGE;
      verdict = names_it && about_fire ? SightVerdict::Blocked : SightVerdict::Unknown;
      if (verdict != SightVerdict::Blocked) rule.clear();
    }
    for (const engine::Hex to : targets)
      if (to != *from) lines.push_back({index, *from, to, verdict, rule});
  }
  return lines;
}

std::vector<Request> GameModel::click_hex(engine::Hex hex, ClickIntent intent) {
  selected_hex_ = hex;
  // 16.6: an enemy marker is only shown; which of its pair is real the server does not say (16.6A).
  hint_.clear();
  for (const pb::HiddenMarker& each : view_.markers()) {
    if (hex_of(each.hex()) != hex) continue;
    const std::string name = std::to_string(each.pair()) + (each.b() ? "B" : "A");
    if (!is_mine(each)) {
      hint_ = "enemy hidden movement marker " + name + ": which of the pair is real is secret (16.6)";
      break;
    }
    if (each.moved() && view_.phase() == pb::PHASE_MOVEMENT)
      hint_ = "hidden movement marker " + name + " has moved in this phase (16.6B)";
  }
  if (!my_decision()) return {};
  const std::vector<std::uint32_t> here = units_at(hex);
  std::vector<std::uint32_t> mine;
  std::vector<std::uint32_t> theirs;
  for (const auto index : here) {
    const pb::Unit* each = unit(index);
    if (each && each->type() != pb::UNIT_TYPE_LEADER) (is_mine(*each) ? mine : theirs).push_back(index);
  }

  // A rule's decision: a click on a hex that exactly one choice concerns takes it; otherwise the
  // hex is selected and the panel lists the choices there.
  if (view_.pending().kind() == pb::DECISION_KIND_RULE) {
    const auto at = rule_choices_at(hex);
    if (at.size() == 1) return take_rule_choice(at.front());
    return {};
  }
  // My set-up (3.2C): a click only selects the hex, and the panel lists the rule choices concerning
  // it (16.6A: hide the stack there) as buttons; one is taken by its button, never by the click
  // itself. The window places no unit (units stand at the scenario's hexes; `place` is hd_term's).
  if (view_.pending().kind() == pb::DECISION_KIND_SETUP_PLACEMENT) return {};

  // 8.0 / 9.0: a pending retreat or advance takes any click on one of its legal hexes.
  if (retreats_) {
    for (const auto& coord : retreats_->hexes())
      if (hex_of(coord) == hex)
        return {requests::submit(game_id_, requests::retreat_action(retreats_->unit(), hex))};
    for (const auto& coord : retreats_->advance_hexes()) {
      if (hex_of(coord) == hex && !retreats_->advance_units().empty())
        return {requests::submit(game_id_, requests::advance_action(retreats_->advance_units(0), hex))};
    }
    return {};
  }

  if (view_.phase() == pb::PHASE_MOVEMENT) {
    if (selected_marker_)
      if (auto sent = click_marker_path(hex)) return std::move(*sent);
    if (selected_unit_) {
      const auto target = reachable_.find(hex);
      if (target != reachable_.end() && unit(*selected_unit_) &&
          hex_of(unit(*selected_unit_)->hex()) != hex) {
        std::vector<engine::Hex> path;
        for (const auto& coord : target->second.path())
          if (const auto step = hex_of(coord)) path.push_back(*step);
        const std::uint32_t moving = *selected_unit_;
        // 5.5; where the move may not end (5.4, 8.1A) the hex is only a way off the map.
        const bool exit_map =
            (intent == ClickIntent::Shifted || target->second.stop_refused()) && target->second.can_exit();
        clear_selection();
        selected_hex_ = hex;
        return {requests::submit(game_id_, requests::move_action(moving, path, exit_map))};
      }
    }
    // The stack's combat units, then its leaders (10.1: they move too; 11.2: their range shows).
    std::vector<std::uint32_t> selectable = mine;
    for (const auto index : here)
      if (const pb::Unit* each = unit(index); each && each->type() == pb::UNIT_TYPE_LEADER && is_mine(*each))
        selectable.push_back(index);
    // 16.6B: my unmoved markers in the hex come first (a leader may stack with a marker).
    const std::vector<MarkerPick> markers = movable_markers_at(hex);
    if (selectable.empty() && markers.empty()) {
      selected_unit_.reset();
      reachable_.clear();
      command_range_.reset();
      selected_marker_.reset();
      marker_path_.clear();
      return {};
    }
    // A second click on the same hex selects its next marker or unit (after the last, the first).
    std::size_t next = 0;
    if (selected_marker_) {
      const auto current = std::find(markers.begin(), markers.end(), *selected_marker_);
      if (current != markers.end()) next = static_cast<std::size_t>(current - markers.begin()) + 1;
    } else if (selected_unit_) {
      const auto current = std::find(selectable.begin(), selectable.end(), *selected_unit_);
      if (current != selectable.end())
        next = markers.size() + static_cast<std::size_t>(current - selectable.begin()) + 1;
    }
    if (next >= markers.size() + selectable.size()) next = 0;
    if (next < markers.size()) {
      clear_selection();
      selected_marker_ = markers[next];
      return {};
    }
    return select_unit(selectable[next - markers.size()]);
  }

  if (exchange_pending()) {  // 6.5A: the clicked stack's units are chosen (or no longer) as losses
    toggle(attackers_, mine);
    return {};
  }

  if (view_.phase() == pb::PHASE_COMBAT) {
    if (!mine.empty()) {
      if (intent == ClickIntent::Shifted) {
        std::vector<std::uint32_t> guns;
        for (const auto index : mine)
          if (const pb::Unit* each = unit(index); each->type() == pb::UNIT_TYPE_FOOT_ARTILLERY ||
                                                  each->type() == pb::UNIT_TYPE_HORSE_ARTILLERY ||
                                                  each->type() == pb::UNIT_TYPE_HEAVY_ARTILLERY)
            guns.push_back(index);
        toggle(bombarding_, guns);  // 7.1 bombardment
      } else {
        toggle(attackers_, mine);
      }
    } else if (!theirs.empty()) {
      toggle(defenders_, theirs);
    } else {
      return {};
    }
    odds_.reset();
    return odds_query();
  }
  return {};
}

std::vector<Request> GameModel::select_unit(std::uint32_t index) {
  const pb::Unit* chosen = unit(index);
  if (!chosen || !is_mine(*chosen)) return {};
  if (exchange_pending()) {  // 6.5A: the panel's pick chooses (or unchooses) one unit of a stack
    toggle(attackers_, {index});
    return {};
  }
  selected_unit_ = index;
  selected_marker_.reset();
  marker_path_.clear();
  if (const auto hex = hex_of(chosen->hex()); chosen->status() == pb::UNIT_STATUS_ON_MAP && hex)
    selected_hex_ = *hex;
  reachable_.clear();
  command_range_.reset();
  std::vector<Request> asked;
  // 11.2: a leader on the map shows his command range, whatever the phase.
  if (chosen->type() == pb::UNIT_TYPE_LEADER && chosen->status() == pb::UNIT_STATUS_ON_MAP)
    asked.push_back(requests::query_command_range(game_id_, index));
  if (my_decision() && view_.phase() == pb::PHASE_MOVEMENT)
    asked.push_back(requests::query_reachable(game_id_, index));
  return asked;
}

std::vector<Request> GameModel::refresh_queries() const {
  std::vector<Request> asked;
  if (!open()) return asked;
  if (my_decision() && view_.phase() == pb::PHASE_COMBAT)
    asked = {requests::query_combat_options(game_id_), requests::query_retreats(game_id_)};
  if (observed_area_shown_) asked.push_back(requests::query_observed_area(game_id_));  // 16.3
  return asked;
}

std::vector<Request> GameModel::toggle_observed_area() {
  observed_area_shown_ = !observed_area_shown_;
  observed_area_.reset();
  if (!observed_area_shown_ || !open()) return {};
  return {requests::query_observed_area(game_id_)};
}

void GameModel::apply_observed_area(const pb::ObservedArea& area) {
  if (observed_area_shown_ && area.game_id() == game_id_) observed_area_ = area;
}

std::vector<Request> GameModel::end_phase() {
  if (!my_decision()) return {};
  clear_selection();
  return {requests::submit(game_id_, requests::end_phase_action())};
}

std::vector<Request> GameModel::commit_attack() {
  if (exchange_pending()) {
    pb::GameAction action;
    for (const auto index : attackers_)
      action.mutable_exchange_losses()->add_units(index);
    clear_selection();
    return {requests::submit(game_id_, action)};
  }
  if (!my_decision() || !combat_built()) return {};
  pb::GameAction action;
  *action.mutable_attack() = built_attack();
  clear_selection();
  return {requests::submit(game_id_, action)};
}

std::vector<Request> GameModel::change_odds_reduction(int delta) {
  const int next = static_cast<int>(odds_reduction_) + delta;
  odds_reduction_ = static_cast<std::uint32_t>(std::clamp(next, 0, 5));
  odds_.reset();
  return odds_query();
}

std::vector<Request> GameModel::decline_advance() {
  if (!retreats_ || retreats_->advance_hexes().empty()) return {};
  return {requests::submit(game_id_, requests::decline_advance_action())};
}

std::vector<Request> GameModel::answer_proposal(bool accept) {
  if (!proposal_) return {};
  const auto id = proposal_->proposal_id();
  proposal_.reset();
  return {requests::confirm_attack(game_id_, id, accept)};
}

std::vector<Request> GameModel::request_undo() const {
  if (!open() || spectating_) return {};
  return {requests::request_undo(game_id_)};
}

void GameModel::clear_selection() {
  resign_armed_ = false;
  selected_unit_.reset();
  selected_marker_.reset();
  marker_path_.clear();
  reachable_.clear();
  command_range_.reset();
  attackers_.clear();
  defenders_.clear();
  bombarding_.clear();
  odds_reduction_ = 0;
  odds_.reset();
}

void GameModel::rebuild_stacks() {
  stacks_.clear();
  for (const auto& each : view_.units()) {
    // 16.3: a piece never seen comes with no hex; one not observed now, with where it was last seen.
    if (each.status() != pb::UNIT_STATUS_ON_MAP || !each.has_hex()) continue;
    if (const auto hex = hex_of(each.hex())) stacks_[*hex].push_back(each.index());
  }
  control_.clear();
  for (const auto& entry : view_.control())
    if (const auto hex = hex_of(entry.hex())) control_[*hex] = entry.side();
}

void GameModel::after_view_change() {
  rebuild_stacks();
  if (over()) {
    resign_armed_ = false;
    draw_offer_.reset();
  }
}

bool GameModel::over() const {
  return open() && (view_.phase() == pb::PHASE_GAME_OVER || view_.has_result() ||
                    summary_.status() == pb::GAME_STATUS_FINISHED);
}

void GameModel::apply_summary(const pb::GameSummary& summary) {
  if (!open() || summary.game_id() != game_id_) return;
  const bool was_over = over();
  summary_ = summary;
  if (!was_over && over()) {
    log_.add("Game over: " + summary_.result());
    after_view_change();
  }
}

std::vector<Request> GameModel::resign() {
  if (!open() || spectating_ || over()) return {};
  if (!resign_armed_) {
    resign_armed_ = true;
    return {};
  }
  resign_armed_ = false;
  Request request;
  request.mutable_resign()->set_game_id(game_id_);
  return {request};
}

std::vector<Request> GameModel::offer_draw() {
  if (!open() || spectating_ || over()) return {};
  resign_armed_ = false;
  Request request;
  request.mutable_offer_draw()->set_game_id(game_id_);
  return {request};
}

void GameModel::apply_draw_offer(const pb::DrawOffered& offered) {
  if (offered.game_id() != game_id_ || spectating_ || over()) return;
  const pb::Side by = side_of(offered.by());
  for (const pb::Seat seat : my_seats_)
    if (side_of(seat) == by) return;  // my own side's offer: nothing to answer
  draw_offer_ = offered.by();
}

std::vector<Request> GameModel::answer_draw(bool accept) {
  if (!draw_offer_) return {};
  draw_offer_.reset();
  Request request;
  request.mutable_answer_draw()->set_game_id(game_id_);
  request.mutable_answer_draw()->set_accept(accept);
  return {request};
}

std::vector<Request> GameModel::export_record() const {
  if (!over()) return {};
  Request request;
  request.mutable_export_record()->set_game_id(game_id_);
  return {request};
}

void GameModel::record_exported(const std::string& message) {
  export_message_ = message;
  note(message);
}

pb::Side side_of(pb::Seat seat) {
  switch (seat) {
    case pb::SEAT_FRENCH:
      return pb::SIDE_FRENCH;
    case pb::SEAT_PRUSSIAN:
    case pb::SEAT_ALLIED:
      return pb::SIDE_COALITION;
    default:
      return pb::SIDE_UNSPECIFIED;
  }
}

bool GameModel::combat_built() const {
  // 7.1: bombarding artillery may strike a hex with no other attacker.
  return (!attackers_.empty() || !bombarding_.empty()) && !defenders_.empty();
}

std::vector<Request> GameModel::odds_query() const {
  if (!combat_built()) return {};
  return {requests::query_odds(game_id_, built_attack())};
}

void GameModel::toggle(std::set<std::uint32_t>& set, const std::vector<std::uint32_t>& units) {
  if (units.empty()) return;
  const bool all_in =
      std::all_of(units.begin(), units.end(), [&](auto index) { return set.count(index) > 0; });
  for (const auto index : units) {
    if (all_in) {
      set.erase(index);
    } else {
      set.insert(index);
    }
  }
}

}  // namespace hd::client
