#include "view/lobby_screen.hpp"

#include "net/requests.hpp"
#include "view/status_text.hpp"

#include <random>

namespace hd::client {
namespace {

const sf::Color kInk(232, 232, 232);
const sf::Color kHeading(250, 214, 120);
using namespace lobby_layout;

const char* spectator_label(int view) {
  switch (view) {
    case 1:
      return "Spectators: French view";
    case 2:
      return "Spectators: Coalition view";
    case 3:
      return "Spectators: all, live";
    default:
      return "No spectators";
  }
}

}  // namespace

std::string fresh_entropy() {
  std::random_device device;
  std::string bytes;
  for (int i = 0; i < 32; ++i)
    bytes.push_back(static_cast<char>(device() & 0xff));
  return bytes;
}

LobbyScreen::LobbyScreen(const sf::Font& font) : kit_(font) {
  scenario_.text = "quatre-bras";
}

void LobbyScreen::handle(const sf::Event& event, ClientModel& model) {
  if (event.type == sf::Event::TextEntered) {
    (focus_ == 0 ? scenario_ : invite_).type(event.text.unicode);
  } else if (event.type == sf::Event::MouseButtonPressed && event.mouseButton.button == sf::Mouse::Left) {
    kit_.click(static_cast<float>(event.mouseButton.x), static_cast<float>(event.mouseButton.y));
  } else if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::F5) {
    model.refresh_lobby();
  }
}

void LobbyScreen::draw(sf::RenderTarget& target, ClientModel& model, sf::Vector2f size) {
  namespace pb = hundred_days::v1;
  kit_.begin();
  const LobbyModel& lobby = model.lobby();
  float y = 16;
  const std::string who = lobby.account ? lobby.account->username : "?";
  kit_.text(target, {20, y}, "Lobby - logged in as " + printable(who, 40), 22, kInk);
  kit_.button(target, {size.x - 140, y, 120, 28}, "Refresh (F5)", [&model] { model.refresh_lobby(); });
  // The last notice: a created game's invite code, or a refused request in plain words.
  if (!model.notice().empty())
    kit_.text(target, {460, y + 6}, printable(model.notice(), 90), 14, sf::Color(255, 170, 120));
  y += 44;

  // Create or join by invite code.
  kit_.box(target, {16, y - 6, size.x - 32, 92}, sf::Color(48, 56, 68));
  kit_.text(target, {24, y}, "New game, scenario:", 16, kInk);
  kit_.button(
      target, {200, y - 4, 180, 28}, "", [this] { focus_ = 0; }, focus_ == 0);
  kit_.text(target, {206, y}, scenario_.text + (focus_ == 0 ? "_" : ""), 16, kInk);
  float x = 392;
  for (const pb::Seat seat : {pb::SEAT_FRENCH, pb::SEAT_PRUSSIAN, pb::SEAT_ALLIED}) {
    kit_.button(target, {x, y - 4, 150, 28}, "Create as " + army_name(army_of(seat)), [this, &model, seat] {
      model.send(requests::create_game(scenario_.text, seat, public_listing_,
                                       static_cast<pb::SpectatorView>(spectators_), fresh_entropy()),
                 RequestKind::CreateGame);
    });
    x += 158;
  }
  kit_.button(target, {x, y - 4, 110, 28}, public_listing_ ? "Public" : "Invite only",
              [this] { public_listing_ = !public_listing_; });
  kit_.button(target, {x + 118, y - 4, 210, 28}, spectator_label(spectators_),
              [this] { spectators_ = (spectators_ + 1) % 4; });
  y += 42;
  kit_.text(target, {24, y}, "Join by invite code:", 16, kInk);
  kit_.button(
      target, {200, y - 4, 180, 28}, "", [this] { focus_ = 1; }, focus_ == 1);
  kit_.text(target, {206, y}, invite_.text + (focus_ == 1 ? "_" : ""), 16, kInk);
  x = 392;
  for (const pb::Seat seat : {pb::SEAT_FRENCH, pb::SEAT_PRUSSIAN, pb::SEAT_ALLIED}) {
    kit_.button(target, {x, y - 4, 150, 28}, "Join as " + army_name(army_of(seat)), [this, &model, seat] {
      if (!invite_.text.empty())
        model.send(requests::join_game(0, invite_.text, seat, fresh_entropy()), RequestKind::JoinGame);
    });
    x += 158;
  }
  if (lobby.created)
    kit_.text(target, {x + 8, y},
              "Last created: #" + std::to_string(lobby.created->game_id()) + " invite " +
                  lobby.created->invite_code(),
              14, kHeading);
  y = kListTop;

  const auto section = [&](const std::string& title, const std::vector<pb::GameSummary>& games, int kind) {
    kit_.text(target, {20, y}, title + " (" + std::to_string(games.size()) + ")", 18, kHeading);
    y += kRowHeight;
    for (const auto& game : games) {
      if (y > size.y - 40) break;
      kit_.text(target, {32, y + 4}, printable(describe_game(game), 120), 14, kInk);
      float bx = size.x - kButtonMargin - kButtonWidth;
      const std::uint64_t id = game.game_id();
      if (kind == 0) {
        kit_.button(target, {bx, y, kButtonWidth, kButtonHeight}, "Open",
                    [&model, id] { model.open_game(id, false); });
      } else if (kind == 2) {
        kit_.button(target, {bx, y, kButtonWidth, kButtonHeight}, "Watch",
                    [&model, id] { model.open_game(id, true); });
      } else {
        for (const auto& seat : game.seats()) {
          if (!seat.human() || !seat.username().empty()) continue;
          const pb::Seat which = seat.seat();
          kit_.button(target, {bx, y, kButtonWidth, kButtonHeight}, "Join " + army_name(army_of(which)),
                      [&model, id, which] {
                        model.send(requests::join_game(id, "", which, fresh_entropy()),
                                   RequestKind::JoinGame);
                      });
          bx -= kButtonWidth + 8;
        }
      }
      y += kRowHeight;
    }
    y += kSectionGap;
  };
  section("My games", lobby.my_games, 0);
  section("Open games", lobby.open_games, 1);
  section("Games to watch", lobby.spectatable_games, 2);
}

}  // namespace hd::client
