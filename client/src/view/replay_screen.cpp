#include "view/replay_screen.hpp"

#include "model/replay_slider.hpp"
#include "view/game_screen.hpp"
#include "view/map_palette.hpp"
#include "view/map_stacks.hpp"
#include "view/screen_layout.hpp"
#include "view/sf_color.hpp"
#include "view/word_wrap.hpp"

#include <algorithm>
#include <cstdint>

namespace hd::client {
namespace {

constexpr unsigned kTextSize = 13;
constexpr float kLine = 16;
// Characters of panel text a line holds: the events (13 px) and the action (14 px).
constexpr std::size_t kWrap = 48;
constexpr std::size_t kActionWrap = 44;

}  // namespace

ReplayScreen::ReplayScreen(const sf::Font& font, const engine::GameMap& map, engine::PlayingArea area,
                           Camera camera)
    : font_(font), terrain_(map, font, area), camera_(camera), kit_(font) {}

void ReplayScreen::handle(const sf::Event& event, ClientModel& model) {
  if (!model.replay()) {
    action_drag_.cancel();
    turn_drag_.cancel();
    return;
  }
  switch (event.type) {
    case sf::Event::KeyPressed:
      on_key(event.key.code, model);
      return;  // no key pans or resets the camera here: Home and the arrows step the replay
    case sf::Event::MouseButtonPressed:
      if (event.mouseButton.button == sf::Mouse::Left &&
          static_cast<float>(event.mouseButton.x) >= map_width_) {
        on_panel_click(static_cast<float>(event.mouseButton.x), static_cast<float>(event.mouseButton.y),
                       model);
        return;
      }
      break;
    case sf::Event::MouseMoved:
      // A held slider's thumb follows the pointer (asking nothing until the release).
      if (action_drag_.held() || turn_drag_.held()) {
        const auto x = static_cast<double>(event.mouseMove.x);
        action_drag_.move(along_bar(x, slider_rect()));
        turn_drag_.move(along_bar(x, turn_slider_rect()));
        return;
      }
      break;
    case sf::Event::MouseButtonReleased:
      if (event.mouseButton.button == sf::Mouse::Left && (action_drag_.held() || turn_drag_.held())) {
        const auto x = static_cast<double>(event.mouseButton.x);
        ReplayModel& replay = *model.replay();
        if (const auto index = action_drag_.release(along_bar(x, slider_rect())))
          model.send_replay(replay.go_to(*index));
        if (const auto turn = turn_drag_.release(along_bar(x, turn_slider_rect())))
          model.send_replay(replay.go_to_turn(static_cast<std::uint32_t>(*turn)));
        return;
      }
      break;
    default:
      break;
  }
  // The map: dragging pans, the wheel zooms.
  controller_.handle(event, camera_);
}

void ReplayScreen::on_key(sf::Keyboard::Key key, ClientModel& model) {
  ReplayModel& replay = *model.replay();
  switch (key) {
    case sf::Keyboard::Home:
      model.send_replay(replay.first());
      break;
    case sf::Keyboard::Left:
    case sf::Keyboard::P:
      model.send_replay(replay.previous());
      break;
    case sf::Keyboard::Right:
    case sf::Keyboard::N:
      model.send_replay(replay.next());
      break;
    case sf::Keyboard::End:
      model.send_replay(replay.last());
      break;
    case sf::Keyboard::PageUp:
      model.send_replay(replay.previous_turn());
      break;
    case sf::Keyboard::PageDown:
      model.send_replay(replay.next_turn());
      break;
    case sf::Keyboard::Escape:
    case sf::Keyboard::L:
      model.close_replay();
      break;
    default:
      break;
  }
}

sf::FloatRect ReplayScreen::slider_rect() const {
  using namespace replay_layout;
  return {map_width_ + kPad, kSliderTop, panel_width_ - 2 * kPad, kSliderHeight};
}

sf::FloatRect ReplayScreen::turn_slider_rect() const {
  using namespace replay_layout;
  return {map_width_ + kPad, kTurnSliderTop, panel_width_ - 2 * kPad, kSliderHeight};
}

void ReplayScreen::on_panel_click(float x, float y, ClientModel& model) {
  if (kit_.click(x, y)) return;
  // A little slack above and below a bar, none along it: its ends are the first and last stops.
  const auto along = [x, y](sf::FloatRect bar) -> std::optional<double> {
    if (x < bar.left || x > bar.left + bar.width || y < bar.top - 4 || y > bar.top + bar.height + 4)
      return std::nullopt;
    return (x - bar.left) / bar.width;
  };
  ReplayModel& replay = *model.replay();
  // A press takes hold of a slider; the frame is asked when it is released (a click asks at once).
  if (const auto fraction = along(slider_rect())) {
    action_drag_.press(*fraction, replay.count());
  } else if (const auto turn = along(turn_slider_rect()); turn && replay.turns() > 0) {
    turn_drag_.press(*turn, replay.turns() - 1);
  }
}

double ReplayScreen::along_bar(double x, sf::FloatRect bar) {
  return replay_slider_along(x, bar.left, bar.width);
}

void ReplayScreen::draw_slider(sf::RenderTarget& target, sf::FloatRect bar, double fraction,
                               std::uint64_t ticks, const std::string& left, const std::string& right) {
  using namespace replay_layout;
  const sf::Color ink = to_sf_color(palette::kPanelText);
  kit_.box(target, bar, to_sf_color(palette::kReplayBar));
  for (std::uint64_t i = 1; ticks > 1 && i < ticks; ++i) {
    const float tick_x = bar.left + bar.width * static_cast<float>(i) / static_cast<float>(ticks);
    kit_.box(target, {tick_x, bar.top + bar.height / 2, 1, bar.height / 2}, ink);
  }
  const float thumb_x = bar.left + static_cast<float>(fraction) * bar.width;
  kit_.box(target, {thumb_x - kThumbWidth / 2, bar.top - 3, kThumbWidth, bar.height + 6},
           to_sf_color(palette::kReplayThumb));
  kit_.text(target, {bar.left, bar.top + bar.height + 2}, left, 11, ink);
  kit_.text(target,
            {bar.left + bar.width - 7.0f * static_cast<float>(right.size()), bar.top + bar.height + 2}, right,
            11, ink);
}

void ReplayScreen::draw(sf::RenderTarget& target, ClientModel& model, sf::Vector2f size) {
  map_width_ = size.x - kSidePanelWidth;
  map_height_ = size.y - layout::kStatusBarHeight;
  panel_width_ = kSidePanelWidth;
  terrain_.draw(target, camera_, false);
  if (model.replay() && model.replay()->frame())
    paint_map_stacks(target, model.replay()->board(), camera_.layout(), font_, {map_width_, map_height_});
  draw_panel(target, model, size);
}

void ReplayScreen::draw_panel(sf::RenderTarget& target, ClientModel& model, sf::Vector2f size) {
  using namespace replay_layout;
  kit_.begin();
  const float left = map_width_;
  kit_.box(target, {left, 0, kSidePanelWidth, map_height_}, to_sf_color(palette::kPanel));
  if (!model.replay()) return;
  const ReplayModel& replay = *model.replay();
  const sf::Color ink = to_sf_color(palette::kPanelText);
  const sf::Color heading = to_sf_color(palette::kPanelHeading);
  const sf::Color alert = to_sf_color(palette::kPanelAlert);
  const float x = left + kPad;
  float y = 14;
  const std::string& title = model.game().open() ? model.game().scenario().title() : std::string();
  kit_.text(target, {x, y}, "Replay of game " + std::to_string(replay.game_id()), 18, heading);
  y += 26;
  if (!title.empty()) kit_.text(target, {x, y}, title, kTextSize, ink);
  y += kLine + 4;
  kit_.text(target, {x, y}, replay.position_text(), 15, ink);
  y += kLine + 6;
  std::string turn = "Turn " + replay.turn_label();
  if (replay.frame()) turn += ", " + phase_name(replay.frame()->view().phase());
  kit_.text(target, {x, y}, turn, 15, heading);

  // First / previous / next / last.
  ClientModel& writable = model;  // the buttons' callbacks send requests
  float bx = x;
  const auto step_button = [&](const std::string& label, auto step) {
    kit_.button(target, {bx, kButtonsTop, kButtonWidth, kButtonHeight}, label, [&writable, step] {
      if (writable.replay()) writable.send_replay(step(*writable.replay()));
    });
    bx += kButtonWidth + kButtonGap;
  };
  step_button("|< First", [](ReplayModel& r) { return r.first(); });
  step_button("< Prev", [](ReplayModel& r) { return r.previous(); });
  step_button("Next >", [](ReplayModel& r) { return r.next(); });
  step_button("Last >|", [](ReplayModel& r) { return r.last(); });

  // The sliders over the game's actions and the scenario's turns, the thumbs at the frame shown.
  // A held thumb is drawn under the pointer instead.
  draw_slider(
      target, slider_rect(),
      action_drag_.held() ? action_drag_.thumb() : replay_slider_fraction(replay.at(), replay.count()), 0,
      "action 0", std::to_string(replay.count()));
  const std::uint32_t last_turn = replay.turns() == 0 ? 0 : replay.turns() - 1;
  draw_slider(target, turn_slider_rect(),
              turn_drag_.held() ? turn_drag_.thumb() : replay_slider_fraction(replay.turn(), last_turn),
              last_turn, "turn " + replay.turn_label(0), replay.turn_label(last_turn));

  kit_.button(target, {x, kLobbyTop, kLobbyWidth, kButtonHeight}, "Lobby (Esc)",
              [&writable] { writable.close_replay(); });
  if (replay.waiting())
    kit_.text(target, {x + kLobbyWidth + 12, kLobbyTop + 6}, "asking the server...", 12, ink);

  // The step: its action and events, the secret choices revealed by then; a refusal in plain words
  // (or, while a deep frame is asked again, the server's progress towards it).
  y = kActionTop;
  if (!replay.refusal().empty()) {
    for (const auto& line : word_wrap(replay.refusal(), kWrap)) {
      kit_.text(target, {x, y}, line, kTextSize, alert);
      y += kLine;
    }
    y += 4;
  }
  // Issue 16: a frame past the server's replay budget, asked again by itself: how far it has got.
  if (!replay.progress().empty()) {
    for (const auto& line : word_wrap(replay.progress(), kWrap)) {
      kit_.text(target, {x, y}, line, kTextSize, ink);
      y += kLine;
    }
    y += 4;
  }
  for (const auto& line : word_wrap(replay.action_text(), kActionWrap)) {
    kit_.text(target, {x, y}, line, 14, heading);
    y += kLine + 2;
  }
  for (const auto& event : replay.event_lines()) {
    for (const auto& line : word_wrap(event, kWrap - 2)) {
      if (y > size.y - layout::kStatusBarHeight - kLine) return;
      kit_.text(target, {x + 8, y}, line, kTextSize, ink);
      y += kLine;
    }
  }
}

}  // namespace hd::client
