#include "app/script_report.hpp"

#include "model/game_end.hpp"

#include <hd/engine/board/hex.hpp>

#include <sstream>

namespace hd::client {
namespace {

const char* state_word(ConnectionState state) {
  switch (state) {
    case ConnectionState::Connecting:
      return "connecting";
    case ConnectionState::Connected:
      return "connected";
    case ConnectionState::Welcomed:
      return "welcomed";
    case ConnectionState::Refused:
      return "refused";
    case ConnectionState::Failed:
      return "failed";
  }
  return "?";
}

const char* army_letter(pb::Army army) {
  switch (army) {
    case pb::ARMY_FRENCH:
      return "f";
    case pb::ARMY_PRUSSIAN:
      return "p";
    case pb::ARMY_ALLIED:
      return "a";
    default:
      return "?";
  }
}

std::string side_word(pb::Side side) {
  switch (side) {
    case pb::SIDE_FRENCH:
      return "french";
    case pb::SIDE_COALITION:
      return "coalition";
    default:
      return "none";
  }
}

// Free text as one word: spaces become underscores; "-" if empty.
std::string one_word(const std::string& text) {
  if (text.empty()) return "-";
  std::string word = text;
  for (char& c : word)
    if (c == ' ' || c == '\t' || c == '\n') c = '_';
  return word;
}

std::string hex_word(const pb::HexCoord& coord) {
  const auto hex = hex_of(coord);
  return hex ? engine::format_hex(*hex) : "?";
}

// "a,b,c" or "-" for none.
template <typename Items, typename Format>
std::string list(const Items& items, Format format) {
  std::string text;
  for (const auto& item : items) {
    if (!text.empty()) text += ',';
    text += format(item);
  }
  return text.empty() ? "-" : text;
}

std::string number(std::uint32_t value) {
  return std::to_string(value);
}

}  // namespace

std::string script_report(const ClientModel& model) {
  const GameModel& game = model.game();
  const pb::GameView& view = game.view();
  std::ostringstream out;
  out << "report state=" << state_word(model.state()) << " cleartext=" << model.cleartext().word()
      << " reconnects=" << model.reconnects() << " game=" << game.game_id() << " seq=" << game.sequence()
      << " spectating=" << game.spectating() << " turn=" << view.turn()
      << " phase=" << one_word(phase_name(view.phase())) << " phasing=" << side_word(view.phasing())
      << " decision="
      << (!game.open() || view.pending().seats().empty() ? "none"
          : game.my_decision()                           ? "mine"
                                                         : "theirs")
      << " over=" << view.has_result() << " winner=" << side_word(view.result().winner())
      << " level=" << one_word(view.result().level())
      << " vp=" << list(view.victory_points(), [](std::int32_t vp) { return std::to_string(vp); });

  std::vector<const pb::Unit*> on_map;
  std::vector<std::uint32_t> mine;
  for (const auto& unit : view.units()) {
    if (unit.status() != pb::UNIT_STATUS_ON_MAP) continue;
    on_map.push_back(&unit);
    if (game.is_mine(unit)) mine.push_back(unit.index());
  }
  out << " units=" << list(on_map, [](const pb::Unit* unit) {
    return std::to_string(unit->index()) + ":" + army_letter(unit->army()) + ":" + hex_word(unit->hex()) +
           ":" + std::to_string(unit->strength()) + (unit->reduced() ? "r" : "");
  });
  out << " mine=" << list(mine, number) << " arrivals=" << list(game.arrivals(), number);
  out << " selected=" << (game.selected_unit() ? std::to_string(*game.selected_unit()) : "-");
  out << " reachable="
      << list(game.reachable(), [](const auto& entry) { return engine::format_hex(entry.first); });

  const auto& options = game.combat_options();
  out << " must_attack=" << (options ? list(options->must_attack(), number) : "-");
  out << " options="
      << (options ? list(options->options(),
                         [](const pb::CombatOption& option) {
                           std::string attackers;
                           for (const auto index : option.attackers())
                             attackers += (attackers.empty() ? "" : "+") + std::to_string(index);
                           return hex_word(option.target()) + ":" + (option.owed() ? "1" : "0") + ":" +
                                  (attackers.empty() ? "-" : attackers);
                         })
                  : "-");
  out << " attackers=" << list(game.attackers(), number) << " defenders=" << list(game.defenders(), number);
  const auto& odds = game.odds();
  out << " odds=" << (!odds ? "none" : odds->legal() ? "legal:" + one_word(odds->odds().used()) : "illegal");
  const auto& retreats = game.retreats();
  out << " retreat_unit=" << (retreats ? std::to_string(retreats->unit()) : "-");
  out << " retreats=" << (retreats ? list(retreats->hexes(), hex_word) : "-");
  out << " advances=" << (retreats ? list(retreats->advance_hexes(), hex_word) : "-");
  out << " what=" << one_word(view.pending().what()) << " notice=" << one_word(model.notice());
  const auto offer = game.draw_offer();
  out << " draw_offer=" << (offer ? one_word(army_name(army_of(*offer))) : "-");
  out << " resign_armed=" << game.resign_armed();
  const auto end = game_end(game);
  out << " end=" << (end ? one_word(end->headline) : "-")
      << " end_reason=" << (end ? one_word(end->reason) : "-")
      << " end_vp=" << (end ? one_word(end->final_vp) : "-") << " export=" << one_word(game.export_message());
  // The log panel: the lines shown (first-last of all wrapped lines) and its entries.
  const GameLog::Window shown = game.log().window();
  out << " log=" << shown.first << "-" << shown.last << "/" << shown.total
      << " log_entries=" << game.log().entries().size()
      << " log_last=" << (game.log().entries().empty() ? "-" : one_word(game.log().entries().back()));
  // Issue 16: the log's "While you were away" entry of a game reopened with a catch-up (from the
  // lobby, or by a client started anew).
  std::string away;
  for (const std::string& entry : game.log().entries())
    if (entry.starts_with("While you were away")) away = entry;
  out << " away=" << one_word(away);
  // A rule's decision (12.0): its rule and the labels of the choices offered to this client's seats.
  out << " rule=" << one_word(view.pending().rule())
      << " choices=" << list(game.rule_choices(), [](const pb::DecisionChoice* choice) {
           std::string label = one_word(choice->label());
           for (char& c : label)
             if (c == ',') c = ';';
           return label;
         });
  // Issue 16: the replay screen's frame.
  const auto& replay = model.replay();
  out << " replay=" << (replay ? replay->game_id() : 0)
      << " replay_at=" << (replay && replay->frame() ? std::to_string(replay->at()) : "-")
      << " replay_count=" << (replay ? replay->count() : 0)
      << " replay_turn=" << (replay ? one_word(replay->turn_label()) : "-")
      << " replay_action=" << (replay ? one_word(replay->action_text()) : "-");
  // Issue 16: the account logged in ("-" if none) and why a login or saved session was refused.
  out << " user=" << one_word(model.lobby().account ? model.lobby().account->username : "")
      << " login_error=" << one_word(model.login_error());
  // Issue 16: the briefing as the server sent it (ScenarioInfo): the special rules in force, each
  // victory condition's words (commas made ';'), the titles of the force options chosen.
  const auto no_commas = [](const std::string& text) {
    std::string word = one_word(text);
    for (char& c : word)
      if (c == ',') c = ';';
    return word;
  };
  const pb::ScenarioInfo& scenario = game.scenario();
  out << " briefing_rules="
      << list(scenario.special_rules(), [](const pb::BriefingRule& r) { return r.rule(); })
      << " briefing_titles="
      << list(scenario.special_rules(), [&](const pb::BriefingRule& r) { return no_commas(r.title()); })
      << " briefing_victory="
      << list(scenario.victory(), [&](const pb::BriefingVictory& v) { return no_commas(v.text()); })
      << " briefing_options=" << list(scenario.force_option_titles(), no_commas);
  // Issue 16: the standing-orders panel: its units, the orders held for them, the server's status.
  const StandingOrdersPanel& orders = model.standing_orders();
  out << " orders_panel=" << orders.shown() << " orders_units=" << list(orders.units(), number)
      << " orders_held="
      << list(orders.units(),
              [&orders](std::uint32_t unit) {
                const pb::StandingOrder* held = orders.held(unit);
                if (held == nullptr) return std::to_string(unit) + ":none";
                std::string hexes;  // the retreat hexes, best first, joined by '+'
                for (const pb::HexCoord& coord : held->retreat_hexes())
                  hexes += (hexes.empty() ? "" : "+") + hex_word(coord);
                return std::to_string(unit) + ":" + (hexes.empty() ? "-" : hexes) + ":" +
                       (held->has_retreat_toward() ? hex_word(held->retreat_toward()) : "-") + ":" +
                       (held->advance() ? "advance" : "stay");
              })
      << " orders_choice=" << one_word(orders.shown() ? retreat_words(orders.retreat(), orders.hex()) : "")
      << " orders_note=" << one_word(orders.pick_note()) << " orders_status=" << one_word(orders.status());
  // Why the connection failed (28: a refused certificate, as the status bar says it), or "-".
  out << " failure=" << one_word(model.state() == ConnectionState::Failed ? model.failure() : "");
  return out.str();
}

}  // namespace hd::client
