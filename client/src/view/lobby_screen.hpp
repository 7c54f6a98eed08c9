// The lobby: my games (open one), open games (join a free seat), spectatable games (watch), and a
// form to create a game (scenario, seat, public or invite only, spectators) or join by invite code.
#pragma once

#include "model/client_model.hpp"
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
}  // namespace lobby_layout

class LobbyScreen {
 public:
  explicit LobbyScreen(const sf::Font& font);
  void handle(const sf::Event& event, ClientModel& model);
  void draw(sf::RenderTarget& target, ClientModel& model, sf::Vector2f size);

 private:
  UiKit kit_;
  TextField scenario_;
  TextField invite_;
  int focus_ = 0;  // 0: scenario, 1: invite code
  bool public_listing_ = true;
  int spectators_ = 3;  // a SpectatorView number
};

// 16-64 bytes of the player's dice entropy for CreateGame/JoinGame (from std::random_device).
std::string fresh_entropy();

}  // namespace hd::client
