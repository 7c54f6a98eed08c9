// The script's `report` line (app/script_report.hpp) and the commands of an interactive script
// (app/input_script.hpp): what a test harness reads and writes through --script -.
#include "app/script_report.hpp"

#include "app/input_script.hpp"
#include "model/client_model.hpp"

#include <hd/wire/hex_convert.hpp>

#include <catch2/catch.hpp>

#include <memory>
#include <set>
#include <string>
#include <vector>

namespace pb = hundred_days::v1;
using hd::client::ClientModel;

namespace {

void receive(ClientModel& model, const pb::ServerEnvelope& envelope) {
  model.apply(hd::client::EnvelopeReceived{std::make_shared<const pb::ServerEnvelope>(envelope)});
}

pb::Unit unit(std::uint32_t index, pb::Army army, const char* ccrr, std::uint32_t strength) {
  pb::Unit u;
  u.set_index(index);
  u.set_army(army);
  u.set_strength(strength);
  u.set_status(pb::UNIT_STATUS_ON_MAP);
  *u.mutable_hex() = hd::wire::to_proto(*hd::engine::parse_hex(ccrr));
  u.set_arrival_turn(-1);
  return u;
}

// A French seat's game in its combat phase: one French unit next to one Allied unit.
ClientModel combat_model() {
  ClientModel model("ws://h/");
  model.apply(hd::client::Connected{});
  hd::client::WelcomeInfo welcome;
  welcome.map_grid = hd::engine::kNlbGrid;
  model.apply(hd::client::WelcomeReceived{welcome});
  pb::ServerEnvelope snapshot;
  auto* game = snapshot.mutable_game_snapshot();
  game->set_game_id(5);
  game->set_sequence(12);
  game->add_my_seats(pb::SEAT_FRENCH);
  auto* view = game->mutable_view();
  view->set_turn(2);
  view->set_phasing(pb::SIDE_FRENCH);
  view->set_phase(pb::PHASE_COMBAT);
  *view->add_units() = unit(0, pb::ARMY_FRENCH, "1647", 4);
  *view->add_units() = unit(3, pb::ARMY_ALLIED, "1646", 6);
  view->add_victory_points(2);
  view->add_victory_points(0);
  view->mutable_pending()->set_side(pb::SIDE_FRENCH);
  view->mutable_pending()->add_seats(pb::SEAT_FRENCH);
  view->mutable_pending()->set_what("attack or end the combat phase");
  view->mutable_pending()->set_kind(pb::DECISION_KIND_ATTACK);
  receive(model, snapshot);
  return model;
}

// The next update of combat_model()'s game: the same view plus `more` units, with the exchange
// decision pending for the French (6.5A): the typed kind and loss, and `what`, words for display.
void exchange_pending(ClientModel& model, const std::string& what, const std::vector<pb::Unit>& more) {
  pb::ServerEnvelope update;
  auto* next = update.mutable_game_update();
  next->set_game_id(5);
  next->set_sequence(13);
  *next->mutable_view() = model.game().view();
  for (const pb::Unit& each : more)
    *next->mutable_view()->add_units() = each;
  next->mutable_view()->mutable_pending()->set_what(what);
  next->mutable_view()->mutable_pending()->set_kind(pb::DECISION_KIND_EXCHANGE_CHOICE);
  receive(model, update);
}

}  // namespace

TEST_CASE("the report line says what the client knows, one key=value word each") {
  ClientModel model = combat_model();
  const std::string before = hd::client::script_report(model);
  CHECK(
      before.rfind(
          "report state=welcomed cleartext=none reconnects=0 game=5 seq=12 spectating=0 turn=2 phase=combat "
          "phasing=french decision=mine over=0 winner=none level=- vp=2,0 units=0:f:1647:4,3:a:1646:6 "
          "mine=0 arrivals=- selected=- reachable=- must_attack=- options=- attackers=- defenders=- "
          "odds=none retreat_unit=- retreats=- advances=- what=attack_or_end_the_combat_phase",
          0) == 0);
  // The log: the snapshot's two lines (opened, and that earlier actions are not replayed).
  CHECK_THAT(before, Catch::Contains(" log_entries=2"));
  // The snapshot asked for combat options and retreats: two requests in flight until answered.
  CHECK(model.requests_in_flight() == 2);

  pb::ServerEnvelope options;
  auto* answer = options.mutable_combat_options();
  answer->set_game_id(5);
  answer->add_must_attack(0);
  auto* option = answer->add_options();
  *option->mutable_target() = hd::wire::to_proto(*hd::engine::parse_hex("1646"));
  option->add_defenders(3);
  option->add_attackers(0);
  option->set_owed(true);
  receive(model, options);
  model.send_game(model.game().click_hex(*hd::engine::parse_hex("1647")));
  model.send_game(model.game().click_hex(*hd::engine::parse_hex("1646")));
  const std::string built = hd::client::script_report(model);
  CHECK_THAT(built, Catch::Contains(" must_attack=0 options=1646:1:0 attackers=0 defenders=3 odds=none "));
}

TEST_CASE("interactive script commands parse: report, wait-for idle / my-decision / reconnects N") {
  const auto parsed = hd::client::parse_input_script(
      "report\nwait-for idle\nwait-for my-decision\nwait-for reconnects 2\n", 40);
  REQUIRE(std::holds_alternative<std::vector<hd::client::ScriptCommand>>(parsed));
  const auto& commands = std::get<std::vector<hd::client::ScriptCommand>>(parsed);
  REQUIRE(commands.size() == 4);
  using Kind = hd::client::ScriptCommand::Kind;
  CHECK(commands[0].kind == Kind::Report);
  CHECK(commands[0].line == 40);
  CHECK(commands[1].word == "idle");
  CHECK(commands[2].word == "my-decision");
  CHECK(commands[3].kind == Kind::WaitReconnects);
  CHECK(commands[3].x == 2);
  const auto bad = hd::client::parse_input_script("wait-for reconnects\n", 7);
  REQUIRE(std::holds_alternative<std::string>(bad));
  CHECK_THAT(std::get<std::string>(bad), Catch::Contains("line 7"));
}

TEST_CASE("a pending exchange (6.5A): a click on my stack chooses its units, Enter sends them as losses") {
  ClientModel model = combat_model();
  exchange_pending(model, "choose the attackers the exchange eliminates (at least 4 strength)", {});
  hd::client::GameModel& game = model.game();
  REQUIRE(game.exchange_pending());
  CHECK(game.click_hex(*hd::engine::parse_hex("1646")).empty());  // an enemy hex: nothing
  CHECK(game.click_hex(*hd::engine::parse_hex("1647")).empty());  // no odds query for losses
  CHECK(game.attackers() == std::set<std::uint32_t>{0});
  const auto sent = game.commit_attack();
  REQUIRE(sent.size() == 1);
  REQUIRE(sent[0].submit_action().action().has_exchange_losses());
  CHECK(sent[0].submit_action().action().exchange_losses().units_size() == 1);
  CHECK(sent[0].submit_action().action().exchange_losses().units(0) == 0);
  CHECK(game.attackers().empty());
}

TEST_CASE("a pending exchange (6.5A): the panel's pick chooses one unit out of a stack") {
  ClientModel model = combat_model();
  const pb::Unit stacked = unit(1, pb::ARMY_FRENCH, "1647", 2);  // stacked with unit 0
  exchange_pending(model, "choose the attackers the exchange eliminates (at least 2 strength)", {stacked});
  hd::client::GameModel& game = model.game();
  REQUIRE(game.exchange_pending());
  CHECK(game.select_unit(1).empty());  // no reachable-hex query: a loss chosen
  CHECK(game.attackers() == std::set<std::uint32_t>{1});
  CHECK(game.select_unit(3).empty());  // an Allied unit cannot be chosen
  CHECK(game.attackers() == std::set<std::uint32_t>{1});
  const auto sent = game.commit_attack();
  REQUIRE(sent.size() == 1);
  REQUIRE(sent[0].submit_action().action().has_exchange_losses());
  REQUIRE(sent[0].submit_action().action().exchange_losses().units_size() == 1);
  CHECK(sent[0].submit_action().action().exchange_losses().units(0) == 1);
}

TEST_CASE("the report says the draw offer waiting, an armed resignation and the end with its reason") {
  ClientModel model = combat_model();
  const std::string running = hd::client::script_report(model);
  CHECK(running.find(" draw_offer=- resign_armed=0 end=- end_reason=-") != std::string::npos);

  pb::ServerEnvelope offer;
  offer.mutable_draw_offered()->set_game_id(5);
  offer.mutable_draw_offered()->set_by(pb::SEAT_ALLIED);
  receive(model, offer);
  CHECK(model.game().resign().empty());  // armed, not sent
  CHECK(hd::client::script_report(model).find(" draw_offer=Allied resign_armed=1 end=-") !=
        std::string::npos);

  pb::ServerEnvelope changed;
  *changed.mutable_game_changed() = model.game().summary();
  changed.mutable_game_changed()->set_game_id(5);
  changed.mutable_game_changed()->set_status(pb::GAME_STATUS_FINISHED);
  changed.mutable_game_changed()->set_result("drawn by agreement");
  changed.mutable_game_changed()->set_end(pb::GAME_END_DRAW_AGREED);  // as the server sends it
  receive(model, changed);
  CHECK(hd::client::script_report(model).find(
            " draw_offer=- resign_armed=0 end=Draw end_reason=drawn_by_agreement") != std::string::npos);
}

TEST_CASE("a failed connection: the report says why in failure=, and `wait-for failed` parses (28)") {
  ClientModel model("wss://h/");
  CHECK_THAT(hd::client::script_report(model), Catch::EndsWith(" failure=-"));
  model.apply(hd::client::ConnectionFailed{"the server's certificate is not valid for this host"});
  const std::string report = hd::client::script_report(model);
  CHECK_THAT(report, Catch::StartsWith("report state=failed "));
  CHECK_THAT(report, Catch::EndsWith(" failure=the_server's_certificate_is_not_valid_for_this_host"));
  const auto parsed = hd::client::parse_input_script("wait-for failed\n", 1);
  REQUIRE(std::holds_alternative<std::vector<hd::client::ScriptCommand>>(parsed));
  CHECK(std::get<std::vector<hd::client::ScriptCommand>>(parsed).at(0).word == "failed");
}
