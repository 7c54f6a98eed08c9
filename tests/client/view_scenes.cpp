// hd_client_view_scenes: draws the client's screens offscreen from hand-fed models and writes PNGs,
// for client_view_test to probe (and for the docs' pictures). No server, no window: a RenderTexture
// (run it under xvfb-run). The game scenes use the Quatre Bras opening as the engine sets it up, the
// French in their combat phase, and every server answer (the view, the odds verdict) comes from the
// engine as the server's would (server/src/games/game_queries.cpp).
//
//   hd_client_view_scenes --out DIR [--font PATH]
//
// Writes DIR/lobby-form.png, lobby-form-not-by-the-book.png, lobby-your-turn.png, fog-shown.png,
// fog-last-seen.png, fog-never-seen.png, fog-absent.png, sight-blocked.png, sight-clear.png,
// combat-roll.png, combat-result.png and DIR/scenes.txt: one line per fact the probes need
// ("blocked-line X1 Y1 X2 Y2" ...).
#include "app/client_options.hpp"
#include "camera/opening_camera.hpp"
#include "model/client_model.hpp"
#include "served_scenarios.hpp"
#include "view/crt_table.hpp"
#include "view/game_screen.hpp"
#include "view/lobby_screen.hpp"
#include "view/map_stacks.hpp"
#include "view/palette.hpp"
#include "view/sf_color.hpp"

#include <hd/engine/rules/combat/combat.hpp>
#include <hd/engine/rules/combat/line_of_sight.hpp>
#include <hd/engine/visibility/view.hpp>
#include <hd/loader/data_files.hpp>
#include <hd/wire/game_convert.hpp>
#include <hd/wire/hex_convert.hpp>
#include <hd/wire/refusal_convert.hpp>

#include <SFML/Graphics/RenderTexture.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

namespace {

using namespace hd;
namespace pb = hundred_days::v1;

constexpr unsigned kWidth = 1280;
constexpr unsigned kHeight = 800;

bool save(sf::RenderTexture& texture, const std::filesystem::path& path) {
  texture.display();
  if (texture.getTexture().copyToImage().saveToFile(path.string())) return true;
  std::cerr << "cannot write " << path << "\n";
  return false;
}

sf::Event left_click(int x, int y) {
  sf::Event event;
  event.type = sf::Event::MouseButtonPressed;
  event.mouseButton.button = sf::Mouse::Left;
  event.mouseButton.x = x;
  event.mouseButton.y = y;
  return event;
}

// The position: a French gun placed where its sight to an Allied unit is blocked (7.3) and another
// where it is clear, both judged by the engine.
struct Position {
  engine::GameState state;
  engine::UnitIndex defender = 0;
  engine::UnitIndex blocked_gun = 0;
  engine::UnitIndex clear_gun = 0;
};

std::optional<Position> find_position(const std::filesystem::path& root) {
  loader::GameChoice choice;
  choice.scenario = "quatre-bras";
  auto loaded = loader::start_scenario_game(root, choice);
  if (!loaded.value) return std::nullopt;
  engine::GameState state = std::move(*loaded.value);
  state.phasing = engine::Side::French;
  state.phase = engine::Phase::Combat;
  std::vector<engine::UnitIndex> guns;
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (state.units[i].army == engine::Army::French && state.units[i].on_map() &&
        engine::is_artillery(state.units[i].type))
      guns.push_back(static_cast<engine::UnitIndex>(i));
  if (guns.size() < 2) return std::nullopt;
  const auto& area = state.rules->scenario.area;
  const auto empty = [&](engine::Hex hex) {
    for (const auto& unit : state.units)
      if (unit.on_map() && unit.hex == hex) return false;
    return area.contains(hex) && state.rules->map.bounds().contains(hex);
  };
  const auto enemy_adjacent = [&](engine::Hex hex) {
    for (const auto& unit : state.units)
      if (unit.on_map() && engine::side_of(unit.army) == engine::Side::Coalition &&
          engine::adjacent(unit.hex, hex))
        return true;
    return false;
  };
  for (std::size_t d = 0; d < state.units.size(); ++d) {
    const auto& target = state.units[d];
    if (target.army != engine::Army::Allied || !target.on_map()) continue;
    Position position{state, static_cast<engine::UnitIndex>(d), guns[0], guns[1]};
    std::optional<engine::Hex> blocked_at;
    std::optional<engine::Hex> clear_at;
    const int range = engine::bombardment_range(state.units[guns[0]].type);
    for (int c = target.hex.column - range; c <= target.hex.column + range; ++c) {
      for (int r = target.hex.row - range; r <= target.hex.row + range; ++r) {
        const engine::Hex hex{c, r};
        const int distance = engine::distance(hex, target.hex);
        if (distance < 2 || distance > range || !empty(hex) || enemy_adjacent(hex)) continue;
        engine::GameState trial = position.state;
        trial.units[guns[0]].hex = hex;
        engine::AttackAction attack;
        attack.defenders = {position.defender};
        attack.bombarding = {guns[0]};
        const auto refusal = engine::check_attack(trial, attack);
        if (!refusal && !clear_at) clear_at = hex;
        if (refusal && refusal->rule == "7.3" && !blocked_at) blocked_at = hex;
      }
    }
    if (!blocked_at || !clear_at) continue;
    position.state.units[guns[0]].hex = *blocked_at;
    position.blocked_gun = guns[0];
    position.state.units[guns[1]].hex = *clear_at;
    position.state.units[guns[1]].type = state.units[guns[0]].type;  // the same range as the first
    position.clear_gun = guns[1];
    return position;
  }
  return std::nullopt;
}

pb::GameSnapshot snapshot_of(const engine::GameState& state) {
  pb::GameSnapshot snapshot;
  snapshot.set_game_id(3);
  snapshot.set_sequence(1);
  snapshot.add_my_seats(pb::SEAT_FRENCH);
  auto* scenario = snapshot.mutable_scenario();
  scenario->set_id("quatre-bras");
  scenario->set_title(state.rules->scenario.name);
  scenario->set_rule(state.rules->scenario.rule);
  for (const auto& turn : state.rules->turns) {
    auto* info = scenario->add_turns();
    info->set_label(turn.name.to_string());
    info->set_night(turn.night);
    info->set_rain(turn.rain);
  }
  engine::Viewer viewer;
  viewer.kind = engine::Viewer::Kind::Seat;
  viewer.army = engine::Army::French;
  *snapshot.mutable_view() = wire::to_proto(engine::view(state, viewer));
  auto* pending = snapshot.mutable_view()->mutable_pending();
  pending->set_side(pb::SIDE_FRENCH);
  if (pending->seats().empty()) pending->add_seats(pb::SEAT_FRENCH);
  return snapshot;
}

// The odds answer as the server builds it (game_queries.cpp): the engine's check of the attack.
pb::OddsAnswer odds_answer(const engine::GameState& state, const pb::Attack& asked) {
  engine::AttackAction attack;
  attack.attackers.assign(asked.attackers().begin(), asked.attackers().end());
  attack.defenders.assign(asked.defenders().begin(), asked.defenders().end());
  attack.bombarding.assign(asked.bombarding().begin(), asked.bombarding().end());
  pb::OddsAnswer answer;
  answer.set_game_id(3);
  if (const auto refusal = engine::check_attack(state, attack)) {
    answer.set_legal(false);
    answer.mutable_refusal()->set_code(pb::REFUSAL_CODE_RULE_VIOLATION);
    answer.mutable_refusal()->set_message(engine::describe(*refusal, state));
    wire::to_proto(*refusal, *answer.mutable_refusal());
  } else {
    answer.set_legal(true);
    const auto odds = engine::compute_odds(state, attack);
    answer.mutable_odds()->set_attack(static_cast<std::uint32_t>(odds.attack));
    answer.mutable_odds()->set_defence(static_cast<std::uint32_t>(odds.defence));
    answer.mutable_odds()->set_computed(odds.computed.to_string());
    answer.mutable_odds()->set_used(odds.used.to_string());
  }
  return answer;
}

void point(std::ofstream& facts, const char* name, const client::Camera& camera, engine::Hex a,
           engine::Hex b) {
  const auto p = camera.layout().centre(a);
  const auto q = camera.layout().centre(b);
  facts << name << " " << static_cast<int>(p.x) << " " << static_cast<int>(p.y) << " "
        << static_cast<int>(q.x) << " " << static_cast<int>(q.y) << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::filesystem::path out = ".";
  std::string font_path = client::kDefaultFontPath;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string name = argv[i];
    if (name == "--out") out = argv[i + 1];
    if (name == "--font") font_path = argv[i + 1];
  }
  std::filesystem::create_directories(out);
  sf::Font font;
  if (!font.loadFromFile(font_path)) {
    std::cerr << "cannot load the font " << font_path << "\n";
    return 2;
  }
  // The CRT's monospace font, found beside the font as the client finds it (client_app.cpp).
  sf::Font mono;
  std::string mono_path = font_path;
  if (const auto at = mono_path.rfind("DejaVuSans.ttf"); at != std::string::npos)
    mono_path.replace(at, 14, "DejaVuSansMono.ttf");
  if (!mono.loadFromFile(mono_path)) mono = font;
  const auto root = loader::default_data_root();
  const auto data = loader::load_game_data(root);
  if (!data.value) return 2;
  sf::RenderTexture texture;
  if (!texture.create(kWidth, kHeight)) return 2;
  const sf::Vector2f size(kWidth, kHeight);
  std::ofstream facts(out / "scenes.txt");

  // The lobby with the create-game form open (a click on the scenario field).
  {
    client::LobbyScreen lobby(font);
    client::ClientModel model("scenes");
    // The server's answer, with the Campaign Variant as a server lacking two of its modules would list
    // it (every shipped scenario now plays by the book), for the NOT BY THE BOOK note below.
    auto served = std::make_shared<pb::ServerEnvelope>(*test::served_scenarios_envelope(root));
    for (auto& listed : *served->mutable_scenario_list()->mutable_scenarios())
      if (listed.slug() == "campaign-variant") {
        listed.add_missing_rules("28.0C");
        listed.add_missing_rules("28.0D");
      }
    model.apply(client::EnvelopeReceived{served});
    texture.clear(client::to_sf_color(client::palette::kBackground));
    lobby.draw(texture, model, size);
    lobby.handle(left_click(290, 66), model);
    texture.clear(client::to_sf_color(client::palette::kBackground));
    lobby.draw(texture, model, size);
    facts << "form-open " << (lobby.form_open() ? 1 : 0) << "\n";
    // Clicks on the form (lobby_screen.cpp's layout at 1280x800): option 19.5A, rule 15.1, the
    // Allied seat to the built-in player.
    for (const auto& [x, y] : {std::pair{610, 227}, std::pair{480, 401}, std::pair{1040, 256}}) {
      lobby.handle(left_click(x, y), model);
      texture.clear(client::to_sf_color(client::palette::kBackground));
      lobby.draw(texture, model, size);
    }
    const auto& form = lobby.form();
    facts << "form-choices " << form.force_option_chosen("19.5A") << " " << form.optional_rule_chosen("15.1")
          << " " << form.built_in(pb::SEAT_ALLIED) << "\n";
    if (!save(texture, out / "lobby-form.png")) return 1;

    // The Campaign Variant, whose rules in force still lack modules on the server: a click on its
    // entry (the list's rows start at 216 px, 28 px apart) shows the NOT BY THE BOOK note and its rules.
    const auto& entries = lobby.form().catalogue();
    const auto variant = std::find_if(entries.begin(), entries.end(), [](const client::ScenarioEntry& e) {
      return e.slug == "campaign-variant";
    });
    lobby.handle(left_click(150, 216 + 28 * static_cast<int>(variant - entries.begin()) + 12), model);
    texture.clear(client::to_sf_color(client::palette::kBackground));
    lobby.draw(texture, model, size);
    const client::ScenarioEntry* chosen = lobby.form().scenario();
    facts << "form-not-by-the-book " << (chosen && chosen->slug == "campaign-variant") << " "
          << (chosen && !chosen->missing_rules.empty()) << "\n";
    if (!save(texture, out / "lobby-form-not-by-the-book.png")) return 1;
  }

  // Issue 16: the lobby after a LobbyChanged push of two of alice's games, game 4 waiting for her
  // (drawn first, with the your-turn bar) and the newer game 9 not.
  {
    client::LobbyScreen lobby(font);
    client::ClientModel model("scenes");
    pb::ServerEnvelope in;
    in.mutable_logged_in()->set_account_id(1);
    in.mutable_logged_in()->set_username("alice");
    model.apply(client::EnvelopeReceived{std::make_shared<const pb::ServerEnvelope>(in)});
    pb::ServerEnvelope push;
    for (const auto& [id, turn] : {std::pair{9, false}, std::pair{4, true}}) {
      pb::GameSummary& game = *push.mutable_lobby_changed()->add_games();
      game.set_game_id(static_cast<std::uint64_t>(id));
      game.set_scenario("quatre-bras");
      game.set_title("Quatre Bras");
      game.set_status(pb::GAME_STATUS_RUNNING);
      game.set_your_turn(turn);
      pb::SeatHolder& seat = *game.add_seats();
      seat.set_seat(pb::SEAT_FRENCH);
      seat.set_human(true);
      seat.set_username("alice");
    }
    model.apply(client::EnvelopeReceived{std::make_shared<const pb::ServerEnvelope>(push)});
    texture.clear(client::to_sf_color(client::palette::kBackground));
    lobby.draw(texture, model, size);
    facts << "my-games";
    for (const auto& game : model.lobby().my_games)
      facts << " " << game.game_id();
    facts << "\n";
    if (!save(texture, out / "lobby-your-turn.png")) return 1;
  }

  const auto position = find_position(root);
  if (!position) {
    std::cerr << "no Quatre Bras position with a blocked and a clear bombardment found\n";
    return 1;
  }
  const engine::GameState& state = position->state;

  // 16.3 (issue 14): an Allied unit with no other unit within a hex of it, drawn as it stands, where
  // last seen (unobserved, seen on turn 0), never seen (unobserved, no hex), and left out of the view.
  {
    const pb::GameSnapshot base = snapshot_of(state);
    std::optional<int> alone;
    std::optional<engine::Hex> at;
    for (int i = 0; i < base.view().units_size() && !alone; ++i) {
      const pb::Unit& unit = base.view().units(i);
      if (unit.army() != pb::ARMY_ALLIED || unit.status() != pb::UNIT_STATUS_ON_MAP || !unit.has_hex())
        continue;
      const auto hex = client::hex_of(unit.hex());
      if (!hex) continue;
      bool crowded = false;
      for (int j = 0; j < base.view().units_size(); ++j) {
        const pb::Unit& other = base.view().units(j);
        if (j == i || other.status() != pb::UNIT_STATUS_ON_MAP || !other.has_hex()) continue;
        if (const auto there = client::hex_of(other.hex()); there && engine::distance(*there, *hex) <= 1)
          crowded = true;
      }
      if (!crowded) {
        alone = i;
        at = hex;
      }
    }
    if (!alone) {
      std::cerr << "no Allied unit alone in Quatre Bras' opening\n";
      return 1;
    }
    client::ClientModel fog("scenes");
    client::GameScreen fog_screen(font, mono, data.value->map, state.rules->scenario.area,
                                  client::opening_camera(state.rules->scenario.area, *at,
                                                         kWidth - client::kSidePanelWidth, kHeight - 24),
                                  client::crt_table_text(root), data.value->terrain_effects);
    const auto fog_scene = [&](const pb::GameSnapshot& snapshot, const char* name) {
      fog.game().apply_snapshot(snapshot);
      texture.clear(client::to_sf_color(client::palette::kBackground));
      fog_screen.draw(texture, fog, size);
      return save(texture, out / name);
    };
    if (!fog_scene(base, "fog-shown.png")) return 1;
    pb::GameSnapshot last_seen = base;
    pb::Unit& seen = *last_seen.mutable_view()->mutable_units(*alone);
    seen.set_unobserved(true);
    seen.set_last_seen_turn(0);
    if (!fog_scene(last_seen, "fog-last-seen.png")) return 1;
    pb::GameSnapshot never_seen = last_seen;
    pb::Unit& never = *never_seen.mutable_view()->mutable_units(*alone);
    never.clear_hex();
    never.clear_last_seen_turn();
    if (!fog_scene(never_seen, "fog-never-seen.png")) return 1;
    pb::GameSnapshot absent = base;
    absent.mutable_view()->mutable_units()->DeleteSubrange(*alone, 1);
    if (!fog_scene(absent, "fog-absent.png")) return 1;
    const auto centre = fog_screen.camera().layout().centre(*at);
    facts << "fog-at " << static_cast<int>(centre.x) << " " << static_cast<int>(centre.y) << " "
          << static_cast<int>(fog_screen.camera().layout().hex_width() * 0.62) << "\n";
    const auto tag = client::last_seen_tag(fog.game(), {});
    fog.game().apply_snapshot(last_seen);
    const auto tagged = client::last_seen_tag(fog.game(), fog.game().units_at(*at));
    facts << "fog-tag " << (!tag && tagged && *tagged == "seen " + fog.game().turn_name(0) ? 1 : 0) << "\n";

    // 16.3 (issue 14), the F key: the observed area shaded. The lone unit's hex and its north and
    // north-east neighbours observed, its south neighbour not (no unit stands on any of the three):
    // the same position drawn with the area and with none, for the probes to compare.
    fog.game().apply_snapshot(base);
    texture.clear(client::to_sf_color(client::palette::kBackground));
    fog_screen.draw(texture, fog, size);
    if (!save(texture, out / "observed-none.png")) return 1;
    const engine::Hex observed = engine::neighbour(*at, engine::Direction::North);
    const engine::Hex unobserved = engine::neighbour(*at, engine::Direction::South);
    if (!fog.game().observed_area_shown()) fog.game().toggle_observed_area();
    pb::ObservedArea observed_area;
    observed_area.set_game_id(fog.game().game_id());
    observed_area.set_distance(1);
    for (const engine::Hex hex : {observed, engine::neighbour(*at, engine::Direction::NorthEast), *at})
      *observed_area.add_hexes() = wire::to_proto(hex);
    fog.game().apply_observed_area(observed_area);
    facts << "observed-area " << (fog.game().observed_area() ? fog.game().observed_area()->hexes_size() : 0)
          << "\n";
    texture.clear(client::to_sf_color(client::palette::kBackground));
    fog_screen.draw(texture, fog, size);
    if (!save(texture, out / "observed-area.png")) return 1;
    const auto observed_centre = fog_screen.camera().layout().centre(observed);
    const auto unobserved_centre = fog_screen.camera().layout().centre(unobserved);
    facts << "observed-in " << static_cast<int>(observed_centre.x) << " "
          << static_cast<int>(observed_centre.y) << "\n";
    facts << "observed-out " << static_cast<int>(unobserved_centre.x) << " "
          << static_cast<int>(unobserved_centre.y) << "\n";

    // 16.6 (issue 14): hidden movement markers round the lone unit, in hexes holding nothing: an enemy's
    // marker (the view says nothing of which is real) north, the viewer's own real marker south, its
    // dummy north-east. The same position with no marker is observed-none.png.
    if (fog.game().observed_area_shown()) fog.game().toggle_observed_area();
    pb::GameSnapshot with_markers = base;
    const auto add_marker = [&](pb::Army army, engine::Hex hex, std::optional<bool> real) {
      pb::HiddenMarker& marker = *with_markers.mutable_view()->add_markers();
      marker.set_army(army);
      marker.set_pair(3);
      marker.set_b(real.has_value() && !*real);
      *marker.mutable_hex() = wire::to_proto(hex);
      if (real) marker.set_real(*real);
    };
    const engine::Hex north_east = engine::neighbour(*at, engine::Direction::NorthEast);
    add_marker(pb::ARMY_ALLIED, observed, std::nullopt);
    add_marker(pb::ARMY_FRENCH, unobserved, true);
    add_marker(pb::ARMY_FRENCH, north_east, false);
    if (!fog_scene(with_markers, "hidden-markers.png")) return 1;
    const auto marker_at = [&](const char* name, engine::Hex hex) {
      const auto centre = fog_screen.camera().layout().centre(hex);
      facts << name << " " << static_cast<int>(centre.x) << " " << static_cast<int>(centre.y) << "\n";
    };
    marker_at("marker-enemy", observed);
    marker_at("marker-real", unobserved);
    marker_at("marker-dummy", north_east);

    // 16.6B: the viewer's real marker picked in his movement decision and a path of one hex built for
    // it, south-west of the lone unit (next to the marker, and empty): the marker framed, the path drawn.
    pb::GameSnapshot moving = with_markers;
    moving.mutable_view()->set_phase(pb::PHASE_MOVEMENT);
    moving.mutable_view()->set_phasing(pb::SIDE_FRENCH);
    pb::PendingDecision& decision = *moving.mutable_view()->mutable_pending();
    decision.set_kind(pb::DECISION_KIND_MOVE);
    decision.set_side(pb::SIDE_FRENCH);
    decision.set_what("move or end the movement phase");
    decision.clear_seats();
    decision.add_seats(pb::SEAT_FRENCH);
    fog.game().apply_snapshot(moving);
    const engine::Hex step = engine::neighbour(*at, engine::Direction::SouthWest);
    fog.game().click_hex(unobserved);
    fog.game().click_hex(step);
    facts << "marker-picked " << (fog.game().selected_marker() ? 1 : 0) << " "
          << fog.game().marker_path().size() << "\n";
    texture.clear(client::to_sf_color(client::palette::kBackground));
    fog_screen.draw(texture, fog, size);
    if (!save(texture, out / "hidden-marker-picked.png")) return 1;
    marker_at("marker-step", step);
  }

  const engine::Hex target = state.units[position->defender].hex;
  const engine::Hex blocked_from = state.units[position->blocked_gun].hex;
  const engine::Hex clear_from = state.units[position->clear_gun].hex;
  const auto& area = state.rules->scenario.area;

  client::ClientModel model("scenes");
  model.game().apply_snapshot(snapshot_of(state));
  client::GameScreen screen(
      font, mono, data.value->map, area,
      client::opening_camera(area, target, kWidth - client::kSidePanelWidth, kHeight - 24),
      client::crt_table_text(root), data.value->terrain_effects);
  const auto draw = [&] {
    texture.clear(client::to_sf_color(client::palette::kBackground));
    screen.draw(texture, model, size);
  };
  const auto& camera = screen.camera();

  // Both guns bombard: the server names the blocked one (7.3); nothing is said of the other.
  client::GameModel& game = model.game();
  game.click_hex(blocked_from, client::ClickIntent::Shifted);
  game.click_hex(clear_from, client::ClickIntent::Shifted);
  game.click_hex(target);
  game.apply_odds(odds_answer(state, game.built_attack()));
  draw();
  point(facts, "blocked-line", camera, blocked_from, target);
  point(facts, "unknown-line", camera, clear_from, target);
  if (!save(texture, out / "sight-blocked.png")) return 1;
  // The CRT (C) while the server refuses the combat: no column marked.
  const auto press_c = [&] {
    sf::Event key{};
    key.type = sf::Event::KeyPressed;
    key.key.code = sf::Keyboard::C;
    screen.handle(key, model);
  };
  press_c();
  draw();
  facts << "crt-refused-marked " << (screen.crt_odds_column() ? 1 : 0) << "\n";
  if (!save(texture, out / "crt-refused.png")) return 1;
  press_c();

  // The blocked gun taken out: the server finds the bombardment legal.
  game.click_hex(blocked_from, client::ClickIntent::Shifted);
  game.apply_odds(odds_answer(state, game.built_attack()));
  draw();
  point(facts, "clear-line", camera, clear_from, target);
  facts << "clear-legal " << (game.odds() && game.odds()->legal() ? 1 : 0) << "\n";
  if (!save(texture, out / "sight-clear.png")) return 1;
  // The CRT (C) with the legal combat: its odds column marked (issue 16).
  press_c();
  draw();
  if (const auto& column = screen.crt_odds_column())
    facts << "crt-column " << static_cast<int>(column->left) << " " << static_cast<int>(column->top) << " "
          << static_cast<int>(column->left + column->width) << " "
          << static_cast<int>(column->top + column->height) << "\n";
  if (const auto column = client::crt_column(client::crt_table_text(root), game.odds()->odds().used()))
    facts << "crt-column-chars " << column->first << " " << column->width << "\n";
  if (!save(texture, out / "crt-odds.png")) return 1;
  press_c();

  // The bombardment resolved: an update with the die and the result, as the server sends it.
  pb::GameUpdate update;
  update.set_game_id(3);
  update.set_sequence(2);
  update.set_seat(pb::SEAT_FRENCH);
  update.set_action_text("french attack bombard die 5");
  auto* event = update.add_events();
  event->set_text("bombardment: die 5, Dr");
  auto* combat = event->mutable_combat();
  combat->add_defenders(position->defender);
  combat->set_die(5);
  combat->set_result("Dr");
  combat->mutable_odds()->set_computed("1-1");
  *update.mutable_view() = model.game().view();
  model.game().apply_update(update);
  draw();  // takes the combat
  screen.update(sf::seconds(0.3f), false);
  draw();
  point(facts, "combat-at", camera, target, target);
  if (!save(texture, out / "combat-roll.png")) return 1;
  screen.update(sf::seconds(static_cast<float>(client::CombatAnimation::kRollSeconds)), false);
  draw();
  if (!save(texture, out / "combat-result.png")) return 1;
  return 0;
}
