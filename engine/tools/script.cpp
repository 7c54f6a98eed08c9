// hd_script: plays a scenario from a script in the action notation (docs/notation.md), printing
// every refusal with its rule, every event, and the result; or lets the random player finish it.
//
//   hd_script [--scenario quatre-bras] [--option 19.5A]... [--rule RULE]... [--allow-missing-rules]
//             [--seed N]
//             [--data DIR] [--manifest FILE] [--bot] [--bot-style battle|uniform] [--max-actions N]
//             [--record FILE] [SCRIPT | -]
//
// Script lines: an action ("french move Bach 1745 1746", "french attack Bach on Blndt die 4"), or
//   state          print the position, losses and VP
//   legal UNIT     print the hexes UNIT can reach now, with their cost in MP
//   pending        print whose decision the game waits for
//   owed           print the units that must still attack or be attacked this combat phase (6.1)
//   attacks        print every enemy hex that can be attacked now, with who can attack or bombard it
// Dice: "die N" on an attack line, else from the seed. --bot: after the script, the random player
// plays both sides to the end, seeking battle (RandomPlayerStyle::BattleSeeking) unless
// --bot-style uniform asks for the uniform one (tests/golden/rerecord.sh's). --record: every
// accepted action, with its die, in replayable form.
// A record (--record) names the game on its first line (scenario, options, optional rules, rules
// version; docs/notation.md): given as the script, that game is played, --scenario may be left
// out, and choice flags that differ from it or another rules version are refused.
// Exit status: 0 done, 1 a refusal or a bad line (with --strict), 2 bad usage or data.
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/random_player.hpp>
#include <hd/engine/rules/combat/combat_options.hpp>
#include <hd/engine/rules/sequence/weather.hpp>
#include <hd/engine/rules/victory/victory.hpp>
#include <hd/loader/data_files.hpp>
#include <hd/loader/record_header.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

namespace {

using namespace hd::engine;

struct Options {
  hd::loader::GameChoice choice;
  std::filesystem::path data = hd::loader::default_data_root();
  std::uint64_t seed = 1;
  bool bot = false;
  RandomPlayerStyle bot_style = RandomPlayerStyle::BattleSeeking;
  bool strict = false;
  bool choice_given = false;  // --scenario, --option, --rule, --manifest or --allow-missing-rules
  long max_actions = 100000;
  std::string record;
  std::string script;
};

void usage() {
  std::cerr
      << "usage: hd_script [--scenario NAME] [--option ID]... [--rule RULE]... [--seed N] [--data DIR]\n"
         "                 [--manifest FILE] [--bot] [--bot-style battle|uniform] [--max-actions N]\n"
         "                 [--record FILE] [--strict]\n"
         "                 [--allow-missing-rules]\n"
         "                 [SCRIPT | -]\n";
}

bool parse_options(int argc, char** argv, Options& options) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    if (arg == "--scenario") {
      const char* v = value();
      if (!v) return false;
      options.choice.scenario = v;
    } else if (arg == "--option") {
      const char* v = value();
      if (!v) return false;
      options.choice.options.push_back(v);
    } else if (arg == "--rule") {
      const char* v = value();
      if (!v) return false;
      options.choice.optional_rules.push_back(v);  // the scenario must offer it (make_ruleset)
    } else if (arg == "--allow-missing-rules") {
      options.choice.allow_missing_rules = true;
    } else if (arg == "--seed") {
      const char* v = value();
      if (!v) return false;
      options.seed = std::strtoull(v, nullptr, 10);
    } else if (arg == "--data") {
      const char* v = value();
      if (!v) return false;
      options.data = v;
    } else if (arg == "--manifest") {
      const char* v = value();
      if (!v) return false;
      options.choice.manifest = v;
    } else if (arg == "--max-actions") {
      const char* v = value();
      if (!v) return false;
      options.max_actions = std::strtol(v, nullptr, 10);
    } else if (arg == "--record") {
      const char* v = value();
      if (!v) return false;
      options.record = v;
    } else if (arg == "--bot") {
      options.bot = true;
    } else if (arg == "--bot-style") {
      const char* v = value();
      if (!v) return false;
      const std::string style = v;
      if (style == "battle")
        options.bot_style = RandomPlayerStyle::BattleSeeking;
      else if (style == "uniform")
        options.bot_style = RandomPlayerStyle::Uniform;
      else
        return false;
    } else if (arg == "--strict") {
      options.strict = true;
    } else if (!arg.empty() && arg[0] != '-') {
      options.script = arg;
    } else if (arg == "-") {
      options.script = "-";
    } else {
      return false;
    }
  }
  options.choice_given = !options.choice.scenario.empty() || !options.choice.options.empty() ||
                         !options.choice.optional_rules.empty() || options.choice.manifest.has_value() ||
                         options.choice.allow_missing_rules;
  return true;
}

// The script's text: the file, standard input ("-") or nothing.
std::optional<std::string> read_script(const std::string& script) {
  if (script.empty()) return std::string();
  std::ifstream file;
  if (script != "-") {
    file.open(script);
    if (!file) return std::nullopt;
  }
  std::ostringstream text;
  text << (script == "-" ? std::cin.rdbuf() : file.rdbuf());
  return text.str();
}

// Takes the game from the script's record header, if it has one: refused (false, with the reason
// printed) if the header is malformed, of another rules version, or differs from choice flags given.
bool adopt_record_header(const std::string& script, Options& options) {
  const auto parsed = hd::loader::parse_record_header(script);
  if (!parsed.header) {
    std::cerr << "hd_script: " << parsed.error << "\n";
    return false;
  }
  if (!parsed.header->present) return true;
  if (const auto refusal = hd::loader::rules_version_refusal(*parsed.header)) {
    std::cerr << "hd_script: refused: " << *refusal << "\n";
    return false;
  }
  if (options.choice_given && !hd::loader::same_choice(options.choice, parsed.header->choice)) {
    std::string header = hd::loader::format_record_header(parsed.header->choice);
    header.pop_back();  // its newline
    std::cerr << "hd_script: refused: the record's game is '" << header
              << "' and the flags ask for another (leave them out to replay the record's game)\n";
    return false;
  }
  options.choice = parsed.header->choice;
  return true;
}

void print_state(const GameState& state) {
  std::cout << "turn " << state.current_turn().name.to_string()
            << (state.current_turn().night ? " (night)" : "") << (raining(state) ? " (rain)" : "") << ", "
            << to_string(state.phasing) << " " << to_string(state.phase) << " phase\n";
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    std::cout << "  " << to_string(unit.army) << " " << unit_name(state, static_cast<UnitIndex>(i)) << " "
              << unit.strength() << "-" << unit.movement << (unit.reduced ? " (r)" : "") << " ";
    switch (unit.status) {
      case UnitStatus::OnMap:
        std::cout << format_hex(unit.hex);
        break;
      case UnitStatus::Waiting:
        std::cout << "arrives "
                  << (unit.arrival_turn >= 0
                          ? state.rules->turns[static_cast<std::size_t>(unit.arrival_turn)].name.to_string()
                          : "?");
        break;
      case UnitStatus::Eliminated:
        std::cout << "eliminated";
        break;
      case UnitStatus::Exited:
        std::cout << "exited";
        break;
      case UnitStatus::Withdrawn:
        std::cout << "withdrawn";
        break;
      case UnitStatus::Hidden:
        std::cout << "hidden (16.6)";
        break;
    }
    std::cout << "\n";
  }
  const auto vp = victory_points(state);
  std::cout << "losses: french " << state.eliminated_strength[0] << ", prussian "
            << state.eliminated_strength[1] << ", allied " << state.eliminated_strength[2] << "; VP french "
            << vp[0] << ", coalition " << vp[1] << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!parse_options(argc, argv, options)) {
    usage();
    return 2;
  }
  const auto script = read_script(options.script);
  if (!script) {
    std::cerr << "hd_script: cannot read " << options.script << "\n";
    return 2;
  }
  if (!adopt_record_header(*script, options)) return 2;
  if (options.choice.scenario.empty()) {
    usage();
    return 2;
  }
  auto game = hd::loader::start_scenario_game(options.data, options.choice);
  for (const auto& error : game.errors)
    std::cerr << error.to_string() << "\n";
  if (!game.value) return 2;
  GameState state = std::move(*game.value);
  SplitMix64 dice(options.seed);
  SplitMix64 bot_random(options.seed ^ 0x5bd1e995u);
  std::ofstream record;
  if (!options.record.empty()) {
    record.open(options.record);
    if (!record) {
      std::cerr << "hd_script: cannot write " << options.record << "\n";
      return 2;
    }
    record << hd::loader::format_record_header(options.choice);
  }
  long accepted = 0, refused = 0, bad = 0;

  // Applies one action, printing refusals and events and recording it with the dice it consumed;
  // true if accepted. Dice given on the line are used first, in order; any further die comes from
  // the seed. A line giving more dice than its action consumes is bad and refused whole: the action
  // is tried on a copy, and the game (and the seed's dice) stay as they were.
  const auto play = [&](Side side, const Action& action, const std::vector<int>& forced) {
    if (auto refusal = validate(state, side, action)) {
      ++refused;
      std::cout << "refused (" << refusal->rule << "): " << describe(*refusal, state) << "\n";
      return false;
    }
    GameState next = state;
    SplitMix64 next_dice = dice;
    std::vector<int> rolled;
    const auto events = apply(next, side, action, [&] {
      rolled.push_back(rolled.size() < forced.size() ? forced[rolled.size()] : next_dice.die());
      return rolled.back();
    });
    if (rolled.size() < forced.size()) {
      ++bad;
      std::cout << "bad line: the action consumes " << rolled.size() << " of the " << forced.size()
                << " dice given; nothing done\n";
      return false;
    }
    state = std::move(next);
    dice = next_dice;
    ++accepted;
    const std::string line = format_action(state, side, action, rolled);
    std::cout << "> " << line << "\n";
    if (record.is_open()) record << line << "\n";
    for (const Event& event : events)
      std::cout << "  " << format_event(state, event) << "\n";
    return true;
  };

  {
    std::istringstream in(*script);
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
      ++number;
      std::istringstream words(line);
      std::string first, second;
      words >> first >> second;
      if (first.empty() || first[0] == '#') continue;
      if (first == "state") {
        print_state(state);
      } else if (first == "attacks") {
        for (const CombatOption& option : combat_options(state)) {
          std::cout << "attacks on " << format_hex(option.target) << (option.owed ? " (owed)" : "") << ":";
          for (UnitIndex u : option.defenders)
            std::cout << " " << unit_name(state, u);
          std::cout << " <- adjacent:";
          for (UnitIndex u : option.attackers)
            std::cout << " " << unit_name(state, u);
          std::cout << "; bombard:";
          for (UnitIndex u : option.bombarding)
            std::cout << " " << unit_name(state, u);
          std::cout << "\n";
        }
      } else if (first == "owed") {
        std::cout << "owed combat:";
        for (UnitIndex u : owed_combat(state))
          std::cout << " " << unit_name(state, u) << "@" << format_hex(state.units[u].hex);
        std::cout << "\n";
      } else if (first == "pending") {
        const auto pending = pending_decision(state);
        std::cout << "pending: " << to_string(pending.side) << " to " << pending.what << "\n";
      } else if (first == "legal") {
        std::optional<UnitIndex> found;
        for (std::size_t i = 0; i < state.units.size(); ++i)
          if (unit_name(state, static_cast<UnitIndex>(i)) == second) found = static_cast<UnitIndex>(i);
        if (!found) {
          std::cout << "line " << number << ": no unit '" << second << "'\n";
          ++bad;
          continue;
        }
        std::cout << "legal " << second << ":";
        for (const ReachableHex& r : reachable_hexes(state, *found)) {
          std::cout << " " << format_hex(r.hex) << "/" << r.cost_half / 2 << (r.cost_half % 2 ? ".5" : "")
                    << (r.can_exit ? "+exit" : "");
        }
        std::cout << "\n";
      } else {
        const auto parsed = parse_action_line(state, line);
        if (const auto* error = std::get_if<std::string>(&parsed)) {
          std::cout << "line " << number << ": " << *error << "\n";
          ++bad;
          continue;
        }
        const auto& notated = std::get<NotatedAction>(parsed);
        play(notated.side, notated.action, notated.dice);
      }
    }
  }

  if (options.bot) {
    long steps = 0;
    while (state.phase != Phase::GameOver && steps++ < options.max_actions) {
      const Side side = pending_decision(state).side;
      const Action action = choose_random_action(state, bot_random, options.bot_style);
      if (!play(side, action, {})) break;  // the random player only proposes legal actions
    }
  }

  if (state.result) {
    std::cout << "result: "
              << (state.result->winner ? std::string(to_string(*state.result->winner))
                                       : std::string("nobody"))
              << " " << state.result->level << " (" << state.result->text << ")\n";
  } else {
    std::cout << "result: none yet; pending: " << pending_decision(state).what << "\n";
  }
  const auto vp = victory_points(state);
  char hash[32];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(state_hash(state)));
  std::cout << "vp: french " << vp[0] << ", coalition " << vp[1] << "\n"
            << "actions: " << accepted << " accepted, " << refused << " refused, " << bad << " bad lines\n"
            << "hash: " << hash << "\n";
  if (record.is_open()) record << "# final-hash: " << hash << "\n";
  return options.strict && (refused > 0 || bad > 0) ? 1 : 0;
}
