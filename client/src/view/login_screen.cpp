#include "view/login_screen.hpp"

#include "view/status_text.hpp"
#include "view/word_wrap.hpp"

namespace hd::client {
namespace {

const sf::Color kInk(232, 232, 232);
const sf::Color kError(240, 120, 100);
// The clear-text warning's ink (client_cleartext_test counts its pixels in the box).
const sf::Color kWarning(250, 200, 70);
// The box sits at the top centre, clear of the hex grid drawn around it (client_window_test probes it).
constexpr float kPanelWidth = 320;

}  // namespace

LoginScreen::LoginScreen(const sf::Font& font) : kit_(font) {
  password_.secret = true;
  password_.max_length = 256;
  username_.max_length = 32;
}

void LoginScreen::submit(ClientModel& model, bool create_account) {
  if (model.state() != ConnectionState::Welcomed || username_.text.empty() || password_.text.empty()) return;
  if (!model.cleartext().press()) return;  // the first press over clear text only asks
  model.log_in(username_.text, password_.text, create_account);
}

void LoginScreen::handle(const sf::Event& event, ClientModel& model) {
  if (event.type == sf::Event::TextEntered) {
    (focus_ == 0 ? username_ : password_).type(event.text.unicode);
  } else if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Tab) {
    focus_ = 1 - focus_;
  } else if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Enter) {
    submit(model, false);
  } else if (event.type == sf::Event::MouseButtonPressed && event.mouseButton.button == sf::Mouse::Left) {
    kit_.click(static_cast<float>(event.mouseButton.x), static_cast<float>(event.mouseButton.y));
  }
}

void LoginScreen::draw(sf::RenderTarget& target, ClientModel& model, sf::Vector2f size) {
  kit_.begin();
  const float left = (size.x - kPanelWidth) / 2;
  float y = 24;
  const CleartextConsent& cleartext = model.cleartext();
  std::vector<std::string> warning;
  if (cleartext.warning()) {
    warning = word_wrap(printable(cleartext.text(), 400), 46);
    warning.push_back(cleartext.asked() ? "Press Log in or Register again to send them anyway."
                                        : "The first press of Log in or Register asks to confirm.");
  }
  kit_.box(target, {left - 20, 6, kPanelWidth + 40, 330 + 17 * static_cast<float>(warning.size())},
           sf::Color(52, 60, 72), sf::Color(120, 130, 150));
  kit_.text(target, {left, y}, "Hundred Days", 30, kInk);
  y += 44;
  const std::string server =
      model.welcome() ? printable(model.welcome()->server_name, 60) : model.server_url();
  kit_.text(target, {left, y}, "Server: " + server, 14, sf::Color(190, 200, 215));
  y += 34;
  const TextField* fields[] = {&username_, &password_};
  const char* labels[] = {"User name", "Password"};
  for (int i = 0; i < 2; ++i) {
    kit_.text(target, {left, y + 6}, labels[i], 16, kInk);
    const sf::FloatRect box{left + 100, y, kPanelWidth - 100, 30};
    kit_.button(
        target, box, "", [this, i] { focus_ = i; }, focus_ == i);
    kit_.text(target, {box.left + 8, y + 5}, fields[i]->shown() + (focus_ == i ? "_" : ""), 16, kInk);
    y += 42;
  }
  y += 8;
  kit_.button(target, {left + 100, y, 100, 32}, "Log in", [this, &model] { submit(model, false); });
  kit_.button(target, {left + 210, y, 110, 32}, "Register", [this, &model] { submit(model, true); });
  y += 48;
  for (const std::string& line : warning) {
    kit_.text(target, {left - 10, y}, line, 13, kWarning);
    y += 17;
  }
  if (!model.login_error().empty())
    kit_.text(target, {left - 10, y}, printable(model.login_error(), 48), 13, kError);
}

}  // namespace hd::client
