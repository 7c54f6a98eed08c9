#include "model/new_game_form.hpp"

#include <algorithm>
#include <iterator>

namespace hd::client {

namespace {

bool coalition(pb::Seat seat) {
  return seat == pb::SEAT_PRUSSIAN || seat == pb::SEAT_ALLIED;
}

}  // namespace

NewGameForm::NewGameForm(std::vector<ScenarioEntry> catalogue) : catalogue_(std::move(catalogue)) {
  const auto quatre_bras = std::find_if(catalogue_.begin(), catalogue_.end(),
                                        [](const ScenarioEntry& e) { return e.slug == "quatre-bras"; });
  if (quatre_bras != catalogue_.end()) {
    choose(static_cast<std::size_t>(quatre_bras - catalogue_.begin()));
  } else if (!catalogue_.empty()) {
    choose(0);
  } else {
    slug_ = "quatre-bras";
  }
}

const ScenarioEntry* NewGameForm::scenario() const {
  const auto it = std::find_if(catalogue_.begin(), catalogue_.end(),
                               [&](const ScenarioEntry& e) { return e.slug == slug_; });
  return it == catalogue_.end() ? nullptr : &*it;
}

void NewGameForm::choose(std::size_t index) {
  if (index >= catalogue_.size()) return;
  slug_ = catalogue_[index].slug;
  force_options_.clear();
  optional_rules_.clear();
  built_in_.clear();
  const auto seats = this->seats();
  take_seat_ = seats.empty() ? pb::SEAT_FRENCH : seats.front();
}

void NewGameForm::set_typed_scenario(const std::string& slug) {
  const auto it = std::find_if(catalogue_.begin(), catalogue_.end(),
                               [&](const ScenarioEntry& e) { return e.slug == slug; });
  if (it != catalogue_.end()) {
    if (slug != slug_) choose(static_cast<std::size_t>(it - catalogue_.begin()));
    return;
  }
  slug_ = slug;
  force_options_.clear();
  optional_rules_.clear();
  built_in_.clear();
}

void NewGameForm::toggle_force_option(const std::string& id) {
  const ScenarioEntry* entry = scenario();
  if (!entry || std::none_of(entry->force_options.begin(), entry->force_options.end(),
                             [&](const ForceOption& o) { return o.id == id; }))
    return;
  if (!force_options_.erase(id)) force_options_.insert(id);
}

void NewGameForm::toggle_optional_rule(const std::string& rule) {
  const ScenarioEntry* entry = scenario();
  if (!entry || std::find(entry->optional_rules.begin(), entry->optional_rules.end(), rule) ==
                    entry->optional_rules.end())
    return;
  if (!optional_rules_.erase(rule)) optional_rules_.insert(rule);
}

std::vector<pb::Seat> NewGameForm::seats() const {
  if (const ScenarioEntry* entry = scenario()) return entry->seats;
  return {pb::SEAT_FRENCH, pb::SEAT_PRUSSIAN, pb::SEAT_ALLIED};
}

void NewGameForm::toggle_built_in(pb::Seat seat) {
  const auto seats = this->seats();
  if (std::find(seats.begin(), seats.end(), seat) == seats.end()) return;
  std::set<pb::Seat> next = built_in_;
  const bool make_built_in = !built_in_.count(seat);
  // Both Coalition seats, even one the base forces lack (a force option may bring its army in).
  for (const pb::Seat each : {pb::SEAT_FRENCH, pb::SEAT_PRUSSIAN, pb::SEAT_ALLIED}) {
    if (each != seat && !(coalition(each) && coalition(seat))) continue;
    if (make_built_in) {
      next.insert(each);
    } else {
      next.erase(each);
    }
  }
  const auto human = std::find_if(seats.begin(), seats.end(), [&](pb::Seat s) { return !next.count(s); });
  if (human == seats.end()) return;  // the creator needs a human seat
  built_in_ = std::move(next);
  if (built_in_.count(take_seat_)) take_seat_ = *human;
}

void NewGameForm::take_seat(pb::Seat seat) {
  const auto seats = this->seats();
  if (std::find(seats.begin(), seats.end(), seat) == seats.end() || built_in_.count(seat)) return;
  take_seat_ = seat;
}

requests::NewGame NewGameForm::choice() const {
  requests::NewGame game;
  game.scenario = slug_;
  game.force_options.assign(force_options_.begin(), force_options_.end());
  game.optional_rules.assign(optional_rules_.begin(), optional_rules_.end());
  game.built_in.assign(built_in_.begin(), built_in_.end());
  game.take_seat = take_seat_;
  game.public_listing = public_listing_;
  game.spectators = spectators_;
  game.spectator_delay = spectators_ == pb::SPECTATOR_VIEW_DELAYED_ALL ? spectator_delay_ : 0;
  if (deadline_hours_ > 0) {
    game.deadline.set_hours(deadline_hours_);
    game.deadline.set_vacation_days(vacation_days_);
    game.deadline.set_policy(deadline_policy_);
  }
  return game;
}

namespace {

// The value after `current` in `values`, the first after the last (or when `current` is not there).
template <std::size_t N>
std::uint32_t next_of(const std::uint32_t (&values)[N], std::uint32_t current) {
  const auto* at = std::find(std::begin(values), std::end(values), current);
  return at == std::end(values) || at + 1 == std::end(values) ? values[0] : *(at + 1);
}

}  // namespace

void NewGameForm::cycle_deadline() {
  deadline_hours_ = next_of(kDeadlineHours, deadline_hours_);
}

void NewGameForm::cycle_vacation() {
  vacation_days_ = next_of(kVacationDays, vacation_days_);
}

void NewGameForm::toggle_deadline_policy() {
  deadline_policy_ = deadline_policy_ == pb::DEADLINE_POLICY_FORFEIT ? pb::DEADLINE_POLICY_BUILTIN
                                                                     : pb::DEADLINE_POLICY_FORFEIT;
}

void NewGameForm::cycle_spectators() {
  if (spectators_ == pb::SPECTATOR_VIEW_DELAYED_ALL && spectator_delay_ > 0)
    return set_spectators(pb::SPECTATOR_VIEW_DELAYED_ALL, 0);
  switch (spectators_) {
    case pb::SPECTATOR_VIEW_UNSPECIFIED:
      return set_spectators(pb::SPECTATOR_VIEW_FRENCH);
    case pb::SPECTATOR_VIEW_FRENCH:
      return set_spectators(pb::SPECTATOR_VIEW_COALITION);
    case pb::SPECTATOR_VIEW_COALITION:
      return set_spectators(pb::SPECTATOR_VIEW_DELAYED_ALL, kDefaultSpectatorDelay);
    default:
      return set_spectators(pb::SPECTATOR_VIEW_UNSPECIFIED);
  }
}

void NewGameForm::set_spectators(pb::SpectatorView view, std::uint32_t delay_player_turns) {
  spectators_ = view;
  spectator_delay_ = view == pb::SPECTATOR_VIEW_DELAYED_ALL ? delay_player_turns : 0;
}

}  // namespace hd::client
