// The create-game form's choices, without drawing: the scenario (from the catalogue), its force
// options, the optional rules 15.1 and 15.2, which seats the server's built-in player takes, the
// seat the creator takes, public or invite only, the spectator policy and the turn deadline (hours,
// vacation days, what happens when it passes). Builds the CreateGame.
#pragma once

#include "model/scenario_catalogue.hpp"
#include "net/requests.hpp"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace hd::client {

namespace pb = hundred_days::v1;

// The default spectators' delay: one game turn (two player turns).
inline constexpr std::uint32_t kDefaultSpectatorDelay = 2;
// The deadlines offered per player turn, in hours (0: none), and the vacation days per seat.
inline constexpr std::uint32_t kDeadlineHours[] = {0, 24, 48, 72, 168};
inline constexpr std::uint32_t kVacationDays[] = {0, 3, 7, 14};

class NewGameForm {
 public:
  // An empty catalogue leaves the form with the typed scenario name only (no options, three human
  // seats); see set_typed_scenario.
  explicit NewGameForm(std::vector<ScenarioEntry> catalogue = {});

  const std::vector<ScenarioEntry>& catalogue() const { return catalogue_; }
  // The chosen catalogue entry, nullptr when the scenario was typed and is not in the catalogue.
  const ScenarioEntry* scenario() const;
  const std::string& scenario_slug() const { return slug_; }

  // Chooses a scenario of the catalogue: no force options or optional rules, every seat human,
  // the creator taking the scenario's first seat. Out of range: ignored.
  void choose(std::size_t index);
  // A scenario typed by name: chosen from the catalogue if it is there, else kept as typed (the
  // server answers whether it exists).
  void set_typed_scenario(const std::string& slug);

  // Force options and optional rules offered by the chosen scenario toggle on and off; others are
  // ignored.
  void toggle_force_option(const std::string& id);
  void toggle_optional_rule(const std::string& rule);
  bool force_option_chosen(const std::string& id) const { return force_options_.count(id) > 0; }
  bool optional_rule_chosen(const std::string& rule) const { return optional_rules_.count(rule) > 0; }

  // The seats of the chosen scenario (all three when it is typed).
  std::vector<pb::Seat> seats() const;
  // Built-in player or human for a seat. The Prussian and Allied seats go together (the server
  // refuses a mixed Coalition: docs/games.md), and at least one seat stays human for the creator:
  // a toggle that would leave none is ignored. If the creator's seat becomes built-in, the creator
  // takes the first human seat left.
  void toggle_built_in(pb::Seat seat);
  bool built_in(pb::Seat seat) const { return built_in_.count(seat) > 0; }
  // The seat the creator takes; a built-in seat or one the scenario lacks is ignored.
  void take_seat(pb::Seat seat);
  pb::Seat taken_seat() const { return take_seat_; }

  void toggle_public() { public_listing_ = !public_listing_; }
  bool public_listing() const { return public_listing_; }
  // The spectator policy. The default, everything a game turn (two player turns) late, never shows a
  // secret choice (18.5C) before the rules reveal it, in any scenario (issue 29, finding 1).
  // Cycles none -> French view -> Coalition view -> all, a game turn late -> all, live -> none; the
  // server refuses a policy that would show a scenario's secret choice (docs/games.md).
  void cycle_spectators();
  // `delay_player_turns` counts for DELAYED_ALL only.
  void set_spectators(pb::SpectatorView view, std::uint32_t delay_player_turns = 0);
  pb::SpectatorView spectators() const { return spectators_; }
  std::uint32_t spectator_delay() const { return spectator_delay_; }

  // The turn deadline (docs/games.md "Deadlines"): cycles through kDeadlineHours (none first), the
  // vacation days through kVacationDays, and the policy between the built-in player and forfeit.
  // The vacation days and the policy are kept but not sent while there is no deadline.
  void cycle_deadline();
  void cycle_vacation();
  void toggle_deadline_policy();
  std::uint32_t deadline_hours() const { return deadline_hours_; }
  std::uint32_t vacation_days() const { return vacation_days_; }
  pb::DeadlinePolicy deadline_policy() const { return deadline_policy_; }

  // The choices as requests::create_game takes them.
  requests::NewGame choice() const;

 private:
  std::vector<ScenarioEntry> catalogue_;
  std::string slug_;
  std::set<std::string> force_options_;
  std::set<std::string> optional_rules_;
  std::set<pb::Seat> built_in_;
  pb::Seat take_seat_ = pb::SEAT_FRENCH;
  bool public_listing_ = true;
  pb::SpectatorView spectators_ = pb::SPECTATOR_VIEW_DELAYED_ALL;
  std::uint32_t spectator_delay_ = kDefaultSpectatorDelay;
  std::uint32_t deadline_hours_ = 0;
  std::uint32_t vacation_days_ = 3;
  pb::DeadlinePolicy deadline_policy_ = pb::DEADLINE_POLICY_BUILTIN;
};

}  // namespace hd::client
