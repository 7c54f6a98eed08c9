// The replay screen (issue 16; docs/client.md, "The replay screen"): the map as of the frame the
// server sent (terrain, counters), and a side panel with the action index, the turn, the step's
// action and events, the controls first / previous / next / last, a slider over the game's actions
// and the way back to the lobby. Keys and clicks go to the ClientModel's ReplayModel, whose
// QueryReplay requests the ClientModel queues; the screen never changes what a frame shows.
#pragma once

#include "camera/camera.hpp"
#include "input/camera_controller.hpp"
#include "model/client_model.hpp"
#include "model/replay_slider.hpp"
#include "view/map_layer.hpp"
#include "view/ui_kit.hpp"

#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Window/Event.hpp>

#include <optional>

namespace hd::client {

// Where the replay panel's controls sit, pixels from the panel's left edge (x) and the window's top
// (y). The panel is the game screen's side panel (kSidePanelWidth wide at the right edge).
namespace replay_layout {
inline constexpr float kPad = 20;
inline constexpr float kButtonsTop = 120;
inline constexpr float kButtonWidth = 80;
inline constexpr float kButtonHeight = 28;
inline constexpr float kButtonGap = 8;
inline constexpr float kSliderTop = 168;
inline constexpr float kSliderHeight = 18;
inline constexpr float kThumbWidth = 10;
// The turn slider: a bar over the scenario's turns, a tick at each.
inline constexpr float kTurnSliderTop = 214;
inline constexpr float kLobbyTop = 258;
inline constexpr float kLobbyWidth = 160;
inline constexpr float kActionTop = 306;
}  // namespace replay_layout

class ReplayScreen {
 public:
  // `map` and `font` must outlive the screen. `area`: the scenario's playing area (others greyed);
  // `camera`: where the map opens.
  ReplayScreen(const sf::Font& font, const engine::GameMap& map, engine::PlayingArea area, Camera camera);

  // Keys: Home first, Left (or P) previous, Right (or N) next, End last, PageUp / PageDown the
  // first action of the turn before / after, Escape (or L) back to the lobby. Clicks on the
  // panel's buttons; its two sliders (actions, turns) take a click or a drag of the thumb, which
  // asks for the frame on release only; the map pans by dragging and zooms with the wheel.
  void handle(const sf::Event& event, ClientModel& model);
  // The model is not changed by drawing; the buttons drawn keep it to send their requests.
  void draw(sf::RenderTarget& target, ClientModel& model, sf::Vector2f size);

  Camera& camera() { return camera_; }

 private:
  void on_key(sf::Keyboard::Key key, ClientModel& model);
  // A press in the panel: a button, or a slider taken hold of (its frame asked on the release).
  void on_panel_click(float x, float y, ClientModel& model);
  // How far along `bar` the pointer at `x` is, 0..1.
  static double along_bar(double x, sf::FloatRect bar);
  void draw_panel(sf::RenderTarget& target, ClientModel& model, sf::Vector2f size);
  // The action slider's and the turn slider's bars in window pixels.
  sf::FloatRect slider_rect() const;
  sf::FloatRect turn_slider_rect() const;
  // A slider: its bar, a tick at each of `ticks` + 1 stops when `ticks` > 0, the thumb at
  // `fraction`, and its end labels.
  void draw_slider(sf::RenderTarget& target, sf::FloatRect bar, double fraction, std::uint64_t ticks,
                   const std::string& left, const std::string& right);

  const sf::Font& font_;
  MapLayer terrain_;
  Camera camera_;
  CameraController controller_;
  UiKit kit_;
  ReplaySliderDrag action_drag_;  // the action slider held by the pointer
  ReplaySliderDrag turn_drag_;    // the turn slider held
  float map_width_ = 0;
  float map_height_ = 0;
  float panel_width_ = 0;
};

}  // namespace hd::client
