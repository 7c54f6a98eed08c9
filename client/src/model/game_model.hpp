// One open game as this client knows it: exactly what the server sent (snapshot, updates, query
// answers, chat), plus the player's selection and the combat being built. Pure: no drawing, no
// network. Clicks and keys become the requests to send; the server decides everything else.
#pragma once

#include "model/game_log.hpp"
#include "model/move_trails.hpp"

#include <hd/engine/board/hex.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hd::client {

namespace pb = hundred_days::v1;

// A request the game screen wants sent (its request id is set by the sender).
using Request = pb::ClientEnvelope;

// How an update fitted the game: applied, already seen (ignored), or out of order (a sequence is
// missing: the caller should reopen the game for a snapshot).
enum class UpdateFit { Applied, AlreadySeen, Gap };

// A plain click, or one with Shift held: in combat Shift adds bombarding artillery (7.1); in
// movement Shift on a reachable hex from which the unit may leave the map moves it off (5.5).
enum class ClickIntent { Primary, Shifted };

// The army a seat commands (SEAT_FRENCH -> ARMY_FRENCH ...).
pb::Army army_of(pb::Seat seat);
// "French", "Prussian", "Allied".
std::string army_name(pb::Army army);
std::string side_name(pb::Side side);
std::string phase_name(pb::Phase phase);

// A combat resolved in an update, for the die-and-result animation: the die rolled, the result and
// where the units stood when it was rolled (from the view before the update).
struct CombatShown {
  std::uint64_t serial = 0;  // counts combats seen since the client started, from 1
  std::uint32_t die = 0;     // 1-6 (7.0); 0 if the update did not show it
  std::string result;        // "Ae", "Ar", "Ex", "Dr", "De"
  std::string odds;          // the odds column used, e.g. "3-1"
  std::vector<engine::Hex> defender_hexes;
  std::vector<engine::Hex> attacker_hexes;
};

// What the client may say about a bombarding unit's line of sight (7.3) to a defender's hex. The
// client does not trace sight itself: the line is the straight line between the hex centres and
// the verdict is the server's odds answer.
enum class SightVerdict {
  Asking,   // no odds answer yet for the combat as built
  Clear,    // the server found the combat legal: every bombarding unit has sight (7.3) and range
  Blocked,  // the server refused this unit (7.3 no line of sight, 8.1C through a chateau, 7.1B range)
  Unknown,  // the server refused the combat for another reason or another unit
};

// 16.6B (issue 14): one hidden movement marker, named as the engine's move-marker names it: its army,
// its pair's number and its letter (B, else A).
struct MarkerPick {
  pb::Army army = pb::ARMY_UNSPECIFIED;
  std::uint32_t pair = 0;
  bool b = false;

  friend bool operator==(const MarkerPick&, const MarkerPick&) = default;
};

struct SightLineShown {
  std::uint32_t unit = 0;  // the bombarding unit
  engine::Hex from;        // its hex
  engine::Hex to;          // a defender's hex
  SightVerdict verdict = SightVerdict::Asking;
  std::string rule;  // Blocked: the rule the server named
};

class GameModel {
 public:
  // Replaces everything with the snapshot: a game opened (or reloaded). Clears the selection.
  // `catch_up_from`: set when the snapshot opens a catch-up (OpenGame with last_seen_sequence,
  // docs/games.md): the sequence the client last saw; the missed updates follow. The log is kept
  // when the snapshot is of the game already open (a reconnect) and says what the snapshot is.
  // A catch-up that opens a game not open (issue 16: reopened from the lobby, or by a client
  // started anew) heads the missed actions with "While you were away: N actions (since action P)",
  // N counted at the end.
  void apply_snapshot(const pb::GameSnapshot& snapshot, std::optional<std::uint64_t> catch_up_from = {});
  // The catch-up that started at the last snapshot has reached the present (its Ok): logs how many
  // actions it replayed and where the game stands (and completes the "While you were away" line).
  void caught_up();
  // Applies the next update (sequence + 1, or an undo): the view is replaced, the events logged.
  UpdateFit apply_update(const pb::GameUpdate& update);
  void apply_chat(const pb::ChatMessage& message);
  // Query answers: kept only if they still match what is selected or built.
  void apply_reachable(const pb::Reachable& reachable);
  void apply_command_range(const pb::CommandRange& range);
  // 16.3: kept while the observed area is shown, for this game.
  void apply_observed_area(const pb::ObservedArea& area);
  void apply_combat_options(const pb::CombatOptions& options);
  void apply_odds(const pb::OddsAnswer& odds);
  void apply_retreats(const pb::RetreatHexes& retreats);
  void apply_proposal(const pb::AttackProposal& proposal);
  // A line in the log from the client itself (a refusal in plain words, a notice).
  void note(const std::string& line);

  bool open() const { return game_id_ != 0; }
  std::uint64_t game_id() const { return game_id_; }
  std::uint64_t sequence() const { return sequence_; }
  bool spectating() const { return spectating_; }
  const std::vector<pb::Seat>& my_seats() const { return my_seats_; }
  const pb::ScenarioInfo& scenario() const { return scenario_; }
  const pb::GameView& view() const { return view_; }
  const pb::GameSummary& summary() const { return summary_; }
  // The event log, wrapped and scrollable (game_log.hpp).
  const GameLog& log() const { return log_; }
  GameLog& log() { return log_; }
  const std::vector<pb::ChatMessage>& chat() const { return chat_; }

  // The turn's track entry, or nullptr if the view names a turn the scenario lacks.
  const pb::TurnInfo* turn_info() const;
  // Units on the map by hex, in the order the view lists them (a stack's top unit last). An enemy
  // piece not observed now (16.3, `Unit.unobserved`) is listed at the hex where it was last seen, and
  // not at all if it was never seen (no hex).
  const std::map<engine::Hex, std::vector<std::uint32_t>>& stacks() const { return stacks_; }
  std::vector<std::uint32_t> units_at(engine::Hex hex) const;
  const pb::Unit* unit(std::uint32_t index) const;
  // A turn of the scenario's track as the clock shows it ("16 June 1400"), or "T<n>" (n counted
  // from 1) for a turn the scenario lacks.
  std::string turn_name(std::int32_t turn) const;
  // 16.3 (issue 14): "last seen 16 June 1400" for an enemy piece my side does not observe now, shown
  // where it was last seen ("last seen" alone if the server gave no turn); nullopt for a piece shown
  // as it stands.
  std::optional<std::string> last_seen(const pb::Unit& unit) const;
  // Waiting reinforcements of my armies whose arrival turn has come (they enter from the edge).
  std::vector<std::uint32_t> arrivals() const;
  // The hex nearest the middle of my units on the map (by mean column and row), for the opening
  // camera; nullopt for a spectator or with none on the map.
  std::optional<engine::Hex> my_forces_centre() const;
  // Who controls the hex, SIDE_UNSPECIFIED if the view does not say.
  pb::Side control_of(engine::Hex hex) const;
  // True if one of my seats may take the pending decision.
  bool my_decision() const;
  // True while my seats must choose the attackers an exchange eliminates (6.5A): the pending
  // decision in the engine's words "choose the attackers the exchange eliminates (at least N ...)".
  // Clicks on my hexes then toggle their units as the losses (shown as attackers) and Enter commits
  // them.
  bool exchange_pending() const;
  // A rule's decision (DECISION_KIND_RULE: 12.0's reorganization segment) my seats take, or my
  // set-up (DECISION_KIND_SETUP_PLACEMENT) with the actions rules add beside the placements (16.6A's
  // hides): the choices the server described, each with its label, units and hexes; empty otherwise
  // (a set-up's placements and its end are not among them). The client knows nothing of the rule: it
  // shows the choices and sends the one picked.
  std::vector<const pb::DecisionChoice*> rule_choices() const;
  // The rule choices concerning `hex` (a choice's hex, or the hex of one of its units), in order.
  std::vector<std::size_t> rule_choices_at(engine::Hex hex) const;
  // Takes the rule choice at `index` of rule_choices() (its action, as the server described it).
  std::vector<Request> take_rule_choice(std::size_t index);
  bool is_mine(const pb::Unit& unit) const;

  // Selection.
  std::optional<std::uint32_t> selected_unit() const { return selected_unit_; }
  // 16.6B: the hidden movement marker of mine picked to move (a click on it in my movement phase,
  // instead of a unit), and the path built for it so far (its hex not included), one hex a click.
  const std::optional<MarkerPick>& selected_marker() const { return selected_marker_; }
  const std::vector<engine::Hex>& marker_path() const { return marker_path_; }
  // The view's marker a pick names, nullptr if none.
  const pb::HiddenMarker* marker(const MarkerPick& pick) const;
  // True if one of my armies owns the marker (16.6: "real" is set only on the owner's side's view).
  bool is_mine(const pb::HiddenMarker& marker) const;
  // 16.6B: a marker I may pick to move now: mine, not moved in this phase nor being revealed, in my
  // movement decision (no rule's segment open). The server validates the move itself.
  bool marker_movable(const pb::HiddenMarker& marker) const;
  // 16.6B: sends the picked marker's move along the path built (nothing without a step); clears it.
  std::vector<Request> commit_marker_move();
  // A word about the last map click the panel shows (an enemy marker's secret, a moved marker), or "".
  const std::string& hint() const { return hint_; }
  std::optional<engine::Hex> selected_hex() const { return selected_hex_; }
  // The server's reachable hexes for the selected unit (empty until the answer arrives).
  const std::map<engine::Hex, pb::ReachableHex>& reachable() const { return reachable_; }
  // 11.2: the selected leader's command range and whom he commands (none until the answer arrives).
  const std::optional<pb::CommandRange>& command_range() const { return command_range_; }
  // 16.3: the observed area shown on the map (F): toggled on, it is asked now and again after each
  // snapshot and update (refresh_queries()); toggled off, forgotten. None until the answer arrives.
  std::vector<Request> toggle_observed_area();
  bool observed_area_shown() const { return observed_area_shown_; }
  const std::optional<pb::ObservedArea>& observed_area() const { return observed_area_; }
  // The combat being built and the server's answer about it.
  const std::set<std::uint32_t>& attackers() const { return attackers_; }
  const std::set<std::uint32_t>& defenders() const { return defenders_; }
  const std::set<std::uint32_t>& bombarding() const { return bombarding_; }
  std::uint32_t odds_reduction() const { return odds_reduction_; }
  const std::optional<pb::OddsAnswer>& odds() const { return odds_; }
  const std::optional<pb::CombatOptions>& combat_options() const { return combat_options_; }
  // Units owing an attack or liable to be attacked (from the last CombatOptions).
  bool must_attack(std::uint32_t unit) const;
  bool must_be_attacked(std::uint32_t unit) const;
  const std::optional<pb::RetreatHexes>& retreats() const { return retreats_; }
  const std::optional<pb::AttackProposal>& proposal() const { return proposal_; }
  // The attack as built (for QueryOdds and the commit).
  pb::Attack built_attack() const;
  // The sight lines of the combat being built: one per bombarding unit and defender hex.
  std::vector<SightLineShown> sight_lines() const;
  // The last combats resolved (at most kMaxCombatsShown), oldest first.
  const std::vector<CombatShown>& combats() const { return combats_; }
  static constexpr std::size_t kMaxCombatsShown = 16;
  // Issue 16: the units moved in the last player turn and the current one so far, with where they
  // started (move_trails.hpp); none after a snapshot until updates bring moves.
  std::vector<MoveTrail> move_trails() const { return move_trails_.trails(); }

  // Interaction. Each returns the requests to send (possibly none) and updates the selection.
  // A map click: select a unit (asking for its reachable hexes), move the selected unit to a
  // reachable hex, add or remove attackers/defenders/bombarding artillery, choose a retreat or
  // advance hex; else just select the hex for the panel. 16.6B: in my movement decision a click picks
  // one of my unmoved markers (before the units of its hex; a second click the next); with one
  // picked, a click on a hex next to its path's end (holding no unit but my leaders) adds that hex, on
  // a hex of the path cuts the path back to it, on the path's last hex sends the move.
  std::vector<Request> click_hex(engine::Hex hex, ClickIntent intent = ClickIntent::Primary);
  // Selects a unit (e.g. a reinforcement from the panel) and asks for its reachable hexes. While an
  // exchange is pending (6.5A) it chooses or unchooses that one unit as a loss instead.
  std::vector<Request> select_unit(std::uint32_t index);
  // The queries to send after a snapshot or update: combat options and retreats in my combat phase.
  std::vector<Request> refresh_queries() const;
  std::vector<Request> end_phase();
  // Commits the combat built (nothing without defenders, or without attackers or bombarding
  // artillery); clears it. While an exchange is pending, commits the units chosen as its losses
  // instead (6.5A).
  std::vector<Request> commit_attack();
  // Moves the voluntary odds reduction (6.2C) by `delta` columns (not below 0) and asks the odds.
  std::vector<Request> change_odds_reduction(int delta);
  std::vector<Request> decline_advance();
  std::vector<Request> answer_proposal(bool accept);
  std::vector<Request> request_undo() const;
  // Clears the selection and the combat being built, and disarms a resignation.
  void clear_selection();

  // The end of the game by agreement or concession (docs/games.md; the server ends the game).
  // True once the view carries a result (phase game over) or the summary says finished (the server
  // ends a game by resignation or agreed draw in the summary only: its view keeps no result).
  bool over() const;
  // A GameChanged summary of this game (others are ignored): kept, and it may end the game.
  void apply_summary(const pb::GameSummary& summary);
  // Resignation takes two steps so one stray key does not concede: the first call arms it (no
  // request), the second sends Resign. Nothing for a spectator or a finished game.
  std::vector<Request> resign();
  bool resign_armed() const { return resign_armed_; }
  // Offers the opponent a draw (OfferDraw). Nothing for a spectator or a finished game.
  std::vector<Request> offer_draw();
  // A DrawOffered from the server: kept when it comes from the other side, to be answered.
  void apply_draw_offer(const pb::DrawOffered& offered);
  // The seat whose draw offer waits for my answer, nullopt if none.
  std::optional<pb::Seat> draw_offer() const { return draw_offer_; }
  // Accepts or declines the opponent's draw offer (AnswerDraw); nothing if none waits.
  std::vector<Request> answer_draw(bool accept);
  // Asks for the finished game's record and dice proof (ExportRecord); nothing before the end.
  std::vector<Request> export_record() const;
  // Where the last export of this game went (the record's and the dice proof's paths), or why it
  // could not be written: logged, and kept for the end panel until another game is opened.
  void record_exported(const std::string& message);
  const std::string& export_message() const { return export_message_; }

 private:
  void rebuild_stacks();
  // Records the update's combats (before its view replaces the current one).
  void record_combats(const pb::GameUpdate& update);
  std::vector<engine::Hex> hexes_of_units(const google::protobuf::RepeatedField<std::uint32_t>& units) const;
  void after_view_change();
  std::vector<Request> odds_query() const;
  // Attackers or bombarding artillery (7.1), and defenders.
  bool combat_built() const;
  void toggle(std::set<std::uint32_t>& set, const std::vector<std::uint32_t>& units);
  // 16.6B: a click while a marker is picked: the requests if it extended, cut or sent the path;
  // nullopt if the click is not about the path (it picks what is in the hex instead).
  std::optional<std::vector<Request>> click_marker_path(engine::Hex hex);
  // My movable markers in `hex`, in the view's order.
  std::vector<MarkerPick> movable_markers_at(engine::Hex hex) const;

  std::uint64_t game_id_ = 0;
  std::uint64_t sequence_ = 0;
  bool spectating_ = false;
  std::vector<pb::Seat> my_seats_;
  pb::ScenarioInfo scenario_;
  pb::GameView view_;
  pb::GameSummary summary_;
  GameLog log_;
  std::uint64_t snapshot_sequence_ = 0;  // the sequence the last snapshot stood at
  // Issue 16: the "While you were away" entry of a catch-up not yet caught up, and its action P.
  struct AwayLine {
    std::size_t entry = 0;
    std::uint64_t since = 0;
  };
  std::optional<AwayLine> away_;
  // Keeps a commitment not seen before; logs a warning for one whose bytes changed (docs/commitments.md).
  void keep_commitment(const pb::SecretCommitment& commitment);
  // The secret choices' commitments as first seen for game `commitments_game_` (18.5C; 28.0D's from
  // the update of their choose-entry).
  google::protobuf::RepeatedPtrField<pb::SecretCommitment> commitments_;
  std::uint64_t commitments_game_ = 0;
  std::vector<pb::ChatMessage> chat_;
  std::map<engine::Hex, std::vector<std::uint32_t>> stacks_;
  std::map<engine::Hex, pb::Side> control_;

  std::optional<std::uint32_t> selected_unit_;
  std::optional<engine::Hex> selected_hex_;
  std::optional<MarkerPick> selected_marker_;
  std::vector<engine::Hex> marker_path_;
  std::string hint_;
  std::map<engine::Hex, pb::ReachableHex> reachable_;
  std::optional<pb::CommandRange> command_range_;
  bool observed_area_shown_ = false;
  std::optional<pb::ObservedArea> observed_area_;
  std::set<std::uint32_t> attackers_;
  std::set<std::uint32_t> defenders_;
  std::set<std::uint32_t> bombarding_;
  std::uint32_t odds_reduction_ = 0;
  std::optional<pb::OddsAnswer> odds_;
  std::optional<pb::CombatOptions> combat_options_;
  std::optional<pb::RetreatHexes> retreats_;
  std::optional<pb::AttackProposal> proposal_;
  std::vector<CombatShown> combats_;
  std::uint64_t combat_serial_ = 0;
  MoveTrails move_trails_;
  bool resign_armed_ = false;
  std::optional<pb::Seat> draw_offer_;
  std::string export_message_;
};

// The side a seat plays: SEAT_FRENCH -> SIDE_FRENCH, the others SIDE_COALITION.
pb::Side side_of(pb::Seat seat);

// The hex of a wire coordinate on the NLB grid, nullopt if off it (untrusted input).
std::optional<engine::Hex> hex_of(const pb::HexCoord& coord);

}  // namespace hd::client
