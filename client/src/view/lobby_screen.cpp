#include "view/lobby_screen.hpp"

#include "model/create_form_briefing.hpp"
#include "model/deadline_words.hpp"
#include "net/requests.hpp"
#include "view/briefing_lines.hpp"
#include "view/briefing_overlay.hpp"
#include "view/help_layout.hpp"
#include "view/scenario_labels.hpp"
#include "view/screen_layout.hpp"
#include "view/status_text.hpp"
#include "view/word_wrap.hpp"

#include <hd/engine/rules/modules/rule_registry.hpp>

#include <algorithm>
#include <ctime>
#include <limits>
#include <random>

namespace hd::client {
namespace {

const sf::Color kInk(232, 232, 232);
const sf::Color kHeading(250, 214, 120);
const sf::Color kDim(150, 156, 166);
const sf::Color kAlert(255, 170, 120);
using namespace lobby_layout;

const char* spectator_label(const NewGameForm& form) {
  switch (form.spectators()) {
    case pb::SPECTATOR_VIEW_FRENCH:
      return "Spectators: French view";
    case pb::SPECTATOR_VIEW_COALITION:
      return "Spectators: Coalition view";
    case pb::SPECTATOR_VIEW_DELAYED_ALL:
      return form.spectator_delay() > 0 ? "Spectators: all, a turn late" : "Spectators: all, live";
    default:
      return "No spectators";
  }
}

// The form's deadline in words: "No deadline", "Deadline: 48 h a turn", "Deadline: 7 days a turn".
std::string deadline_label(const NewGameForm& form) {
  if (form.deadline_hours() == 0) return "No deadline";
  return "Deadline: " + hours_words(form.deadline_hours()) + " a turn";
}

// An optional rule in words: "15.1 Combined arms" (the engine's module title).
std::string optional_rule_title(const std::string& rule) {
  const engine::RuleModule* module = engine::find_rule_module(rule);
  return module ? rule + " " + std::string(module->title) : rule;
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
  scenario_.text = form_.scenario_slug();
}

void LobbyScreen::follow_server_scenarios(const LobbyModel& lobby) {
  if (form_.catalogue() == lobby.scenarios) return;
  form_ = NewGameForm(lobby.scenarios);
  scenario_.text = form_.scenario_slug();
}

void LobbyScreen::create(ClientModel& model, pb::Seat seat) {
  form_.take_seat(seat);
  if (form_.taken_seat() != seat) return;  // a built-in seat, or one the scenario lacks
  model.send(requests::create_game(form_.choice(), fresh_entropy()), RequestKind::CreateGame);
  form_open_ = false;
}

void LobbyScreen::handle(const sf::Event& event, ClientModel& model) {
  if (event.type == sf::Event::TextEntered) {
    if (focus_ == 0) {
      if (scenario_.type(event.text.unicode)) form_.set_typed_scenario(scenario_.text);
    } else {
      invite_.type(event.text.unicode);
    }
  } else if (event.type == sf::Event::MouseButtonPressed && event.mouseButton.button == sf::Mouse::Left) {
    kit_.click(static_cast<float>(event.mouseButton.x), static_cast<float>(event.mouseButton.y));
  } else if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::F5) {
    model.refresh_lobby();
  } else if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::F3) {
    if (form_open_) briefing_open_ = !briefing_open_;
  } else if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Escape) {
    if (briefing_open()) {
      briefing_open_ = false;
    } else {
      form_open_ = false;
    }
  }
}

void LobbyScreen::draw(sf::RenderTarget& target, ClientModel& model, sf::Vector2f size) {
  kit_.begin();
  const LobbyModel& lobby = model.lobby();
  follow_server_scenarios(lobby);
  if (briefing_open()) {
    draw_form_briefing(target, size);
    return;
  }
  float y = 16;
  const std::string who = lobby.account ? lobby.account->username : "?";
  kit_.text(target, {20, y}, "Lobby - logged in as " + printable(who, 40), 22, kInk);
  kit_.button(target, {size.x - 140, y, 120, 28}, "Refresh (F5)", [&model] { model.refresh_lobby(); });
  // The last notice: a created game's invite code, or a refused request in plain words.
  if (!model.notice().empty()) kit_.text(target, {460, y + 6}, printable(model.notice(), 90), 14, kAlert);
  y += 44;

  // Create (the scenario field opens the full form) or join by invite code.
  kit_.box(target, {16, y - 6, size.x - 32, 92}, sf::Color(48, 56, 68));
  kit_.text(target, {24, y}, "New game, scenario:", 16, kInk);
  kit_.button(
      target, {200, y - 4, 180, 28}, "",
      [this] {
        focus_ = 0;
        form_open_ = !form_open_;
      },
      focus_ == 0);
  kit_.text(target, {206, y}, scenario_.text + (focus_ == 0 ? "_" : ""), 16, kInk);
  float x = 392;
  const std::vector<pb::Seat> seats = form_.seats();
  for (const pb::Seat seat : {pb::SEAT_FRENCH, pb::SEAT_PRUSSIAN, pb::SEAT_ALLIED}) {
    // Each seat's button keeps its place; it is shown for the scenario's human seats.
    if (std::find(seats.begin(), seats.end(), seat) != seats.end() && !form_.built_in(seat))
      kit_.button(target, {x, y - 4, 150, 28}, "Create as " + army_name(army_of(seat)),
                  [this, &model, seat] { create(model, seat); });
    x += 158;
  }
  kit_.button(target, {x, y - 4, 110, 28}, form_.public_listing() ? "Public" : "Invite only",
              [this] { form_.toggle_public(); });
  kit_.button(target, {x + 118, y - 4, 210, 28}, spectator_label(form_),
              [this] { form_.cycle_spectators(); });
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
  // Issue 16: the field's text as a game's number, replayed (a finished game of others is not in the
  // lists: the server lists running games to watch). Through one's own seat when it is in My games.
  kit_.button(target, {x, y - 4, 150, 28}, "Replay game no.", [this, &model] {
    const auto id = game_number(invite_.text);
    if (!id) return;
    const auto& mine = model.lobby().my_games;
    const bool seated =
        std::any_of(mine.begin(), mine.end(), [&](const auto& g) { return g.game_id() == *id; });
    model.open_replay(*id, !seated);
  });
  if (lobby.created)
    kit_.text(target, {x + 8, y},
              "Last created: #" + std::to_string(lobby.created->game_id()) + " invite " +
                  lobby.created->invite_code(),
              14, kHeading);
  y = kListTop;

  if (form_open_) {
    draw_form(target, model, size);
    return;
  }

  const auto section = [&](const std::string& title, const std::vector<pb::GameSummary>& games, int kind) {
    kit_.text(target, {20, y}, title + " (" + std::to_string(games.size()) + ")", 18, kHeading);
    y += kRowHeight;
    for (const auto& game : games) {
      if (y > size.y - 40) break;
      if (game.your_turn()) {
        const sf::Color marker(kTurnMarkerRgb[0], kTurnMarkerRgb[1], kTurnMarkerRgb[2]);
        kit_.box(target, {kTurnMarkerLeft, y + kTurnMarkerTop, kTurnMarkerWidth, kTurnMarkerHeight}, marker,
                 marker);
      }
      kit_.text(target, {32, y + 4},
                printable(describe_game(game, static_cast<std::uint64_t>(std::time(nullptr))), 160), 14,
                kInk);
      float bx = size.x - kButtonMargin - kButtonWidth;
      const std::uint64_t id = game.game_id();
      if (kind == 0) {
        kit_.button(target, {bx, y, kButtonWidth, kButtonHeight}, "Open",
                    [&model, id] { model.open_game(id, false); });
        // Issue 16: a replay, left of Open, of a game begun (the server replays one's own games).
        if (game.status() == pb::GAME_STATUS_RUNNING || game.status() == pb::GAME_STATUS_FINISHED)
          kit_.button(target, {bx - kButtonWidth - 8, y, kButtonWidth, kButtonHeight}, "Replay",
                      [&model, id] { model.open_replay(id, false); });
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

void LobbyScreen::draw_form(sf::RenderTarget& target, ClientModel& model, sf::Vector2f size) {
  const float top = kListTop - 4;
  kit_.box(target, {16, top, size.x - 32, size.y - top - 40}, sf::Color(40, 46, 58),
           sf::Color(150, 160, 176));
  kit_.text(target, {28, top + 8}, "Create a game", 18, kHeading);
  kit_.button(target, {size.x - 150, top + 8, 120, 26}, "Close (Esc)", [this] { form_open_ = false; });
  kit_.button(target, {size.x - 300, top + 8, 140, 26}, "Briefing (F3)", [this] { briefing_open_ = true; });

  // The scenarios the server makes games of (its ScenarioList), one button each.
  const float row = 28;
  float y = top + 44;
  kit_.text(target, {28, y}, "Scenario", 16, kHeading);
  y += 24;
  const auto& catalogue = form_.catalogue();
  if (catalogue.empty())
    kit_.text(target, {28, y}, "(no scenario list from the server yet; type the name)", 14, kDim);
  for (std::size_t i = 0; i < catalogue.size(); ++i) {
    const ScenarioEntry& entry = catalogue[i];
    if (y > size.y - 80) break;
    kit_.button(
        target, {28, y, 318, row - 4}, scenario_list_label(entry, 40),
        [this, i] {
          form_.choose(i);
          scenario_.text = form_.scenario_slug();
        },
        entry.slug == form_.scenario_slug());
    y += row;
  }

  // The chosen scenario's force options and the optional rules it offers, under the missing rules
  // of a scenario not played by the book.
  const float mid = 350;
  y = top + 44;
  const ScenarioEntry* chosen = form_.scenario();
  if (chosen && !chosen->missing_rules.empty()) {
    for (const std::string& line : word_wrap(not_by_the_book_note(*chosen), 72)) {
      kit_.text(target, {mid, y}, line, 13, kAlert);
      y += 17;
    }
    y += 8;
  }
  kit_.text(target, {mid, y},
            "Force options" + (chosen ? " of " + printable(chosen->title, 40) : std::string()), 16, kHeading);
  y += 24;
  if (!chosen || chosen->force_options.empty()) {
    kit_.text(target, {mid, y}, "none", 14, kDim);
    y += row;
  } else {
    for (const ForceOption& option : chosen->force_options) {
      if (y > size.y - 200) break;
      const bool on = form_.force_option_chosen(option.id);
      const std::string id = option.id;
      kit_.button(
          target, {mid, y, 520, row - 4}, (on ? "[x] " : "[ ] ") + force_option_label(option, 64),
          [this, id] { form_.toggle_force_option(id); }, on);
      y += row;
    }
  }
  y += 10;
  kit_.text(target, {mid, y}, "Optional rules", 16, kHeading);
  y += 24;
  if (!chosen || chosen->optional_rules.empty()) {
    kit_.text(target, {mid, y}, "none offered", 14, kDim);
    y += row;
  } else {
    for (const std::string& rule : chosen->optional_rules) {
      const bool on = form_.optional_rule_chosen(rule);
      kit_.button(
          target, {mid, y, 260, row - 4}, (on ? "[x] " : "[ ] ") + optional_rule_title(rule),
          [this, rule] { form_.toggle_optional_rule(rule); }, on);
      y += row;
    }
  }

  // Seats: human or built-in player, and the one the creator takes.
  const float right = 900;
  y = top + 44;
  kit_.text(target, {right, y}, "Seats", 16, kHeading);
  y += 24;
  for (const pb::Seat seat : form_.seats()) {
    const std::string name = army_name(army_of(seat));
    kit_.text(target, {right, y + 3}, name, 14, kInk);
    kit_.button(target, {right + 80, y, 120, row - 4}, form_.built_in(seat) ? "Built-in player" : "Human",
                [this, seat] { form_.toggle_built_in(seat); });
    if (!form_.built_in(seat))
      kit_.button(
          target, {right + 208, y, 110, row - 4}, form_.taken_seat() == seat ? "You play it" : "Take it",
          [this, seat] { form_.take_seat(seat); }, form_.taken_seat() == seat);
    y += row;
  }
  kit_.text(target, {right, y + 2}, "(Prussian and Allied go together)", 12, kDim);
  y += row;
  kit_.button(target, {right, y, 150, row - 4}, form_.public_listing() ? "Public" : "Invite only",
              [this] { form_.toggle_public(); });
  y += row;
  kit_.button(target, {right, y, 220, row - 4}, spectator_label(form_), [this] { form_.cycle_spectators(); });
  y += row + 12;
  kit_.button(target, {right, y, 220, 32}, "Create, playing " + army_name(army_of(form_.taken_seat())),
              [this, &model] { create(model, form_.taken_seat()); });
  // The turn deadline (docs/games.md "Deadlines"), below the Create button so that it stays put.
  y += 32 + 16;
  kit_.text(target, {right, y}, "Turn deadline", 16, kHeading);
  y += 24;
  kit_.button(target, {right, y, 220, row - 4}, deadline_label(form_), [this] { form_.cycle_deadline(); });
  if (form_.deadline_hours() == 0) return;
  y += row;
  kit_.button(target, {right, y, 220, row - 4},
              "Vacation: " + std::to_string(form_.vacation_days()) + " days a seat",
              [this] { form_.cycle_vacation(); });
  y += row;
  kit_.button(target, {right, y, 220, row - 4},
              form_.deadline_policy() == pb::DEADLINE_POLICY_FORFEIT ? "Then: the absent side forfeits"
                                                                     : "Then: the built-in player moves",
              [this] { form_.toggle_deadline_policy(); });
}

void LobbyScreen::draw_form_briefing(sf::RenderTarget& target, sf::Vector2f size) {
  // No turn is current before the game is made: the turns line gives the first and last only.
  constexpr std::uint32_t kNoTurnYet = std::numeric_limits<std::uint32_t>::max();
  const sf::Vector2f above_status_bar{size.x, size.y - layout::kStatusBarHeight};
  draw_briefing(target, above_status_bar, kit_.font(),
                briefing_lines(create_form_briefing(form_), kNoTurnYet, kBriefingWrap),
                "Briefing of the game this form makes  -  F3 or Esc to go back to the form");
  kit_.button(target, {size.x - 190, above_status_bar.y - 60, 150, 28}, "Back to the form",
              [this] { briefing_open_ = false; });
}

}  // namespace hd::client
