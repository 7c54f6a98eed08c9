#include "view/game_screen.hpp"

#include "model/deadline_words.hpp"
#include "model/game_end.hpp"
#include "net/requests.hpp"
#include "view/briefing_lines.hpp"
#include "view/briefing_overlay.hpp"
#include "view/counter_painter.hpp"
#include "view/crt_table.hpp"
#include "view/hex_highlight.hpp"
#include "view/legend_overlay.hpp"
#include "view/map_palette.hpp"
#include "view/map_stacks.hpp"
#include "view/move_trail_painter.hpp"
#include "view/screen_layout.hpp"
#include "view/sf_color.hpp"
#include "view/standing_orders_overlay.hpp"
#include "view/status_text.hpp"
#include "view/terrain_chart_overlay.hpp"
#include "view/thick_line.hpp"
#include "view/turn_track_strip.hpp"
#include "view/word_wrap.hpp"

#include <hd/engine/board/terrain.hpp>

#include <SFML/Graphics/CircleShape.hpp>
#include <SFML/Graphics/ConvexShape.hpp>
#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Text.hpp>
#include <SFML/Graphics/VertexArray.hpp>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <sstream>

namespace hd::client {
namespace {

// A press and release closer than this (pixels) is a click, not a drag.
constexpr int kClickSlop = 4;
constexpr unsigned kPanelTextSize = 13;
// Characters of panel text a line holds (the end's words, where a record was written).
constexpr std::size_t kPanelWrap = 56;
constexpr float kLine = 16;
// Log lines one wheel notch scrolls.
constexpr long kWheelLogLines = 3;

sf::Color with_alpha(palette::Rgb rgb, std::uint8_t alpha) {
  sf::Color colour = to_sf_color(rgb);
  colour.a = alpha;
  return colour;
}

sf::Vector2f to_vector(engine::Point point) {
  return {static_cast<float>(point.x), static_cast<float>(point.y)};
}

// "3" or "3.5" MP from a cost in half MP.
std::string mp_text(std::uint32_t half_mp) {
  return std::to_string(half_mp / 2) + (half_mp % 2 ? ".5" : "");
}

std::string unit_line(const pb::Unit& unit) {
  if (unit.type() == pb::UNIT_TYPE_LEADER)  // 10.0: no strength; officers carry their designation
    return army_name(unit.army()) + " " + unit.id() + " (leader)" +
           (unit.command().empty() ? "" : " " + unit.command()) +
           (unit.inactive() ? ", inactive (16.14)" : "");
  std::string line = army_name(unit.army()) + " " + unit.id() + " " + std::to_string(unit.strength()) + "-" +
                     std::to_string(unit.movement());
  if (unit.reduced()) line += " (reduced)";
  if (!unit.command().empty()) line += " " + unit.command();
  if (unit.out_of_command()) line += ", out of command (11.3)";
  if (unit.corps_demoralized()) line += ", corps demoralized (13.2)";
  if (unit.moved()) line += ", moved";
  return line;
}

std::string level_text(int level) {
  return level < 0 ? "none" : std::to_string(level);
}

// A die face `side` px square centred on `centre`, showing `face` pips (1-6).
void draw_die(sf::RenderTarget& target, sf::Vector2f centre, float side, int face, std::uint8_t alpha) {
  sf::RectangleShape body({side, side});
  body.setOrigin(side / 2, side / 2);
  body.setPosition(centre);
  body.setFillColor(with_alpha(palette::kDieFace, alpha));
  body.setOutlineColor(with_alpha(palette::kDiePip, alpha));
  body.setOutlineThickness(2.0f);
  target.draw(body);
  // Pip places on a 3x3 grid (-1, 0, +1 in each direction), by face.
  static const std::vector<std::vector<std::pair<int, int>>> kPips{
      {},
      {{0, 0}},
      {{-1, -1}, {1, 1}},
      {{-1, -1}, {0, 0}, {1, 1}},
      {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}},
      {{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}},
      {{-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {1, 1}}};
  if (face < 1 || face > 6) return;
  const float radius = side * 0.09f;
  for (const auto& [px, py] : kPips[static_cast<std::size_t>(face)]) {
    sf::CircleShape pip(radius);
    pip.setOrigin(radius, radius);
    pip.setPosition(
        centre + sf::Vector2f(static_cast<float>(px) * side * 0.27f, static_cast<float>(py) * side * 0.27f));
    pip.setFillColor(with_alpha(palette::kDiePip, alpha));
    target.draw(pip);
  }
}

// A path as its line and a dot on each of its hexes (a unit's move, 16.6B a marker's).
void draw_path(sf::RenderTarget& target, const sf::VertexArray& line) {
  target.draw(line);
  for (std::size_t i = 0; i < line.getVertexCount(); ++i) {
    sf::CircleShape dot(3);
    dot.setOrigin(3, 3);
    dot.setPosition(line[i].position);
    dot.setFillColor(to_sf_color(palette::kPathLine));
    target.draw(dot);
  }
}

palette::Rgb result_colour(const std::string& result) {
  if (result == "Ae" || result == "Ar") return palette::kResultAttackerLoses;
  if (result == "De" || result == "Dr") return palette::kResultDefenderLoses;
  return palette::kResultExchange;
}

}  // namespace

GameScreen::GameScreen(const sf::Font& font, const sf::Font& mono, const engine::GameMap& map,
                       engine::PlayingArea area, Camera camera, std::string crt_text,
                       const engine::TerrainEffects& terrain_effects)
    : font_(font),
      mono_(mono),
      map_(map),
      terrain_(map, font, area),
      camera_(camera),
      kit_(font),
      crt_text_(std::move(crt_text)),
      terrain_chart_(terrain_chart_rows(terrain_effects)) {}

void GameScreen::handle(const sf::Event& event, ClientModel& model) {
  if (chatting_) {
    // Typing a chat line: Enter sends it, Escape abandons it; other keys are text.
    if (event.type == sf::Event::TextEntered) {
      chat_.type(event.text.unicode);
      return;
    }
    if (event.type == sf::Event::KeyPressed) {
      if (event.key.code == sf::Keyboard::Enter) {
        if (!chat_.text.empty() && model.game().open())
          model.send_game({requests::send_chat(model.game().game_id(), pb::CHAT_CHANNEL_ALL, chat_.text)});
        chat_.text.clear();
        chatting_ = false;
      } else if (event.key.code == sf::Keyboard::Escape) {
        chatting_ = false;
      }
      return;
    }
  }
  switch (event.type) {
    case sf::Event::MouseButtonPressed:
      if (event.mouseButton.button == sf::Mouse::Left) {
        if (static_cast<float>(event.mouseButton.x) >= map_width_) {
          kit_.click(static_cast<float>(event.mouseButton.x), static_cast<float>(event.mouseButton.y));
          return;
        }
        press_ = sf::Vector2i(event.mouseButton.x, event.mouseButton.y);
      } else if (event.mouseButton.button == sf::Mouse::Right) {
        model.game().clear_selection();
        return;
      }
      break;
    case sf::Event::MouseButtonReleased:
      if (event.mouseButton.button == sf::Mouse::Left && press_) {
        const sf::Vector2i at(event.mouseButton.x, event.mouseButton.y);
        if (std::abs(at.x - press_->x) <= kClickSlop && std::abs(at.y - press_->y) <= kClickSlop) {
          on_map_click(static_cast<float>(at.x), static_cast<float>(at.y), shift_held_, model);
        }
        press_.reset();
      }
      break;
    case sf::Event::MouseMoved:
      mouse_ = {event.mouseMove.x, event.mouseMove.y};
      break;
    case sf::Event::MouseWheelScrolled:
      // Over the log the wheel scrolls it (up: older lines); elsewhere it zooms the map.
      if (log_area_.contains(static_cast<float>(event.mouseWheelScroll.x),
                             static_cast<float>(event.mouseWheelScroll.y))) {
        if (event.mouseWheelScroll.wheel == sf::Mouse::VerticalWheel)
          model.game().log().scroll(event.mouseWheelScroll.delta > 0 ? kWheelLogLines : -kWheelLogLines);
        return;
      }
      break;
    case sf::Event::KeyPressed:
      if (event.key.code == sf::Keyboard::LShift || event.key.code == sf::Keyboard::RShift)
        shift_held_ = true;
      on_key(event.key, model);
      break;
    case sf::Event::KeyReleased:
      if (event.key.code == sf::Keyboard::LShift || event.key.code == sf::Keyboard::RShift)
        shift_held_ = false;
      break;
    default:
      break;
  }
  // Panning: dragging, the wheel and the arrow keys (the controller ignores plain clicks).
  if (event.type != sf::Event::MouseButtonPressed || static_cast<float>(event.mouseButton.x) < map_width_)
    controller_.handle(event, camera_);
}

void GameScreen::on_map_click(float x, float y, bool shift, ClientModel& model) {
  const engine::Hex hex = camera_.layout().hex_at({x, y});
  if (!map_.bounds().contains(hex)) return;
  // Issue 16: with the standing-orders panel shown, a hex clicked is a retreat hex picked for it.
  if (model.standing_orders().pick_retreat_hex(hex)) return;
  model.send_game(model.game().click_hex(hex, shift ? ClickIntent::Shifted : ClickIntent::Primary));
}

void GameScreen::on_key(const sf::Event::KeyEvent& key, ClientModel& model) {
  GameModel& game = model.game();
  if (model.standing_orders().shown() && !key.control && on_orders_key(key, model)) return;
  switch (key.code) {
    case sf::Keyboard::O:
      open_standing_orders(model);
      break;
    case sf::Keyboard::E:
      if (key.control) model.send_game(game.end_phase());
      break;
    case sf::Keyboard::Enter:  // 16.6B: the picked marker's path, else the combat built
      model.send_game(game.selected_marker() ? game.commit_marker_move() : game.commit_attack());
      break;
    case sf::Keyboard::Hyphen:
    case sf::Keyboard::Subtract:
      model.send_game(game.change_odds_reduction(-1));
      break;
    case sf::Keyboard::Equal:
    case sf::Keyboard::Add:
      model.send_game(game.change_odds_reduction(+1));
      break;
    case sf::Keyboard::N:
      if (game.proposal()) {
        model.send_game(game.answer_proposal(false));
      } else if (game.draw_offer()) {
        model.send_game(game.answer_draw(false));
      } else {
        model.send_game(game.decline_advance());
      }
      break;
    case sf::Keyboard::Y:
      if (game.proposal()) {
        model.send_game(game.answer_proposal(true));
      } else {
        model.send_game(game.answer_draw(true));
      }
      break;
    case sf::Keyboard::R:  // resign: Ctrl+R arms, Ctrl+R again concedes, Escape cancels
      if (key.control) model.send_game(game.resign());
      break;
    case sf::Keyboard::D:
      if (key.control) model.send_game(game.offer_draw());
      break;
    case sf::Keyboard::S:
      if (key.control) model.send_game(game.export_record());
      break;
    case sf::Keyboard::H:
      hex_numbers_ = !hex_numbers_;
      break;
    case sf::Keyboard::F:  // 16.3: shade the hexes our side observes (QueryObservedArea), or stop
      model.send_game(game.toggle_observed_area());
      break;
    case sf::Keyboard::C:
      toggle(Overlay::Crt);
      break;
    case sf::Keyboard::F1:
      toggle(Overlay::Legend);
      break;
    case sf::Keyboard::F2:
      toggle(Overlay::TerrainChart);
      break;
    case sf::Keyboard::F3:
      toggle(Overlay::Briefing);
      break;
    case sf::Keyboard::U:
      model.send_game(game.request_undo());
      break;
    case sf::Keyboard::T:
      chatting_ = true;
      break;
    case sf::Keyboard::Escape:
      game.clear_selection();
      overlay_ = Overlay::None;
      break;
    case sf::Keyboard::L:
      if (key.control) model.close_game();
      break;
    case sf::Keyboard::PageUp:
      game.log().page_back();
      break;
    case sf::Keyboard::PageDown:
      game.log().page_forward();
      break;
    case sf::Keyboard::End:
      game.log().scroll_to_end();
      break;
    default:
      break;
  }
}

bool GameScreen::on_orders_key(const sf::Event::KeyEvent& key, ClientModel& model) {
  StandingOrdersPanel& panel = model.standing_orders();
  switch (key.code) {
    case sf::Keyboard::R:
      panel.cycle_retreat();
      return true;
    case sf::Keyboard::V:
      panel.toggle_advance();
      return true;
    case sf::Keyboard::Enter:
      model.send_orders(panel.set_orders());
      return true;
    case sf::Keyboard::Delete:
      model.send_orders(panel.clear_orders());
      return true;
    case sf::Keyboard::O:
    case sf::Keyboard::Escape:
      panel.close();
      return true;
    default:
      return false;
  }
}

void GameScreen::open_standing_orders(ClientModel& model) {
  const GameModel& game = model.game();
  std::vector<std::uint32_t> mine;
  if (const auto hex = game.selected_hex()) {
    for (const std::uint32_t index : game.units_at(*hex))
      if (const pb::Unit* unit = game.unit(index); unit && game.is_mine(*unit)) mine.push_back(index);
    if (!mine.empty()) {
      model.send_orders(model.standing_orders().open(game.game_id(), *hex, std::move(mine)));
      return;
    }
  }
  model.note("Standing orders: select a hex with units of your own first, then O");
}

void GameScreen::update(sf::Time elapsed, bool has_focus) {
  if (!chatting_) controller_.update(elapsed, has_focus, camera_);
  combat_animation_.advance(static_cast<double>(elapsed.asSeconds()));
}

void GameScreen::draw(sf::RenderTarget& target, ClientModel& model, sf::Vector2f size) {
  map_width_ = size.x - kSidePanelWidth;
  map_height_ = size.y - layout::kStatusBarHeight;
  terrain_.draw(target, camera_, hex_numbers_);
  if (model.game().open()) {
    draw_overlays(target, model.game());
    if (model.standing_orders().shown()) draw_retreat_picks(target, model.standing_orders());
    // Issue 16: the last player turn's moves, under the counters (the ring shows around a counter).
    for (const MoveTrail& trail : model.game().move_trails())
      paint_move_trail(target, camera_.layout(), trail.hexes);
    draw_counters(target, model.game());
    draw_sight_lines(target, model.game());
    draw_expanded_stack(target, model.game());
    combat_animation_.take(model.game().combats());
    draw_combat_animation(target);
  }
  draw_panel(target, model, size);
  if (const auto end = game_end(model.game()); end && overlay_ == Overlay::None)
    draw_game_end(target, *end, size);
  if (overlay_ == Overlay::Crt) draw_crt(target, size, model.game());
  if (overlay_ == Overlay::Legend) draw_legend(target, {map_width_, map_height_}, font_);
  if (overlay_ == Overlay::TerrainChart)
    draw_terrain_chart(target, {map_width_, map_height_}, font_, terrain_chart_);
  if (overlay_ == Overlay::Briefing)  // from the ScenarioInfo the server sent, never the data folder
    draw_briefing(target, {map_width_, map_height_}, font_,
                  briefing_lines(model.game().scenario(), model.game().view().turn(), kBriefingWrap),
                  "Briefing: the scenario as the server plays it  -  F3 or Esc to close");
  if (model.standing_orders().shown() && model.game().open())
    draw_standing_orders(target, font_, model.standing_orders(), model.game());
}

void GameScreen::draw_retreat_picks(sf::RenderTarget& target, const StandingOrdersPanel& panel) const {
  const RetreatChoice retreat = panel.retreat();
  if (retreat.kind != RetreatChoice::Kind::Hexes) return;
  const engine::HexLayout layout = camera_.layout();
  const unsigned text_size = static_cast<unsigned>(std::clamp(layout.hex_width() * 0.3, 9.0, 22.0));
  for (std::size_t i = 0; i < retreat.hexes.size(); ++i) {
    paint_hex_highlight(target, layout, retreat.hexes[i], HexHighlight::RetreatOrAdvance);
    sf::Text rank(std::to_string(i + 1), font_, text_size);  // best first
    rank.setStyle(sf::Text::Bold);
    const auto bounds = rank.getLocalBounds();
    const auto c = layout.centre(retreat.hexes[i]);
    rank.setPosition(static_cast<float>(c.x) - bounds.width / 2 - bounds.left,
                     static_cast<float>(c.y - layout.hex_width() * 0.38));
    rank.setFillColor(to_sf_color(palette::kOrdersChoice));
    rank.setOutlineColor(sf::Color::Black);
    rank.setOutlineThickness(1.5f);
    target.draw(rank);
  }
}

void GameScreen::draw_overlays(sf::RenderTarget& target, const GameModel& game) const {
  const engine::HexLayout layout = camera_.layout();
  const auto text_size = static_cast<unsigned>(std::max(9.0, layout.hex_width() * 0.22));
  // 16.3: the observed area, lightly, under the other highlights.
  if (const auto& area = game.observed_area())
    for (const auto& coord : area->hexes())
      if (const auto hex = hex_of(coord)) paint_hex_highlight(target, layout, *hex, HexHighlight::Observed);
  for (const auto& [hex, entry] : game.reachable()) {
    paint_hex_highlight(target, layout, hex, HexHighlight::Reachable);
    // The cost in MP, in the hex's lower part (the counters sit in the middle).
    sf::Text cost(mp_text(entry.cost_half_mp()), font_, text_size);
    const auto bounds = cost.getLocalBounds();
    const auto c = layout.centre(hex);
    cost.setPosition(static_cast<float>(c.x) - bounds.width / 2 - bounds.left,
                     static_cast<float>(c.y + layout.hex_width() * 0.2));
    cost.setFillColor(to_sf_color(palette::kPathLine));
    target.draw(cost);
  }
  // The hovered hex's path.
  if (mouse_.x >= 0 && static_cast<float>(mouse_.x) < map_width_) {
    const engine::Hex hovered = layout.hex_at({static_cast<double>(mouse_.x), static_cast<double>(mouse_.y)});
    const auto target_hex = game.reachable().find(hovered);
    if (target_hex != game.reachable().end() && game.selected_unit()) {
      sf::VertexArray line(sf::LineStrip);
      if (const pb::Unit* unit = game.unit(*game.selected_unit());
          unit && unit->status() == pb::UNIT_STATUS_ON_MAP)
        if (const auto from = hex_of(unit->hex()))
          line.append({to_vector(layout.centre(*from)), to_sf_color(palette::kPathLine)});
      for (const auto& coord : target_hex->second.path())
        if (const auto step = hex_of(coord))
          line.append({to_vector(layout.centre(*step)), to_sf_color(palette::kPathLine)});
      draw_path(target, line);
    }
  }
  // 16.6B: the path built for the picked marker, from its hex, each hex shaded as reachable.
  if (const auto& picked = game.selected_marker(); picked && !game.marker_path().empty()) {
    sf::VertexArray line(sf::LineStrip);
    if (const pb::HiddenMarker* marker = game.marker(*picked))
      if (const auto from = hex_of(marker->hex()))
        line.append({to_vector(layout.centre(*from)), to_sf_color(palette::kPathLine)});
    for (const engine::Hex step : game.marker_path()) {
      paint_hex_highlight(target, layout, step, HexHighlight::Reachable);
      line.append({to_vector(layout.centre(step)), to_sf_color(palette::kPathLine)});
    }
    draw_path(target, line);
  }
  draw_command_range(target, game);
  if (const auto& retreats = game.retreats()) {
    for (const auto* list : {&retreats->hexes(), &retreats->advance_hexes()}) {
      for (const auto& coord : *list) {
        if (const auto hex = hex_of(coord))
          paint_hex_highlight(target, layout, *hex, HexHighlight::RetreatOrAdvance);
      }
    }
  }
  if (const auto hex = game.selected_hex()) paint_hex_highlight(target, layout, *hex, HexHighlight::Selected);
}

void GameScreen::draw_command_range(sf::RenderTarget& target, const GameModel& game) const {
  const auto& range = game.command_range();
  if (!range || range->hexes().empty()) return;
  const engine::HexLayout layout = camera_.layout();
  // 11.2: each hex the leader's command reaches, outlined; a line to each officer and unit he commands.
  for (const auto& coord : range->hexes()) {
    if (const auto hex = hex_of(coord)) paint_hex_highlight(target, layout, *hex, HexHighlight::CommandRange);
  }
  const auto from = hex_of(range->hexes(0));
  if (!from) return;
  const float thickness = static_cast<float>(std::max(2.0, layout.hex_width() * 0.05));
  for (const std::uint32_t index : range->commanded()) {
    const pb::Unit* unit = game.unit(index);
    if (!unit || unit->status() != pb::UNIT_STATUS_ON_MAP) continue;
    if (const auto to = hex_of(unit->hex()); to && *to != *from)
      draw_thick_line(target, to_vector(layout.centre(*from)), to_vector(layout.centre(*to)), thickness,
                      to_sf_color(palette::kCommandRange));
  }
}

void GameScreen::draw_counters(sf::RenderTarget& target, const GameModel& game) const {
  CounterMarks marks;
  // Selected, in the combat being built (a frame), owing an attack or liable to be attacked (6.1).
  marks.frame = [&game](const pb::Unit& unit) -> std::optional<palette::Rgb> {
    std::optional<palette::Rgb> ring;
    if (game.selected_unit() == unit.index()) ring = palette::kSelection;
    if (game.attackers().count(unit.index())) ring = palette::kAttacker;
    if (game.defenders().count(unit.index())) ring = palette::kDefender;
    if (game.bombarding().count(unit.index())) ring = palette::kBombard;
    return ring;
  };
  marks.dot = [&game](const pb::Unit& unit) -> std::optional<palette::Rgb> {
    if (game.must_attack(unit.index())) return palette::kAttacker;
    if (game.must_be_attacked(unit.index())) return palette::kDefender;
    return std::nullopt;
  };
  // 16.6B: the marker picked to move is framed as a selected unit is.
  marks.marker_frame = [&game](const pb::HiddenMarker& marker) -> std::optional<palette::Rgb> {
    const auto& picked = game.selected_marker();
    if (picked && *picked == MarkerPick{marker.army(), marker.pair(), marker.b()}) return palette::kSelection;
    return std::nullopt;
  };
  paint_map_stacks(target, game, camera_.layout(), font_, {map_width_, map_height_}, marks);
}

void GameScreen::draw_panel(sf::RenderTarget& target, ClientModel& model, sf::Vector2f size) {
  kit_.begin();
  log_area_ = {};
  GameModel& game = model.game();
  const float left = size.x - kSidePanelWidth;
  const float bottom = size.y - layout::kStatusBarHeight;
  kit_.box(target, {left, 0, kSidePanelWidth, bottom}, to_sf_color(palette::kPanel));
  const sf::Color ink = to_sf_color(palette::kPanelText);
  const sf::Color heading = to_sf_color(palette::kPanelHeading);
  const sf::Color alert = to_sf_color(palette::kPanelAlert);
  float x = left + 10;
  float y = 8;
  const auto line = [&](const std::string& words, sf::Color colour = sf::Color::Transparent,
                        unsigned text_size = kPanelTextSize) {
    kit_.text(target, {x, y}, printable(words, 70), text_size,
              colour == sf::Color::Transparent ? ink : colour);
    y += text_size + 4;
  };
  if (!game.open()) {
    line("No game open", heading, 16);
    return;
  }
  const pb::GameView& view = game.view();
  line(game.scenario().title() + " (" + game.scenario().rule() + "), game " + std::to_string(game.game_id()),
       heading, 16);
  if (game.scenario().missing_rules_size() > 0) {  // a development server's game: say so plainly
    std::string missing;
    for (const std::string& rule : game.scenario().missing_rules())
      missing += " " + rule;
    line("NOT BY THE BOOK: played without" + missing, sf::Color(200, 30, 30));
  }
  std::string seats;
  for (const auto seat : game.my_seats())
    seats += (seats.empty() ? "" : " + ") + army_name(army_of(seat));
  line(game.spectating() ? "Watching as a spectator"
                         : "Playing " + (seats.empty() ? std::string("no seat") : seats));

  // Turn track (4.0): the turn, night and rain.
  if (const pb::TurnInfo* turn = game.turn_info()) {
    std::string words = "Turn " + std::to_string(view.turn() + 1) + "/" +
                        std::to_string(game.scenario().turns_size()) + ": " + turn->label();
    if (turn->night()) words += ", night (4.2)";
    if (turn->rain() || view.rain()) words += ", rain (4.3)";  // 22.6A: the view's weather
    line(words, heading);
    y += draw_turn_track(target, game, x, y);
  }
  line(side_name(view.phasing()) + " " + phase_name(view.phase()) + " phase");
  if (const auto end = game_end(game)) {
    line(end->headline, alert, 16);
    for (const auto& part : word_wrap(end->reason, kPanelWrap))
      line(part, alert);
    if (!end->final_vp.empty()) line(end->final_vp, heading);
    kit_.button(target, {x, y, 250, 22}, "Save record and dice proof (^S)",
                [&model] { model.send_game(model.game().export_record()); });
    y += 26;
    for (const auto& part : word_wrap_cut(game.export_message(), kPanelWrap))
      line(part);
  } else {
    line((game.my_decision() ? "Your decision: " : "Waiting for " + side_name(view.pending().side()) + ": ") +
             view.pending().what(),
         game.my_decision() ? alert : ink);
    for (const auto& words : deadline_panel_lines(game.summary(), game.my_seats(),
                                                  static_cast<std::uint64_t>(std::time(nullptr))))
      for (const auto& part : word_wrap(words, kPanelWrap))
        line(part);
  }
  // Morale (10.0): losses against each army's levels.
  for (const auto& morale : view.morale()) {
    std::string words = army_name(morale.army()) + " lost " + std::to_string(morale.eliminated_strength()) +
                        "; demoralized at " + level_text(morale.demoralization_level()) +
                        ", disintegrates at " + level_text(morale.disintegration_level());
    if (morale.disintegrated()) {
      words += " - DISINTEGRATED";
    } else if (morale.demoralized()) {
      words += " - DEMORALIZED";
    }
    line(words, morale.demoralized() ? alert : ink);
  }
  if (view.victory_points_size() >= 2)
    line("VP: French " + std::to_string(view.victory_points(0)) + ", Coalition " +
         std::to_string(view.victory_points(1)));

  // Ending the game by agreement or concession (docs/client.md): the opponent's draw offer, the
  // resignation's confirmation step, and the buttons for both.
  if (!game.spectating() && !game.over()) {
    if (const auto offer = game.draw_offer()) {
      line(army_name(army_of(*offer)) + " offers a draw: Y to accept, N to decline", alert);
      kit_.button(target, {x, y, 110, 22}, "Accept draw",
                  [&model] { model.send_game(model.game().answer_draw(true)); });
      kit_.button(target, {x + 120, y, 110, 22}, "Decline draw",
                  [&model] { model.send_game(model.game().answer_draw(false)); });
      y += 26;
    }
    if (game.resign_armed()) {
      line("Resign? Ctrl+R again or Confirm concedes; Esc cancels", alert);
      kit_.button(target, {x, y, 150, 22}, "Confirm resign",
                  [&model] { model.send_game(model.game().resign()); });
      kit_.button(target, {x + 160, y, 80, 22}, "Cancel", [&model] { model.game().clear_selection(); });
    } else {
      kit_.button(target, {x, y, 130, 22}, "Offer draw (^D)",
                  [&model] { model.send_game(model.game().offer_draw()); });
      kit_.button(target, {x + 140, y, 110, 22}, "Resign (^R)",
                  [&model] { model.send_game(model.game().resign()); });
    }
    y += 26;
  }

  // The selected hex.
  y += 4;
  if (const auto hex = game.selected_hex()) {
    std::string words = "Hex " + engine::format_hex(*hex);
    if (map_.bounds().contains(*hex)) words += ": " + std::string(engine::to_string(map_.terrain(*hex)));
    const pb::Side control = game.control_of(*hex);
    if (control != pb::SIDE_UNSPECIFIED) words += ", " + side_name(control) + " control";
    line(words, heading);
    for (const auto index : game.units_at(*hex)) {
      const pb::Unit* unit = game.unit(index);
      if (!unit) continue;
      const float row_top = y;
      // 16.3: an enemy piece not observed now is listed where last seen, with the turn it was seen in.
      const auto last_seen = game.last_seen(*unit);
      line((game.selected_unit() == index ? "> " : "  ") + unit_line(*unit) +
           (last_seen ? ", " + *last_seen : std::string()));
      if (game.is_mine(*unit))
        kit_.button(target, {left + kSidePanelWidth - 60, row_top, 50, kLine}, "pick",
                    [&model, index] { model.send_game(model.game().select_unit(index)); });
    }
    // 11.2: the selected leader's command, drawn on the map as his range and lines.
    if (const auto& range = game.command_range()) {
      std::string words = "  command range " + std::to_string(range->range()) + " hexes; commands ";
      if (range->commanded().empty()) words += "nobody now";
      for (int i = 0; i < range->commanded_size(); ++i) {
        if (i == 3) {
          words += " and " + std::to_string(range->commanded_size() - 3) + " more";
          break;
        }
        const pb::Unit* commanded = game.unit(range->commanded(i));
        words += (i ? ", " : "") + (commanded ? commanded->id() : std::string("?"));
      }
      line(words);
    }
  }

  // 16.6B: the hidden movement marker picked to move and its path; the last click's word.
  if (const auto& picked = game.selected_marker()) {
    line("Hidden movement marker " + std::to_string(picked->pair) + (picked->b ? "B" : "A") + " (16.6B)",
         heading);
    std::string path = "  path:";
    for (const engine::Hex step : game.marker_path())
      path += " " + engine::format_hex(step);
    line(game.marker_path().empty() ? std::string("  click the hexes of its path, one at a time") : path);
    line("  the last hex again (or Enter) moves it; Esc cancels");
  }
  for (const auto& part : word_wrap(game.hint(), kPanelWrap))
    line(part, alert);

  // Reinforcements due (movement phase): pick one, then click a reachable entry hex.
  if (game.my_decision() && view.phase() == pb::PHASE_MOVEMENT) {
    const auto due = game.arrivals();
    if (!due.empty()) {
      line("Reinforcements to enter:", heading);
      for (const auto index : due) {
        if (y > bottom * 0.55f) break;
        const pb::Unit* unit = game.unit(index);
        const float row_top = y;
        line((game.selected_unit() == index ? "> " : "  ") + unit_line(*unit));
        kit_.button(target, {left + kSidePanelWidth - 60, row_top, 50, kLine}, "pick",
                    [&model, index] { model.send_game(model.game().select_unit(index)); });
      }
    }
  }

  // The combat being built and the server's odds (6.0).
  if (view.phase() == pb::PHASE_COMBAT &&
      (!game.attackers().empty() || !game.bombarding().empty() || !game.defenders().empty())) {
    line("Combat being built:", heading);
    const auto names = [&](const std::set<std::uint32_t>& units) {
      std::string words;
      for (const auto index : units)
        if (const pb::Unit* unit = game.unit(index)) words += (words.empty() ? "" : ", ") + unit->id();
      return words.empty() ? std::string("-") : words;
    };
    line("Attackers: " + names(game.attackers()), to_sf_color(palette::kAttacker));
    if (!game.bombarding().empty())
      line("Bombarding: " + names(game.bombarding()), to_sf_color(palette::kBombard));
    line("Defenders: " + names(game.defenders()), to_sf_color(palette::kDefender));
    if (const auto& odds = game.odds()) {
      if (odds->legal()) {
        line("Odds " + std::to_string(odds->odds().attack()) + " to " +
                 std::to_string(odds->odds().defence()) + " = " + odds->odds().computed() +
                 (odds->odds().used() != odds->odds().computed() ? ", used " + odds->odds().used() : ""),
             heading, 15);
        for (const auto& modifier : odds->odds().modifiers())
          line("  " + modifier);
      } else {
        RefusalInfo why;
        why.message = odds->refusal().message();
        why.rule = odds->refusal().rule();
        why.wire = odds->refusal();
        line(plain_words(why, &view), alert);
      }
    } else {
      line("asking the server for the odds...");
    }
    line("Reduction (6.2C): " + std::to_string(game.odds_reduction()) + " column(s); - / + to change");
    kit_.button(target, {x, y, 180, 24}, "Commit attack (Enter)",
                [&model] { model.send_game(model.game().commit_attack()); });
    y += 30;
  }
  if (game.retreats())
    line(game.retreats()->hexes().empty() ? "Advance: click a green hex, N to stay"
                                          : "Retreat: click a green hex",
         alert);
  if (game.proposal()) line("Ally proposes a combat: Y accept, N refuse", alert);

  // A rule's decision (12.0's reorganization segment), or my set-up with a rule's actions beside
  // the placements (16.6A's hides): the choices the server described, as buttons; with a hex
  // selected, those concerning it. Any rule with a segment is playable here.
  if (const auto choices = game.rule_choices(); !choices.empty()) {
    if (view.pending().kind() == pb::DECISION_KIND_SETUP_PLACEMENT)
      line("Set-up: click a hex for its choices, or End phase", heading);
    else
      line("Decision (" + view.pending().rule() + "): " + view.pending().what(), heading);
    std::vector<std::size_t> shown;
    if (game.selected_hex()) shown = game.rule_choices_at(*game.selected_hex());
    if (shown.empty())
      for (std::size_t i = 0; i < choices.size(); ++i)
        shown.push_back(i);
    for (const std::size_t i : shown) {
      if (y > bottom * 0.8f) break;
      kit_.button(target, {x, y, kSidePanelWidth - 20, 22}, choices[i]->label(),
                  [&model, i] { model.send_game(model.game().take_rule_choice(i)); });
      y += 26;
    }
  }

  // Buttons (a finished game has no phase to end and nothing to undo).
  y += 4;
  if (game.my_decision() && !game.over()) {
    kit_.button(target, {x, y, 150, 24}, "End phase (Ctrl+E)",
                [&model] { model.send_game(model.game().end_phase()); });
    kit_.button(target, {x + 158, y, 100, 24}, "Undo (U)",
                [&model] { model.send_game(model.game().request_undo()); });
  }
  kit_.button(target, {x + 266, y, 110, 24}, "Lobby (Ctrl+L)", [&model] { model.close_game(); });
  y += 30;
  // The help overlays, one key away (issue 16): a second press (or click) hides the one shown; the
  // button of the one shown (and Hex while hex numbers are drawn) is highlighted.
  const auto overlay_button = [&](float at, float width, Overlay overlay, const std::string& label) {
    kit_.button(
        target, {x + at, y, width, 22}, label, [this, overlay] { toggle(overlay); }, overlay_ == overlay);
  };
  overlay_button(0, 64, Overlay::Crt, "CRT (C)");
  overlay_button(68, 86, Overlay::Legend, "Legend (F1)");
  overlay_button(158, 70, Overlay::TerrainChart, "TEC (F2)");
  overlay_button(232, 94, Overlay::Briefing, "Briefing (F3)");
  kit_.button(
      target, {x + 330, y, 48, 22}, "Hex (H)", [this] { hex_numbers_ = !hex_numbers_; }, hex_numbers_);
  y += 30;
  if (!model.notice().empty()) line(model.notice(), alert);

  // The log and the chat share the rest. The log is wrapped to the panel's width and scrolls
  // (wheel over it, PageUp / PageDown, End for the newest); the heading says where the reader is.
  const float chat_top = bottom - 150;
  GameLog& log = game.log();
  const float log_line = static_cast<float>(kPanelTextSize) + 4;
  const float log_top = y + log_line;
  const float log_rows = std::floor((chat_top - log_top - 4) / log_line);
  log.set_viewport(kPanelWrap, static_cast<std::size_t>(std::max(1.0f, log_rows)));
  const std::string position = log.position_label();
  line(position.empty() ? "Events" : "Events: " + position, heading);
  log_area_ = {left, log_top, kSidePanelWidth, std::max(0.0f, chat_top - log_top)};
  if (log_rows >= 1)  // no room left above the chat: the heading only
    for (const std::string& each : log.window().lines)
      line(each);
  y = chat_top;
  line("Chat (T to type)", heading);
  const auto& chat = game.chat();
  for (std::size_t i = chat.size() > 6 ? chat.size() - 6 : 0; i < chat.size(); ++i)
    line(chat[i].from() + ": " + chat[i].text());
  y = bottom - 24;
  kit_.box(target, {x, y, kSidePanelWidth - 20, 20},
           chatting_ ? sf::Color(70, 80, 100) : sf::Color(44, 50, 60));
  kit_.text(target, {x + 4, y + 2}, chatting_ ? chat_.text + "_" : "", kPanelTextSize, ink);
}

void GameScreen::draw_sight_lines(sf::RenderTarget& target, const GameModel& game) const {
  const engine::HexLayout layout = camera_.layout();
  for (const SightLineShown& sight : game.sight_lines()) {
    const sf::Vector2f from = to_vector(layout.centre(sight.from));
    const sf::Vector2f to = to_vector(layout.centre(sight.to));
    palette::Rgb colour = palette::kBombard;
    if (sight.verdict == SightVerdict::Clear) colour = palette::kSightClear;
    if (sight.verdict == SightVerdict::Blocked) colour = palette::kSightBlocked;
    if (sight.verdict == SightVerdict::Unknown) colour = palette::kSightUnknown;
    draw_thick_line(target, from, to, 4.0f, to_sf_color(colour));
    // The target end: a ring on the defender's hex centre.
    sf::CircleShape ring(6);
    ring.setOrigin(6, 6);
    ring.setPosition(to);
    ring.setFillColor(sf::Color::Transparent);
    ring.setOutlineColor(to_sf_color(colour));
    ring.setOutlineThickness(2.0f);
    target.draw(ring);
    if (sight.verdict == SightVerdict::Blocked) {
      // A cross at the middle of the line, and the rule the server named.
      const sf::Vector2f middle = (from + to) / 2.0f;
      const float arm = 9;
      draw_thick_line(target, middle - sf::Vector2f(arm, arm), middle + sf::Vector2f(arm, arm), 4.0f,
                      to_sf_color(colour));
      draw_thick_line(target, middle - sf::Vector2f(arm, -arm), middle + sf::Vector2f(arm, -arm), 4.0f,
                      to_sf_color(colour));
      sf::Text rule(sight.rule, font_, 14);
      rule.setPosition(middle + sf::Vector2f(arm + 3, -arm));
      rule.setFillColor(to_sf_color(colour));
      rule.setOutlineColor(sf::Color(255, 255, 255));
      rule.setOutlineThickness(2.0f);
      target.draw(rule);
    }
  }
}

void GameScreen::draw_expanded_stack(sf::RenderTarget& target, const GameModel& game) const {
  const auto hex = game.selected_hex();
  if (!hex) return;
  const auto found = game.stacks().find(*hex);
  if (found == game.stacks().end() || found->second.size() < 2) return;
  const engine::HexLayout layout = camera_.layout();
  const float size = std::max(28.0f, static_cast<float>(layout.hex_width()) * 0.55f);
  const float gap = 4;
  const auto count = static_cast<float>(found->second.size());
  const float width = count * size + (count + 1) * gap;
  const auto c = layout.centre(*hex);
  // Above the hex, kept inside the map area.
  float left = std::clamp(static_cast<float>(c.x) - width / 2, 2.0f, std::max(2.0f, map_width_ - width - 2));
  float top = static_cast<float>(c.y - layout.hex_width() * 0.55) - size - 2 * gap;
  if (top < 2) top = static_cast<float>(c.y + layout.hex_width() * 0.55);
  kit_.box(target, {left, top, width, size + 2 * gap}, sf::Color(250, 250, 250, 230), sf::Color(40, 40, 40));
  float x = left + gap + size / 2;
  for (const auto index : found->second) {
    const auto face = counter_face(game.unit(index));
    if (!face) continue;
    paint_counter_face(target, *face, {x, top + gap + size / 2}, size, font_);
    if (game.selected_unit() == index) {
      sf::RectangleShape frame({size, size});
      frame.setOrigin(size / 2, size / 2);
      frame.setPosition(x, top + gap + size / 2);
      frame.setFillColor(sf::Color::Transparent);
      frame.setOutlineColor(to_sf_color(palette::kSelection));
      frame.setOutlineThickness(2.0f);
      target.draw(frame);
    }
    x += size + gap;
  }
}

void GameScreen::draw_combat_animation(sf::RenderTarget& target) const {
  const auto frame = combat_animation_.frame();
  if (!frame) return;
  const CombatShown& combat = *frame->combat;
  const engine::HexLayout layout = camera_.layout();
  // Over the defenders' first hex; the middle of the map if the view did not place them.
  sf::Vector2f at(map_width_ / 2, map_height_ / 2);
  if (!combat.defender_hexes.empty()) at = to_vector(layout.centre(combat.defender_hexes.front()));
  const float hex = static_cast<float>(layout.hex_width());
  const auto alpha = static_cast<std::uint8_t>(255.0 * frame->fade);
  const float side = std::max(26.0f, hex * 0.5f);
  const sf::Vector2f die_at = at + sf::Vector2f(-side * 0.9f, -side * 0.9f);
  if (frame->face > 0) draw_die(target, die_at, side, frame->face, alpha);
  if (!frame->result_shown) return;
  sf::Text result(combat.result, font_, static_cast<unsigned>(std::max(22.0f, hex * 0.5f)));
  result.setStyle(sf::Text::Bold);
  const auto bounds = result.getLocalBounds();
  result.setOrigin(bounds.left + bounds.width / 2, bounds.top + bounds.height / 2);
  result.setPosition(at);
  result.setFillColor(with_alpha(result_colour(combat.result), alpha));
  result.setOutlineColor(sf::Color(255, 255, 255, alpha));
  result.setOutlineThickness(3.0f);
  target.draw(result);
  if (!combat.odds.empty()) {
    sf::Text odds(combat.odds + (combat.die > 0 ? ", die " + std::to_string(combat.die) : ""), font_, 13);
    const auto b = odds.getLocalBounds();
    odds.setOrigin(b.left + b.width / 2, 0);
    odds.setPosition(at + sf::Vector2f(0, bounds.height / 2 + 6));
    odds.setFillColor(sf::Color(20, 20, 20, alpha));
    odds.setOutlineColor(sf::Color(255, 255, 255, alpha));
    odds.setOutlineThickness(2.0f);
    target.draw(odds);
  }
}

float GameScreen::draw_turn_track(sf::RenderTarget& target, const GameModel& game, float left, float top) {
  constexpr float kBox = 18;
  constexpr float kHeight = 20;
  constexpr float kDayRow = 12;
  const auto max_boxes = static_cast<std::size_t>((kSidePanelWidth - 20) / kBox);
  const auto boxes = turn_track_strip(game.scenario(), game.view().turn(), max_boxes);
  if (boxes.empty()) return 0;
  float x = left;
  const float box_top = top + kDayRow;
  for (const TrackBox& box : boxes) {
    if (box.new_day) {
      kit_.text(target, {x, top - 1}, box.day, 10, to_sf_color(palette::kPanelHeading));
      kit_.box(target, {x - 1, box_top - 2, 1, kHeight + 4}, to_sf_color(palette::kPanelHeading));
    }
    const sf::Color fill = to_sf_color(box.night ? palette::kTrackNight : palette::kTrackDay);
    kit_.box(target, {x + 1, box_top, kBox - 2, kHeight}, fill,
             box.current ? to_sf_color(palette::kTrackCurrent) : sf::Color(90, 90, 90));
    const sf::Color ink = box.night ? sf::Color(200, 200, 220) : sf::Color(40, 40, 40);
    kit_.text(target, {x + 3, box_top + 3}, box.hour, 10,
              box.past ? sf::Color(ink.r, ink.g, ink.b, 120) : ink);
    if (box.rain || (box.current && game.view().rain()))  // 22.6A: the current turn's rolled weather
      kit_.box(target, {x + 1, box_top + kHeight - 4, kBox - 2, 4}, to_sf_color(palette::kTrackRain));
    if (box.current) {
      kit_.box(target, {x + 1, box_top - 1, kBox - 2, 2}, to_sf_color(palette::kTrackCurrent));
      kit_.box(target, {x + 1, box_top + kHeight - 1, kBox - 2, 2}, to_sf_color(palette::kTrackCurrent));
    }
    x += kBox;
  }
  return kDayRow + kHeight + 6;
}

void GameScreen::draw_crt(sf::RenderTarget& target, sf::Vector2f size, const GameModel& game) {
  const float width = std::min(size.x - kSidePanelWidth - 40, 760.0f);
  const sf::FloatRect box{20, 20, width, size.y - layout::kStatusBarHeight - 40};
  kit_.box(target, box, sf::Color(250, 246, 232, 240), sf::Color(60, 60, 60));
  // The combat being built: the odds column the server says it is resolved on.
  std::string odds;
  if (game.open() && game.odds() && game.odds()->legal()) odds = game.odds()->odds().used();
  const auto column = crt_column(crt_text_, odds);
  kit_.text(target, {box.left + 12, box.top + 8},
            "Combat results table (7.0)  -  C to close" +
                (column ? "  -  the combat being built: " + odds + " (marked)" : std::string()),
            16, sf::Color(30, 30, 30));
  sf::Text table(crt_text_, mono_, 13);
  table.setPosition(box.left + 12, box.top + 36);
  table.setFillColor(sf::Color(30, 30, 30));
  crt_odds_column_.reset();
  if (column) {
    const auto rows = static_cast<float>(std::count(crt_text_.begin(), crt_text_.end(), '\n'));
    const float left = table.findCharacterPos(column->first).x - 3;
    const float right = table.findCharacterPos(column->first + column->width).x - 3;
    const float top = table.findCharacterPos(0).y - 2;
    crt_odds_column_ = sf::FloatRect{left, top, right - left, rows * mono_.getLineSpacing(13) + 4};
    kit_.box(target, *crt_odds_column_, to_sf_color(palette::kCrtOddsColumn));
  }
  target.draw(table);
}

void GameScreen::draw_game_end(sf::RenderTarget& target, const GameEnd& end, sf::Vector2f size) const {
  const float map_width = size.x - kSidePanelWidth;
  const float width = std::min(map_width - 40, 620.0f);
  // The victory condition's words on at most two lines (the second shortened if need be).
  std::vector<std::string> reason = word_wrap(end.reason, 70);
  if (reason.size() > 2) {
    for (std::size_t i = 3; i < reason.size(); ++i)
      reason[2] += " " + reason[i];
    reason[1] += " " + reason[2];
    reason.resize(2);
  }
  const float vp_top = 54 + 20 * static_cast<float>(reason.size());
  const float hint_top = vp_top + (end.final_vp.empty() ? 0 : 24);
  const sf::FloatRect box{(map_width - width) / 2, 40, width, std::max(120.0f, hint_top + 30)};
  kit_.box(target, box, to_sf_color(palette::kGameEndBanner), sf::Color(20, 20, 20));
  const sf::Color ink(250, 246, 232);
  kit_.text(target, {box.left + 16, box.top + 12}, printable(end.headline, 60), 28, ink);
  for (std::size_t i = 0; i < reason.size(); ++i)
    kit_.text(target, {box.left + 16, box.top + 54 + 20 * static_cast<float>(i)}, printable(reason[i], 72),
              15, ink);
  if (!end.final_vp.empty()) kit_.text(target, {box.left + 16, box.top + vp_top}, end.final_vp, 17, ink);
  kit_.text(target, {box.left + 16, box.top + hint_top},
            "Ctrl+S saves the record and dice proof; Ctrl+L to the lobby", 14, ink);
}

}  // namespace hd::client
