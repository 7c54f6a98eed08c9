// The lobby: my games (open one), open games (join a free seat), spectatable games (watch), a row
// to create a game (scenario, seat, public or invite only, spectators) or join by invite code, and
// the full create-game form over the lists (the scenario list, its force options, the optional rules
// 15.1 and 15.2, human or built-in seats), opened by clicking the scenario field, with the briefing
// of the game it would make (F3).
#pragma once

#include "model/client_model.hpp"
#include "model/new_game_form.hpp"
#include "view/ui_kit.hpp"

#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Window/Event.hpp>

namespace hd::client {

// Where the lists go (tests click their buttons): the first list's heading at kListTop, a row every
// kRowHeight px below it, each section followed by kSectionGap px; a row's buttons end at the
// window's right edge less kButtonMargin and are kButtonWidth wide (a row's first button rightmost).
namespace lobby_layout {
inline constexpr float kListTop = 152;
inline constexpr float kRowHeight = 30;
inline constexpr float kSectionGap = 10;
inline constexpr float kButtonMargin = 20;
inline constexpr float kButtonWidth = 110;
inline constexpr float kButtonHeight = 26;
// Issue 16: a game waiting for this account is marked by a green bar left of its row, from x
// kTurnMarkerLeft, kTurnMarkerWidth px wide, kTurnMarkerTop px below the row's top, kTurnMarkerHeight tall.
inline constexpr float kTurnMarkerLeft = 20;
inline constexpr float kTurnMarkerWidth = 8;
inline constexpr float kTurnMarkerTop = 4;
inline constexpr float kTurnMarkerHeight = 18;
inline constexpr unsigned char kTurnMarkerRgb[3] = {84, 210, 112};
}  // namespace lobby_layout

class LobbyScreen {
 public:
  // The form offers the scenarios of the server's ScenarioList (LobbyModel::scenarios): until it
  // comes, a typed name only.
  explicit LobbyScreen(const sf::Font& font);
  void handle(const sf::Event& event, ClientModel& model);
  void draw(sf::RenderTarget& target, ClientModel& model, sf::Vector2f size);

  const NewGameForm& form() const { return form_; }
  bool form_open() const { return form_open_; }
  // Issue 16: the briefing of the game the form would make (F3 or the form's Briefing button, over
  // the form; F3, Esc or its Back button close it).
  bool briefing_open() const { return form_open_ && briefing_open_; }

 private:
  // Sends the form's CreateGame (the creator taking `seat` if it is a human seat of the scenario).
  void create(ClientModel& model, pb::Seat seat);
  // A new form on the server's scenarios when they differ from the form's (its choices start over).
  void follow_server_scenarios(const LobbyModel& lobby);
  // The full form, drawn over the lists.
  void draw_form(sf::RenderTarget& target, ClientModel& model, sf::Vector2f size);
  // The form's briefing (create_form_briefing), drawn instead of the lobby while it is open.
  void draw_form_briefing(sf::RenderTarget& target, sf::Vector2f size);

  UiKit kit_;
  NewGameForm form_;
  TextField scenario_;  // the scenario's folder name, typed or chosen from the list
  TextField invite_;
  int focus_ = 0;  // 0: scenario, 1: invite code
  bool form_open_ = false;
  bool briefing_open_ = false;
};

// 16-64 bytes of the player's dice entropy for CreateGame/JoinGame (from std::random_device).
std::string fresh_entropy();

}  // namespace hd::client
