// The first screen: the server's name, a user name and a password, Log in or Register.
#pragma once

#include "model/client_model.hpp"
#include "view/ui_kit.hpp"

#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Window/Event.hpp>

namespace hd::client {

class LoginScreen {
 public:
  explicit LoginScreen(const sf::Font& font);
  // Tab moves between the fields, Enter logs in; a click on a field focuses it.
  void handle(const sf::Event& event, ClientModel& model);
  void draw(sf::RenderTarget& target, ClientModel& model, sf::Vector2f size);

 private:
  void submit(ClientModel& model, bool create_account);

  UiKit kit_;
  TextField username_;
  TextField password_;
  int focus_ = 0;  // 0: user name, 1: password
};

}  // namespace hd::client
