// The game: the map with counters and the server's answers drawn over it (reachable hexes and the
// hovered path, the combat being built, retreat hexes), and the side panel (turn track, phase and
// whose decision, morale, VP, the selected hex, the combat's odds, reinforcements, log, chat).
// Clicks and keys go to the GameModel, whose requests the ClientModel queues.
#pragma once

#include "camera/camera.hpp"
#include "input/camera_controller.hpp"
#include "model/client_model.hpp"
#include "model/game_end.hpp"
#include "view/combat_animation.hpp"
#include "view/map_layer.hpp"
#include "view/terrain_chart_rows.hpp"
#include "view/ui_kit.hpp"

#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Window/Event.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hd::client {

// Width of the side panel at the window's right edge, pixels.
inline constexpr float kSidePanelWidth = 400.0f;

class GameScreen {
 public:
  // `map`, `font` and `mono` must outlive the screen. `crt_text`: the combat results table as shown
  // on demand (C); `terrain_effects`: the TEC as loaded, shown on demand (F2). `area`: the scenario's
  // playing area (others greyed); `camera`: where it opens.
  GameScreen(const sf::Font& font, const sf::Font& mono, const engine::GameMap& map, engine::PlayingArea area,
             Camera camera, std::string crt_text, const engine::TerrainEffects& terrain_effects);

  void handle(const sf::Event& event, ClientModel& model);
  void update(sf::Time elapsed, bool has_focus);
  void draw(sf::RenderTarget& target, ClientModel& model, sf::Vector2f size);

  Camera& camera() { return camera_; }
  const Camera& camera() const { return camera_; }
  // What covers the map, one key away (issue 16): nothing, the CRT (C), the legend (F1), the
  // terrain effects chart (F2), the scenario briefing (F3).
  enum class Overlay { None, Crt, Legend, TerrainChart, Briefing };
  Overlay overlay() const { return overlay_; }
  bool showing_crt() const { return overlay_ == Overlay::Crt; }
  // Where the CRT overlay last marked the odds column of the combat being built (the server's used
  // odds), in window pixels; nullopt when it marked none.
  const std::optional<sf::FloatRect>& crt_odds_column() const { return crt_odds_column_; }

 private:
  void on_map_click(float x, float y, bool shift, ClientModel& model);
  void on_key(const sf::Event::KeyEvent& key, ClientModel& model);
  // Issue 16: with the standing-orders panel shown (a map click then picks a retreat hex), R cycles
  // the retreat preference, V advance, Enter sends the orders, Delete clears them, O or Esc closes
  // it; true if the key was one of these.
  bool on_orders_key(const sf::Event::KeyEvent& key, ClientModel& model);
  // O: opens the standing-orders panel for the selected hex's units of the player's own (asking the
  // server for their orders), or says in the notice to select such a hex first.
  void open_standing_orders(ClientModel& model);
  // Shows `overlay`, or hides it if it is the one shown.
  void toggle(Overlay overlay) { overlay_ = overlay_ == overlay ? Overlay::None : overlay; }
  void draw_overlays(sf::RenderTarget& target, const GameModel& game) const;
  // Issue 16: the retreat hexes picked for the standing-orders panel, shaded as retreat hexes and
  // numbered best first.
  void draw_retreat_picks(sf::RenderTarget& target, const StandingOrdersPanel& panel) const;
  // 11.2: the selected leader's command range (outlined hexes) and lines to whom he commands.
  void draw_command_range(sf::RenderTarget& target, const GameModel& game) const;
  void draw_counters(sf::RenderTarget& target, const GameModel& game) const;
  void draw_panel(sf::RenderTarget& target, ClientModel& model, sf::Vector2f size);
  // The CRT over the map, the column of the combat being built (its legal odds answer) marked.
  void draw_crt(sf::RenderTarget& target, sf::Vector2f size, const GameModel& game);
  // The end banner over the map: who won (or draw) and why, and the export key.
  void draw_game_end(sf::RenderTarget& target, const GameEnd& end, sf::Vector2f size) const;
  // Bombardment sight lines (7.3) from each bombarding unit to each defender's hex.
  void draw_sight_lines(sf::RenderTarget& target, const GameModel& game) const;
  // The selected hex's stack spread out side by side above it (more than one unit).
  void draw_expanded_stack(sf::RenderTarget& target, const GameModel& game) const;
  // The die rolling and the result over the defender's hex (combat_animation.hpp).
  void draw_combat_animation(sf::RenderTarget& target) const;
  // The turn record track strip (4.0) at `top` in the panel; returns its height.
  float draw_turn_track(sf::RenderTarget& target, const GameModel& game, float left, float top);

  const sf::Font& font_;
  const sf::Font& mono_;
  const engine::GameMap& map_;
  MapLayer terrain_;
  Camera camera_;
  CameraController controller_;
  UiKit kit_;
  CombatAnimation combat_animation_;
  std::string crt_text_;
  std::vector<TerrainChartRow> terrain_chart_;
  std::optional<sf::FloatRect> crt_odds_column_;
  Overlay overlay_ = Overlay::None;
  bool hex_numbers_ = false;
  bool chatting_ = false;
  TextField chat_;
  std::optional<sf::Vector2i> press_;  // where the left button went down (a click if it stays put)
  sf::Vector2i mouse_{-1, -1};
  sf::FloatRect log_area_;   // where the panel drew the log (the wheel scrolls it there)
  bool shift_held_ = false;  // Shift + click: bombarding artillery (7.1)
  float map_width_ = 0;
  float map_height_ = 0;
};

}  // namespace hd::client
