// The create-game form without a window: the scenario catalogue made from the server's ScenarioList
// (as a server on the real scenario files answers it), the form's rules (options of the chosen scenario only,
// Coalition seats together, a human seat left for the creator) and the CreateGame it builds.
#include "model/new_game_form.hpp"

#include "model/scenario_catalogue.hpp"
#include "served_scenarios.hpp"

#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <algorithm>

namespace pb = hundred_days::v1;
using hd::client::NewGameForm;
using hd::client::ScenarioEntry;

namespace {

const std::vector<ScenarioEntry>& catalogue() {
  static const std::vector<ScenarioEntry> entries =
      hd::client::scenario_catalogue_from(hd::test::served_scenarios(hd::loader::default_data_root()));
  return entries;
}

std::size_t index_of(const std::string& slug) {
  const auto& entries = catalogue();
  const auto it =
      std::find_if(entries.begin(), entries.end(), [&](const ScenarioEntry& e) { return e.slug == slug; });
  REQUIRE(it != entries.end());
  return static_cast<std::size_t>(it - entries.begin());
}

std::vector<std::string> ids(const std::vector<hd::client::ForceOption>& options) {
  std::vector<std::string> out;
  for (const auto& option : options)
    out.push_back(option.id);
  return out;
}

}  // namespace

TEST_CASE(
    "the catalogue of the server's list has every scenario with its title, force options, seats and missing "
    "rules") {
  const auto& entries = catalogue();
  CHECK(entries.size() == hd::loader::list_scenarios(hd::loader::default_data_root()).size());
  const ScenarioEntry& quatre_bras = catalogue()[index_of("quatre-bras")];
  CHECK(quatre_bras.title == "Quatre Bras");
  CHECK(quatre_bras.rule == "19.0");
  CHECK(ids(quatre_bras.force_options) ==
        std::vector<std::string>{"19.5A", "19.5B", "19.5C", "19.5D", "19.5E"});
  // "optional 10.0 11.0 15.0 16.0" offers every case of 15.0 and 16.0 the server plays (16.3, 16.6),
  // and not 10.0: no set-up line of 19.0 names a leader.
  CHECK(quatre_bras.optional_rules == std::vector<std::string>{"15.1", "15.2", "16.3", "16.6"});
  CHECK(quatre_bras.seats == std::vector<pb::Seat>{pb::SEAT_FRENCH, pb::SEAT_ALLIED});
  const ScenarioEntry& ligny = catalogue()[index_of("ligny")];
  CHECK(ligny.seats == std::vector<pb::Seat>{pb::SEAT_FRENCH, pb::SEAT_PRUSSIAN});
  CHECK(ligny.force_options.at(2).id == "18.5C");
  CHECK(ligny.force_options.at(2).secret_side == pb::SIDE_FRENCH);  // the French secret choice
  CHECK(ligny.force_options.at(0).secret_side == pb::SIDE_UNSPECIFIED);
  CHECK(quatre_bras.missing_rules.empty());                                // played by the book
  CHECK(catalogue()[index_of("grand-waterloo")].missing_rules.empty());    // by the book
  CHECK(catalogue()[index_of("campaign-variant")].missing_rules.empty());  // by the book since 28.0C-D
  const ScenarioEntry& campaign = catalogue()[index_of("campaign")];
  CHECK(campaign.seats == std::vector<pb::Seat>{pb::SEAT_FRENCH, pb::SEAT_PRUSSIAN, pb::SEAT_ALLIED});
}

TEST_CASE("the catalogue takes the server's list as sent, leaving out entries it could not send") {
  pb::ScenarioList list;
  pb::ListedScenario& drill = *list.add_scenarios();
  drill.set_slug("zz-drill");  // the server's order is kept, not sorted again
  drill.set_title("A drill");
  drill.set_rule("99.0");
  pb::ListedForceOption& option = *drill.add_force_options();
  option.set_id("99.5A");
  option.set_title("More cavalry");
  pb::ListedForceOption& secret = *drill.add_force_options();
  secret.set_id("99.5B");
  secret.set_title("A written plan");
  secret.set_secret_side(pb::SIDE_COALITION);
  pb::ListedForceOption& odd = *drill.add_force_options();
  odd.set_id("99.5C");
  odd.set_title("Not a side's secret");
  odd.set_secret_side(static_cast<pb::Side>(9));  // not a side of this client's protocol: open
  drill.add_optional_rules("15.2");
  drill.add_missing_rules("99.4A");
  drill.add_missing_rules("99.4B");
  drill.add_seats(pb::SEAT_ALLIED);
  drill.add_seats(static_cast<pb::Seat>(7));   // not a seat of this client's protocol: left out
  list.add_scenarios()->set_title("No slug");  // nothing CreateGame could name: left out
  list.add_scenarios()->set_slug("aa-second");

  const auto entries = hd::client::scenario_catalogue_from(list);
  REQUIRE(entries.size() == 2);
  CHECK(entries[0].slug == "zz-drill");
  CHECK(entries[0].title == "A drill");
  CHECK(entries[0].rule == "99.0");
  CHECK(entries[0].force_options ==
        std::vector<hd::client::ForceOption>{{"99.5A", "More cavalry", pb::SIDE_UNSPECIFIED, {}},
                                             {"99.5B", "A written plan", pb::SIDE_COALITION, {}},
                                             {"99.5C", "Not a side's secret", pb::SIDE_UNSPECIFIED, {}}});
  CHECK(entries[0].missing_rules == std::vector<std::string>{"99.4A", "99.4B"});
  CHECK(entries[1].missing_rules.empty());
  CHECK(entries[0].optional_rules == std::vector<std::string>{"15.2"});
  CHECK(entries[0].seats == std::vector<pb::Seat>{pb::SEAT_ALLIED});
  CHECK(entries[1].slug == "aa-second");

  // The form offers what the list offers: the drill's option, and it starts on the first entry.
  NewGameForm form(entries);
  CHECK(form.scenario_slug() == "zz-drill");
  CHECK(form.taken_seat() == pb::SEAT_ALLIED);
  form.toggle_force_option("99.5A");
  CHECK(form.choice().force_options == std::vector<std::string>{"99.5A"});
}

TEST_CASE("the form starts on Quatre Bras and sends the scenario's options, rules and seats chosen") {
  NewGameForm form(catalogue());
  REQUIRE(form.scenario());
  CHECK(form.scenario_slug() == "quatre-bras");
  CHECK(form.taken_seat() == pb::SEAT_FRENCH);

  form.toggle_force_option("19.5C");
  form.toggle_force_option("19.5A");
  form.toggle_force_option("18.5A");  // Ligny's: not offered here, ignored
  form.toggle_optional_rule("15.2");
  form.toggle_optional_rule("15.3");      // not played by the server, ignored
  form.toggle_built_in(pb::SEAT_FRENCH);  // the French to the built-in player: the creator plays Allied
  CHECK(form.taken_seat() == pb::SEAT_ALLIED);
  form.toggle_public();
  // Issue 29, finding 1: the default shows everything a game turn late, never a secret choice live.
  CHECK(form.choice().spectators == pb::SPECTATOR_VIEW_DELAYED_ALL);
  CHECK(form.choice().spectator_delay == hd::client::kDefaultSpectatorDelay);
  CHECK(hd::client::requests::create_game(form.choice(), std::string(32, 'e'))
            .create_game()
            .spectators()
            .delay_player_turns() == 2);
  // The cycle: none, French, Coalition, a game turn late, live, none.
  std::vector<std::pair<pb::SpectatorView, std::uint32_t>> cycle;
  for (int i = 0; i < 5; ++i) {
    form.cycle_spectators();
    cycle.emplace_back(form.spectators(), form.spectator_delay());
  }
  CHECK(cycle ==
        std::vector<std::pair<pb::SpectatorView, std::uint32_t>>{{pb::SPECTATOR_VIEW_DELAYED_ALL, 0},
                                                                 {pb::SPECTATOR_VIEW_UNSPECIFIED, 0},
                                                                 {pb::SPECTATOR_VIEW_FRENCH, 0},
                                                                 {pb::SPECTATOR_VIEW_COALITION, 0},
                                                                 {pb::SPECTATOR_VIEW_DELAYED_ALL, 2}});
  form.set_spectators(pb::SPECTATOR_VIEW_COALITION);

  const pb::ClientEnvelope sent = hd::client::requests::create_game(form.choice(), std::string(32, 'e'));
  REQUIRE(sent.has_create_game());
  const pb::CreateGame& create = sent.create_game();
  CHECK(create.scenario() == "quatre-bras");
  CHECK(std::vector<std::string>(create.force_options().begin(), create.force_options().end()) ==
        std::vector<std::string>{"19.5A", "19.5C"});
  CHECK(std::vector<std::string>(create.optional_rules().begin(), create.optional_rules().end()) ==
        std::vector<std::string>{"15.2"});
  REQUIRE(create.seats_size() == 3);
  for (const auto& setup : create.seats()) {
    INFO("seat " << setup.seat());
    CHECK(setup.built_in() == (setup.seat() == pb::SEAT_FRENCH));
  }
  // The Allied seat to the built-in player instead: the Prussian seat goes with it, though Quatre
  // Bras's base forces have no Prussians (a force option could bring some in).
  form.toggle_built_in(pb::SEAT_FRENCH);
  form.toggle_built_in(pb::SEAT_ALLIED);
  CHECK(form.taken_seat() == pb::SEAT_FRENCH);
  CHECK(form.choice().built_in == std::vector<pb::Seat>{pb::SEAT_PRUSSIAN, pb::SEAT_ALLIED});
  form.toggle_built_in(pb::SEAT_ALLIED);
  form.toggle_built_in(pb::SEAT_FRENCH);
  form.take_seat(pb::SEAT_ALLIED);
  REQUIRE(create.take_seats_size() == 1);
  CHECK(create.take_seats(0) == pb::SEAT_ALLIED);
  CHECK_FALSE(create.public_listing());
  CHECK(create.spectators().view() == pb::SPECTATOR_VIEW_COALITION);
  CHECK(create.entropy().size() == 32);

  // A toggle twice takes the choice back.
  form.toggle_force_option("19.5A");
  form.toggle_optional_rule("15.2");
  const auto again = form.choice();
  CHECK(again.force_options == std::vector<std::string>{"19.5C"});
  CHECK(again.optional_rules.empty());
}

TEST_CASE("choosing another scenario clears the options and offers its own seats") {
  NewGameForm form(catalogue());
  form.toggle_force_option("19.5A");
  form.toggle_built_in(pb::SEAT_ALLIED);
  form.choose(index_of("ligny"));
  CHECK(form.scenario_slug() == "ligny");
  CHECK(form.choice().force_options.empty());
  CHECK(form.choice().built_in.empty());
  CHECK(form.seats() == std::vector<pb::Seat>{pb::SEAT_FRENCH, pb::SEAT_PRUSSIAN});
  form.take_seat(pb::SEAT_ALLIED);  // not in Ligny: ignored
  CHECK(form.taken_seat() == pb::SEAT_FRENCH);
  form.take_seat(pb::SEAT_PRUSSIAN);
  CHECK(form.taken_seat() == pb::SEAT_PRUSSIAN);
  form.toggle_force_option("18.5B");
  CHECK(form.choice().force_options == std::vector<std::string>{"18.5B"});
}

TEST_CASE("the Coalition seats are built-in together, and one seat always stays human") {
  NewGameForm form(catalogue());
  form.choose(index_of("campaign"));
  form.toggle_built_in(pb::SEAT_PRUSSIAN);
  CHECK(form.built_in(pb::SEAT_PRUSSIAN));
  CHECK(form.built_in(pb::SEAT_ALLIED));  // docs/games.md: both Coalition seats or neither
  CHECK_FALSE(form.built_in(pb::SEAT_FRENCH));
  form.take_seat(pb::SEAT_ALLIED);  // a built-in seat cannot be taken
  CHECK(form.taken_seat() == pb::SEAT_FRENCH);
  form.toggle_built_in(pb::SEAT_FRENCH);  // would leave no human seat: ignored
  CHECK_FALSE(form.built_in(pb::SEAT_FRENCH));
  form.toggle_built_in(pb::SEAT_ALLIED);
  CHECK_FALSE(form.built_in(pb::SEAT_PRUSSIAN));
  CHECK_FALSE(form.built_in(pb::SEAT_ALLIED));
}

TEST_CASE("a typed scenario name picks the catalogue entry, or is sent as typed") {
  NewGameForm form(catalogue());
  form.set_typed_scenario("wavre");
  REQUIRE(form.scenario());
  CHECK(form.scenario()->title == "Wavre");
  form.set_typed_scenario("no-such-battle");
  CHECK_FALSE(form.scenario());
  CHECK(form.seats().size() == 3);
  form.toggle_force_option("19.5A");  // no catalogue entry: nothing to choose from
  const auto choice = form.choice();
  CHECK(choice.scenario == "no-such-battle");
  CHECK(choice.force_options.empty());

  NewGameForm empty;  // no scenario files found: the old default, typed
  CHECK(empty.scenario_slug() == "quatre-bras");
  CHECK(empty.seats().size() == 3);
}

TEST_CASE("the form sends no deadline by default, and the deadline, vacation and policy chosen") {
  NewGameForm form(catalogue());
  CHECK(form.deadline_hours() == 0);
  CHECK_FALSE(
      hd::client::requests::create_game(form.choice(), std::string(32, 'e')).create_game().has_deadline());
  form.cycle_vacation();  // kept, but not sent while there is no deadline
  form.toggle_deadline_policy();
  CHECK_FALSE(
      hd::client::requests::create_game(form.choice(), std::string(32, 'e')).create_game().has_deadline());

  // The offers: none, 24 h, 48 h, 72 h, 7 days, none; vacation 3 (the default), 7, 14, 0, 3.
  std::vector<std::uint32_t> hours;
  for (int i = 0; i < 5; ++i) {
    form.cycle_deadline();
    hours.push_back(form.deadline_hours());
  }
  CHECK(hours == std::vector<std::uint32_t>{24, 48, 72, 168, 0});
  form.cycle_deadline();
  form.cycle_deadline();  // 48 h
  CHECK(form.vacation_days() == 7);
  CHECK(form.deadline_policy() == pb::DEADLINE_POLICY_FORFEIT);

  const pb::CreateGame create =
      hd::client::requests::create_game(form.choice(), std::string(32, 'e')).create_game();
  REQUIRE(create.has_deadline());
  CHECK(create.deadline().hours() == 48);
  CHECK(create.deadline().vacation_days() == 7);
  CHECK(create.deadline().policy() == pb::DEADLINE_POLICY_FORFEIT);

  form.cycle_vacation();
  form.cycle_vacation();  // 14, then 0
  form.toggle_deadline_policy();
  const pb::TurnDeadline back =
      hd::client::requests::create_game(form.choice(), "e").create_game().deadline();
  CHECK(back.vacation_days() == 0);
  CHECK(back.policy() == pb::DEADLINE_POLICY_BUILTIN);
}
