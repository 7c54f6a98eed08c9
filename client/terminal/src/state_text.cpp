#include <hd/term/deadline_text.hpp>
#include <hd/term/state_text.hpp>
#include <hd/wire/refusal_convert.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

namespace hd::term {

namespace v1 = hundred_days::v1;

std::string army_name(v1::Army army) {
  switch (army) {
    case v1::ARMY_FRENCH:
      return "French";
    case v1::ARMY_PRUSSIAN:
      return "Prussian";
    case v1::ARMY_ALLIED:
      return "Allied";
    default:
      return "?";
  }
}

std::string side_name(v1::Side side) {
  switch (side) {
    case v1::SIDE_FRENCH:
      return "french";
    case v1::SIDE_COALITION:
      return "coalition";
    default:
      return "nobody";
  }
}

std::string hex_text(const v1::HexCoord& hex) {
  char text[16];
  std::snprintf(text, sizeof text, "%02u%02u", hex.column(), hex.row());
  return text;
}

std::string turn_text(const v1::ScenarioInfo& scenario, std::uint32_t turn) {
  if (turn >= static_cast<std::uint32_t>(scenario.turns_size())) return "turn " + std::to_string(turn);
  const v1::TurnInfo& info = scenario.turns(static_cast<int>(turn));
  return info.label() + (info.night() ? " (night)" : "") + (info.rain() ? " (rain)" : "");
}

namespace {

std::string phase_name(v1::Phase phase) {
  switch (phase) {
    case v1::PHASE_MOVEMENT:
      return "movement";
    case v1::PHASE_COMBAT:
      return "combat";
    case v1::PHASE_GAME_OVER:
      return "game over";
    case v1::PHASE_SETUP:
      return "setup";
    default:
      return "?";
  }
}

std::string type_code(v1::UnitType type) {
  switch (type) {
    case v1::UNIT_TYPE_INFANTRY:
      return "inf";
    case v1::UNIT_TYPE_CAVALRY:
      return "cav";
    case v1::UNIT_TYPE_FOOT_ARTILLERY:
      return "art";
    case v1::UNIT_TYPE_HORSE_ARTILLERY:
      return "hart";
    case v1::UNIT_TYPE_HEAVY_ARTILLERY:
      return "hvy";
    case v1::UNIT_TYPE_RIFLES:
      return "rif";
    case v1::UNIT_TYPE_LEADER:
      return "ldr";
    case v1::UNIT_TYPE_SUPPLY_TRAIN:
      return "trn";
    default:
      return "?";
  }
}

std::string army_letter(v1::Army army) {
  return army_name(army).substr(0, 1);
}

// "Bach F4-4inf" with "r" for a reduced counter, then its marks: "(moved)" in the phase under way,
// "(out of command)" (11.3), "(corps demoralized)" (13.2), "(inactive)" (16.14: a commander or army HQ).
// 16.3: an enemy piece not observed now, shown where it was last seen, is marked "(last seen TURN)".
std::string unit_text(const v1::ScenarioInfo& scenario, const v1::Unit& unit) {
  std::string last_seen;
  if (unit.unobserved())
    last_seen =
        unit.has_last_seen_turn() && unit.last_seen_turn() >= 0
            ? " (last seen " + turn_text(scenario, static_cast<std::uint32_t>(unit.last_seen_turn())) + ")"
            : " (last seen)";
  return unit.id() + " " + army_letter(unit.army()) + std::to_string(unit.strength()) + "-" +
         std::to_string(unit.movement()) + type_code(unit.type()) + (unit.reduced() ? "r" : "") +
         (unit.moved() ? " (moved)" : "") + (unit.out_of_command() ? " (out of command)" : "") +
         (unit.corps_demoralized() ? " (corps demoralized)" : "") + (unit.inactive() ? " (inactive)" : "") +
         last_seen;
}

// 16.6: each pair of hidden movement markers on the map, one line: its markers where they stand,
// which is real where the view says (the owner's side only), and its holding area (open to both).
void write_hidden_pairs(std::ostream& out, const v1::GameView& view) {
  std::map<std::pair<int, std::uint32_t>, std::vector<const v1::HiddenMarker*>> pairs;
  for (const v1::HiddenMarker& marker : view.markers())
    pairs[{static_cast<int>(marker.army()), marker.pair()}].push_back(&marker);
  if (pairs.empty()) return;
  out << "hidden movement pairs (16.6):\n";
  for (const auto& [key, markers] : pairs) {
    const v1::Army army = static_cast<v1::Army>(key.first);
    out << "  " << army_name(army) << " pair " << key.second << ":";
    bool owner = false;
    for (const v1::HiddenMarker* marker : markers) {
      out << " marker " << (marker->b() ? "B " : "A ") << hex_text(marker->hex())
          << (marker->moved() ? " moved" : "");
      if (marker->has_real()) {
        owner = true;
        out << (marker->real() ? " (real)" : " (dummy)");
      }
      out << ",";
    }
    if (!owner) out << " which is real is secret,";
    if (markers.front()->revealing()) out << " being revealed,";
    out << " holds";
    for (const v1::Unit& unit : view.units())
      if (unit.status() == v1::UNIT_STATUS_HIDDEN && unit.army() == army && unit.holding_pair() == key.second)
        out << " " << unit.id();
    out << "\n";
  }
}

std::string level_text(std::int32_t level) {
  return level < 0 ? "-" : std::to_string(level);
}

}  // namespace

std::string format_state(const v1::ScenarioInfo& scenario, const v1::GameView& view) {
  std::ostringstream out;
  // 4.3: the current turn's weather is the view's (22.6A rolls it; the track then carries no rain).
  const bool rain_unscheduled =
      view.rain() && (view.turn() >= static_cast<std::uint32_t>(scenario.turns_size()) ||
                      !scenario.turns(static_cast<int>(view.turn())).rain());
  out << scenario.title() << ": " << turn_text(scenario, view.turn()) << (rain_unscheduled ? " (rain)" : "")
      << ", " << side_name(view.phasing()) << " " << phase_name(view.phase()) << " phase\n";
  if (scenario.missing_rules_size() > 0) {  // a development server's game
    out << "NOT BY THE BOOK: played without";
    for (const std::string& rule : scenario.missing_rules())
      out << " " << rule;
    out << "\n";
  }
  if (view.has_result()) {
    out << "result: "
        << (view.result().winner() == v1::SIDE_UNSPECIFIED ? "no winner"
                                                           : side_name(view.result().winner()) + " win")
        << (view.result().level().empty() ? "" : " (" + view.result().level() + ")") << ": "
        << view.result().text() << "\n";
  } else if (view.has_pending()) {
    out << "waiting for: " << side_name(view.pending().side());
    if (view.pending().seats_size() > 0) {
      out << " [";
      for (int i = 0; i < view.pending().seats_size(); ++i)
        out << (i ? " " : "") << seat_name(view.pending().seats(i));
      out << "]";
    }
    out << " to " << view.pending().what() << "\n";
    // A rule's decision (12.0's reorganization segment), or a set-up with 16.6A's hides: its choices,
    // numbered for `choose N`.
    for (int i = 0; i < view.pending().choices_size(); ++i)
      out << "  choice " << i + 1 << ": " << view.pending().choices(i).label() << "\n";
  }

  // Units on the map, by hex (west to east, north to south). 16.3: an enemy piece not observed now
  // stands where it was last seen; one never seen comes with no hex and is listed apart, not seen.
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<const v1::Unit*>> by_hex;
  std::vector<const v1::Unit*> waiting, gone, not_seen;
  for (const v1::Unit& unit : view.units()) {
    if (unit.status() == v1::UNIT_STATUS_ON_MAP && unit.unobserved() && !unit.has_hex())
      not_seen.push_back(&unit);
    else if (unit.status() == v1::UNIT_STATUS_ON_MAP)
      by_hex[{unit.hex().column(), unit.hex().row()}].push_back(&unit);
    else if (unit.status() == v1::UNIT_STATUS_WAITING)
      waiting.push_back(&unit);
    else if (unit.status() != v1::UNIT_STATUS_HIDDEN)  // 16.6: listed with its pair
      gone.push_back(&unit);
  }
  out << "units on the map (" << by_hex.size() << " hexes):\n";
  for (const auto& [hex, units] : by_hex) {
    out << "  " << hex_text(units.front()->hex()) << "  ";
    for (std::size_t i = 0; i < units.size(); ++i)
      out << (i ? ", " : "") << unit_text(scenario, *units[i]);
    out << "\n";
  }
  if (!not_seen.empty()) {
    out << "enemy pieces not seen (16.3):";
    for (const v1::Unit* unit : not_seen)
      out << " " << unit->id();
    out << "\n";
  }
  write_hidden_pairs(out, view);
  if (!waiting.empty()) {
    std::sort(waiting.begin(), waiting.end(),
              [](const v1::Unit* a, const v1::Unit* b) { return a->arrival_turn() < b->arrival_turn(); });
    out << "reinforcements:";
    for (const v1::Unit* unit : waiting)
      out << " " << unit->id() << "@"
          << (unit->arrival_turn() >= 0
                  ? turn_text(scenario, static_cast<std::uint32_t>(unit->arrival_turn()))
                  : "?");
    out << "\n";
  }
  if (!gone.empty()) {
    out << "eliminated, exited or withdrawn:";
    for (const v1::Unit* unit : gone)
      out << " " << unit->id()
          << (unit->status() == v1::UNIT_STATUS_EXITED      ? "(exited)"
              : unit->status() == v1::UNIT_STATUS_WITHDRAWN ? "(withdrawn)"
                                                            : "");
    out << "\n";
  }
  out << "morale (9.0):  army      losses  demoralized-at  disintegrates-at  state\n";
  for (const v1::ArmyMorale& morale : view.morale()) {
    char line[160];
    std::snprintf(line, sizeof line, "               %-9s %6u  %14s  %16s  %s\n",
                  army_name(morale.army()).c_str(), morale.eliminated_strength(),
                  level_text(morale.demoralization_level()).c_str(),
                  level_text(morale.disintegration_level()).c_str(),
                  morale.disintegrated() ? "disintegrated"
                  : morale.demoralized() ? "demoralized"
                                         : "steady");
    out << line;
  }
  out << "VP (3.4): french " << (view.victory_points_size() > 0 ? view.victory_points(0) : 0)
      << ", coalition " << (view.victory_points_size() > 1 ? view.victory_points(1) : 0) << "\n";
  return out.str();
}

std::string format_game_summary(const v1::GameSummary& game, std::uint64_t now_unix) {
  std::ostringstream out;
  const char* status = game.status() == v1::GAME_STATUS_OPEN       ? "open"
                       : game.status() == v1::GAME_STATUS_RUNNING  ? "running"
                       : game.status() == v1::GAME_STATUS_FINISHED ? "finished"
                                                                   : "?";
  out << "game " << game.game_id() << " " << game.scenario() << " " << status;
  out << " seats:";
  for (const v1::SeatHolder& seat : game.seats()) {
    out << " " << seat_name(seat.seat()) << "=";
    if (!seat.human())
      out << "(built-in)";
    else
      out << (seat.username().empty() ? "(open)" : seat.username()) << (seat.connected() ? "*" : "");
  }
  if (!game.turn_label().empty()) out << " turn " << game.turn_label();
  if (game.status() == v1::GAME_STATUS_RUNNING && game.waiting_for() != v1::SEAT_UNSPECIFIED)
    out << " waiting-for " << seat_name(game.waiting_for());
  if (game.your_turn()) out << " YOUR-TURN";  // issue 16: a decision of this account is pending
  if (game.status() != v1::GAME_STATUS_FINISHED) out << deadline_text(game, now_unix);
  if (!game.result().empty()) out << " result: " << game.result();
  if (!game.public_listing()) out << " (private)";
  if (!game.deadline_event().empty() && game.status() != v1::GAME_STATUS_FINISHED)
    out << " deadline-event: " << game.deadline_event();
  return out.str();
}

std::string format_refusal(const v1::Refusal& refusal, const v1::GameView* view) {
  std::string code = v1::RefusalCode_Name(refusal.code());
  const std::string prefix = "REFUSAL_CODE_";
  if (code.rfind(prefix, 0) == 0) code = code.substr(prefix.size());
  return "refused (" + code + (refusal.rule().empty() ? "" : ", rule " + refusal.rule()) +
         "): " + wire::refusal_text(refusal, view);
}

}  // namespace hd::term
