#include <hd/term/deadline_text.hpp>
#include <hd/term/scenario_list_text.hpp>
#include <hd/term/standing_orders_text.hpp>
#include <hd/term/state_text.hpp>
#include <hd/term/terminal.hpp>
#include <hd/wire/tls_client.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <poll.h>
#include <random>
#include <sstream>
#include <unistd.h>

namespace hd::term {

namespace v1 = hundred_days::v1;

namespace {

const char* const kHelp =
    "commands (docs/terminal-client.md):\n"
    "  connect URL | register USER PASS | login USER PASS | resume [TOKEN] | logout\n"
    "  webhook [URL] (notify this account by a signed POST to URL; no URL: stop)\n"
    "  email [ADDRESS] | email confirm CODE (turn notices by e-mail; no ADDRESS: stop)\n"
    "  games [open|mine|spectatable] | scenarios (what create takes: options, rules, seats)\n"
    "  scenarios SCENARIO (its briefing: turns, victory conditions, special rules, what each option adds)\n"
    "  watch on|off|SECONDS (the lobby's changed games pushed, a line each; SECONDS: on, then listen)\n"
    "  create SCENARIO [option=ID]... [rule=15.1|15.2]... [french|prussian|allied=human|builtin]...\n"
    "         [take=SEAT[,SEAT]] [private] [spectators=none|french|coalition|delayed:N]\n"
    "         [deadline=HOURS] [vacation=DAYS] [on-deadline=builtin|forfeit]\n"
    "  join GAME SEAT[,SEAT] [invite=CODE] | leave GAME SEAT | open GAME | spectate GAME | close\n"
    "  state | french ... | coalition ... (an action in the notation) | confirm | reject\n"
    "  choose N (the Nth choice of a rule's decision, as `state` lists them)\n"
    "  command LEADER (11.2: the hexes his command reaches now and whom he commands)\n"
    "  observed (16.3: the hexes our side observes now, by column, and the distance)\n"
    "  orders | orders UNIT [retreat HEX...] [toward HEX] [advance|hold] | orders clear UNIT\n"
    "         (standing orders: followed when we are away; HEX as 1207)\n"
    "  undo request|accept|decline | draw offer|accept|decline | resign\n"
    "  chat TEXT | chat-side TEXT | export RECORD_FILE [PROOF_FILE]\n"
    "  replay GAME (then first | prev | next | last | goto N | turn T | state | quit)\n"
    "  wait (until the open game needs our decision or ends) | bot [SEED] (play our seats to the end)\n"
    "  help | quit\n";

// 16.3: an ObservedArea compactly, one line per column with its rows as runs ("0503-0511" is
// written "05: 03-11"): the hexes come ascending by column, then row.
std::string observed_area_text(const v1::ObservedArea& area) {
  std::ostringstream out;
  out << "observed now (16.3): " << area.hexes_size() << " hexes, distance " << area.distance() << "\n";
  const auto two = [](std::uint32_t n) { return (n < 10 ? "0" : "") + std::to_string(n); };
  const auto& hexes = area.hexes();
  for (int i = 0; i < hexes.size();) {
    const std::uint32_t column = hexes[i].column();
    out << "  " << two(column) << ":";
    while (i < hexes.size() && hexes[i].column() == column) {
      const std::uint32_t first = hexes[i].row();
      std::uint32_t last = first;
      while (i + 1 < hexes.size() && hexes[i + 1].column() == column && hexes[i + 1].row() == last + 1)
        last = hexes[++i].row();
      out << " " << two(first);
      if (last != first) out << "-" << two(last);
      ++i;
    }
    out << "\n";
  }
  return out.str();
}

std::vector<std::string> split(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  std::string word;
  while (in >> word)
    words.push_back(word);
  return words;
}

std::optional<std::vector<v1::Seat>> seats_from(const std::string& list) {
  std::vector<v1::Seat> seats;
  std::istringstream in(list);
  std::string name;
  while (std::getline(in, name, ',')) {
    const auto seat = wire::seat_from_name(name);
    if (!seat) return std::nullopt;
    seats.push_back(*seat);
  }
  if (seats.empty()) return std::nullopt;
  return seats;
}

std::optional<std::uint64_t> number_from(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  return std::stoull(text);
}

// The rest of the line after its first word.
std::string rest_of(const std::string& line) {
  const std::size_t start = line.find_first_not_of(" \t");
  const std::size_t space = line.find_first_of(" \t", start);
  if (space == std::string::npos) return {};
  const std::size_t text = line.find_first_not_of(" \t", space);
  return text == std::string::npos ? std::string{} : line.substr(text);
}

bool write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  return static_cast<bool>(out);
}

}  // namespace

Terminal::Terminal(TerminalOptions options, std::ostream& out) : options_(std::move(options)), out_(out) {}
Terminal::~Terminal() = default;

bool Terminal::fail(const std::string& why) {
  out_ << "error: " << why << "\n";
  ++failures_;
  return false;
}

bool Terminal::answer_ok(const std::optional<v1::ServerEnvelope>& answer, const char* expected) {
  if (!answer) return fail(client_->last_error());
  if (answer->has_refusal()) {
    out_ << format_refusal(answer->refusal(), client_->game() ? &client_->game()->view : nullptr) << "\n";
    ++failures_;
    return false;
  }
  (void)expected;
  return true;
}

bool Terminal::ensure_connected() {
  if (client_ && client_->connected()) return true;
  if (options_.server_url.empty()) return fail("not connected (connect URL, or --server)");
  auto address = parse_server_address(options_.server_url);
  if (!address)
    return fail("bad server address '" + options_.server_url + "' (wss://HOST[:PORT]/ or ws://HOST:PORT/)");
  if (address->tls) address->ca_file = options_.ca_file;
  if (!cleartext_agreed(*address)) return false;
  ClientOptions client_options;
  client_options.events = options_.quiet ? nullptr : &out_;
  try {
    client_ = std::make_unique<Client>(*address, client_options);
  } catch (const std::exception& error) {
    client_.reset();
    return fail(error.what());
  }
  const auto welcome = client_->hello();
  if (!welcome) return fail("no Welcome: " + client_->last_error());
  out_ << "connected to " << welcome->server_name() << " (protocol " << welcome->protocol_version()
       << ", connection " << welcome->connection_id() << ")\n";
  return true;
}

bool Terminal::cleartext_agreed(const ServerAddress& address) {
  if (!wire::cleartext_needs_warning(address.tls, address.host) || options_.allow_cleartext ||
      cleartext_agreed_host_ == address.host)
    return true;
  out_ << wire::cleartext_warning(address.host) << "\n";
  if (!prompt_in_) return fail("not connecting in clear text (--allow-cleartext to go on anyway)");
  out_ << "connect anyway? [y/N] " << std::flush;
  std::string answer;
  if (!std::getline(*prompt_in_, answer) || (answer != "y" && answer != "yes"))
    return fail("not connecting in clear text");
  cleartext_agreed_host_ = address.host;
  return true;
}

bool Terminal::save_token() {
  out_ << "logged in as " << client_->username() << "\n";
  if (options_.token_file.empty()) return true;
  if (!write_file(options_.token_file, client_->token() + "\n"))
    return fail("cannot write the token file " + options_.token_file.string());
  return true;
}

bool Terminal::submit_action(std::uint64_t game_id, const v1::GameAction& action) {
  v1::ClientEnvelope envelope;
  envelope.mutable_submit_action()->set_game_id(game_id);
  *envelope.mutable_submit_action()->mutable_action() = action;
  Client& client = *client_;
  const auto answer = client.request(envelope);
  if (!answer_ok(answer, "ActionAccepted")) return false;
  if (answer->has_action_accepted()) {
    const auto& accepted = answer->action_accepted();
    if (accepted.awaiting_confirmation())
      out_ << "accepted: awaiting the other Coalition seat\n";
    else
      out_ << "accepted as sequence " << accepted.sequence() << "\n";
    // Show the update before the next command.
    client.pump(std::chrono::seconds(5), [&] { return client.game()->sequence >= accepted.sequence(); });
  }
  return true;
}

bool Terminal::run_line(const std::string& raw) {
  std::string line = raw;
  if (const auto hash = line.find('#'); hash != std::string::npos && line.rfind("chat", 0) != 0)
    line.resize(hash);
  const auto words = split(line);
  if (words.empty()) return true;
  const std::string& command = words[0];

  if (replay_) {  // issue 16: the replay mode's commands until its quit
    bool leave = false;
    const bool ok = replay_->run(words, leave);
    if (leave) replay_.reset();
    if (!ok) ++failures_;
    return ok;
  }
  if (command == "help") {
    out_ << kHelp;
    return true;
  }
  if (command == "quit" || command == "exit") {
    quit_ = true;
    return true;
  }
  if (command == "connect") {
    if (words.size() != 2) return fail("usage: connect wss://HOST[:PORT]/ | ws://HOST:PORT/");
    options_.server_url = words[1];
    client_.reset();
    return ensure_connected();
  }
  if (!ensure_connected()) return false;
  Client& client = *client_;
  const auto& game = client.game();
  const auto need_game = [&]() -> bool {
    if (!game) return fail("no game is open (open GAME)");
    return true;
  };

  if (command == "register" || command == "login") {
    if (words.size() != 3) return fail("usage: " + command + " USER PASSWORD");
    const bool ok = command == "register" ? client.register_account(words[1], words[2])
                                          : client.login(words[1], words[2]);
    if (!ok) return fail(client.last_error());
    return save_token();
  }
  if (command == "resume") {
    std::string token;
    if (words.size() == 2) {
      token = words[1];
    } else {
      std::ifstream in(options_.token_file);
      if (options_.token_file.empty() || !(in >> token))
        return fail("no token given and no token file to read");
    }
    if (!client.resume(token)) return fail(client.last_error());
    return save_token();
  }
  if (command == "logout") {
    v1::ClientEnvelope envelope;
    envelope.mutable_logout();
    if (!answer_ok(client.request(envelope), "LoggedOut")) return false;
    out_ << "logged out\n";
    return true;
  }
  if (command == "webhook") {  // issue 16: turn notifications by webhook (docs/games.md)
    if (words.size() > 2) return fail("usage: webhook [URL] (no URL: clear it)");
    v1::ClientEnvelope envelope;
    envelope.mutable_set_webhook()->set_url(words.size() == 2 ? words[1] : "");
    const auto answer = client.request(envelope);
    if (!answer_ok(answer, "WebhookSet")) return false;
    const v1::WebhookSet& set = answer->webhook_set();
    if (set.url().empty()) {
      out_ << "webhook cleared\n";
    } else {
      out_ << "webhook set: " << set.url() << "\n"
           << "signing secret (shown once; X-HD-Signature is its HMAC-SHA256 of the body): " << set.secret()
           << "\n";
    }
    return true;
  }
  if (command == "email") {  // issue 16: turn notifications by e-mail (docs/games.md)
    const bool confirm = words.size() == 3 && words[1] == "confirm";
    if ((words.size() > 2 && !confirm) || (words.size() == 2 && words[1] == "confirm"))
      return fail("usage: email [ADDRESS] (no ADDRESS: remove it) | email confirm CODE");
    v1::ClientEnvelope envelope;
    if (confirm) {
      envelope.mutable_confirm_email()->set_code(words[2]);
    } else {
      envelope.mutable_set_email()->set_address(words.size() == 2 ? words[1] : "");
    }
    const auto answer = client.request(envelope);
    if (!answer_ok(answer, "EmailSet")) return false;
    const v1::EmailSet& set = answer->email_set();
    if (set.address().empty()) {
      out_ << "e-mail address removed\n";
    } else if (set.confirmed()) {
      out_ << "e-mail address confirmed: " << set.address() << " (turn notices go there)\n";
    } else {
      out_ << "e-mail address set: " << set.address() << "\n"
           << "a code was mailed there: give it with `email confirm CODE` (turn notices start then)\n";
    }
    return true;
  }
  if (command == "games") {
    v1::ClientEnvelope envelope;
    v1::GameListFilter filter = v1::GAME_LIST_FILTER_OPEN;
    if (words.size() > 1) {
      if (words[1] == "mine")
        filter = v1::GAME_LIST_FILTER_MINE;
      else if (words[1] == "spectatable")
        filter = v1::GAME_LIST_FILTER_SPECTATABLE;
      else if (words[1] != "open")
        return fail("usage: games [open|mine|spectatable]");
    }
    envelope.mutable_list_games()->set_filter(filter);
    const auto answer = client.request(envelope);
    if (!answer_ok(answer, "GameList")) return false;
    out_ << answer->game_list().games_size() << " games\n";
    // Issue 16: the games waiting for us first, each group in the server's order (newest first).
    std::vector<v1::GameSummary> games(answer->game_list().games().begin(),
                                       answer->game_list().games().end());
    std::stable_partition(games.begin(), games.end(),
                          [](const v1::GameSummary& game) { return game.your_turn(); });
    for (const v1::GameSummary& summary : games)
      out_ << "  " << format_game_summary(summary, now_unix()) << "\n";
    return true;
  }
  if (command == "watch") {  // issue 16: the live lobby (WatchLobby, LobbyChanged)
    std::optional<std::uint64_t> seconds;
    if (words.size() == 2 && words[1] != "on" && words[1] != "off") seconds = number_from(words[1]);
    if (words.size() != 2 || (words[1] != "on" && words[1] != "off" && !seconds))
      return fail("usage: watch on|off|SECONDS");
    v1::ClientEnvelope envelope;
    envelope.mutable_watch_lobby()->set_on(words[1] != "off");
    if (!answer_ok(client.request(envelope), "Ok")) return false;
    if (!seconds) {
      out_ << "lobby watch " << words[1] << "\n";
      return true;
    }
    // Prints each pushed game as it comes (a line "lobby: game ..."), for SECONDS.
    client.pump(std::chrono::seconds(*seconds), [] { return false; });
    return true;
  }
  if (command == "scenarios") {
    if (words.size() > 2) return fail("usage: scenarios [SCENARIO]");
    v1::ClientEnvelope envelope;
    envelope.mutable_list_scenarios();
    const auto answer = client.request(envelope);
    if (!answer_ok(answer, "ScenarioList")) return false;
    if (!answer->has_scenario_list()) return fail("unexpected answer to ListScenarios");
    if (words.size() == 1) {
      out_ << format_scenario_list(answer->scenario_list());
      return true;
    }
    // Issue 16: one scenario's briefing, as the server lists it.
    for (const v1::ListedScenario& scenario : answer->scenario_list().scenarios())
      if (scenario.slug() == words[1]) {
        out_ << format_scenario_briefing(scenario);
        return true;
      }
    return fail("the server serves no scenario '" + words[1] + "' (see scenarios)");
  }
  if (command == "create") {
    if (words.size() < 2) return fail("usage: create SCENARIO [option=ID]... (see help)");
    v1::ClientEnvelope envelope;
    v1::CreateGame& create = *envelope.mutable_create_game();
    create.set_scenario(words[1]);
    create.set_public_listing(true);
    // Everything a game turn late: never a secret choice before its reveal (issue 29, finding 1).
    create.mutable_spectators()->set_view(v1::SPECTATOR_VIEW_DELAYED_ALL);
    create.mutable_spectators()->set_delay_player_turns(2);
    std::map<v1::Seat, bool> built_in{
        {v1::SEAT_FRENCH, false}, {v1::SEAT_PRUSSIAN, false}, {v1::SEAT_ALLIED, false}};
    v1::TurnDeadline deadline;
    for (std::size_t i = 2; i < words.size(); ++i) {
      const std::string& word = words[i];
      const std::size_t equals = word.find('=');
      const std::string key = word.substr(0, equals);
      const std::string value = equals == std::string::npos ? "" : word.substr(equals + 1);
      if (key == "option" && !value.empty()) {
        create.add_force_options(value);
      } else if (key == "rule" && !value.empty()) {
        create.add_optional_rules(value);
      } else if (wire::seat_from_name(key) && (value == "human" || value == "builtin")) {
        built_in[*wire::seat_from_name(key)] = value == "builtin";
      } else if (key == "take") {
        const auto seats = seats_from(value);
        if (!seats) return fail("take=SEAT[,SEAT] with seats french, prussian, allied");
        for (v1::Seat seat : *seats)
          create.add_take_seats(seat);
      } else if (const DeadlineArgument read = read_deadline_argument(key, value, deadline);
                 read != DeadlineArgument::NotDeadline) {
        if (read == DeadlineArgument::Bad) return fail(kDeadlineUsage);
      } else if (key == "private" && value.empty()) {
        create.set_public_listing(false);
      } else if (key == "spectators") {
        v1::SpectatorPolicy& policy = *create.mutable_spectators();
        if (value == "none")
          policy.set_view(v1::SPECTATOR_VIEW_UNSPECIFIED);
        else if (value == "french")
          policy.set_view(v1::SPECTATOR_VIEW_FRENCH);
        else if (value == "coalition")
          policy.set_view(v1::SPECTATOR_VIEW_COALITION);
        else if (value.rfind("delayed:", 0) == 0 && number_from(value.substr(8))) {
          policy.set_view(v1::SPECTATOR_VIEW_DELAYED_ALL);
          policy.set_delay_player_turns(static_cast<std::uint32_t>(*number_from(value.substr(8))));
        } else {
          return fail("spectators=none|french|coalition|delayed:N");
        }
      } else {
        return fail("unknown create argument '" + word + "'");
      }
    }
    for (const auto& [seat, builtin] : built_in) {
      v1::SeatSetup& setup = *create.add_seats();
      setup.set_seat(seat);
      setup.set_built_in(builtin);
    }
    if (deadline.hours() > 0 || deadline.vacation_days() > 0 ||
        deadline.policy() != v1::DEADLINE_POLICY_UNSPECIFIED) {
      // A deadline with no policy named: the built-in player moves for the absent seat.
      if (deadline.hours() > 0 && deadline.policy() == v1::DEADLINE_POLICY_UNSPECIFIED)
        deadline.set_policy(v1::DEADLINE_POLICY_BUILTIN);
      *create.mutable_deadline() = deadline;
    }
    create.set_entropy(random_entropy());
    const auto answer = client.request(envelope);
    if (!answer_ok(answer, "GameCreated")) return false;
    out_ << "created game " << answer->game_created().game_id() << " invite "
         << answer->game_created().invite_code() << " commitment " << answer->game_created().seed_commitment()
         << "\n";
    return true;
  }
  if (command == "join" || command == "leave") {
    if (words.size() < 3)
      return fail("usage: " + command + " GAME SEAT[,SEAT]" + (command == "join" ? " [invite=CODE]" : ""));
    const auto id = number_from(words[1]);
    const auto seats = seats_from(words[2]);
    if (!id || !seats) return fail("usage: " + command + " GAME SEAT[,SEAT]");
    std::string invite;
    if (words.size() > 3 && words[3].rfind("invite=", 0) == 0) invite = words[3].substr(7);
    for (v1::Seat seat : *seats) {
      v1::ClientEnvelope envelope;
      if (command == "join") {
        envelope.mutable_join_game()->set_game_id(*id);
        envelope.mutable_join_game()->set_invite_code(invite);
        envelope.mutable_join_game()->set_seat(seat);
        envelope.mutable_join_game()->set_entropy(random_entropy());
      } else {
        envelope.mutable_leave_game()->set_game_id(*id);
        envelope.mutable_leave_game()->set_seat(seat);
      }
      const auto answer = client.request(envelope);
      if (!answer_ok(answer, "summary")) return false;
      out_ << (command == "join" ? "joined " : "left ") << seat_name(seat) << " of game " << *id << "\n";
      if (answer->has_game_changed())
        out_ << "  " << format_game_summary(answer->game_changed(), now_unix()) << "\n";
    }
    return true;
  }
  if (command == "open" || command == "spectate") {
    const auto id = words.size() == 2 ? number_from(words[1]) : std::nullopt;
    if (!id) return fail("usage: " + command + " GAME");
    if (!client.open_game(*id, command == "spectate")) return fail(client.last_error());
    out_ << "opened game " << *id << " at sequence " << client.game()->sequence;
    if (!client.game()->my_seats.empty()) {
      out_ << " as";
      for (v1::Seat seat : client.game()->my_seats)
        out_ << " " << seat_name(seat);
    } else {
      out_ << " as a spectator";
    }
    out_ << deadline_text(client.game()->summary, now_unix()) << "\n"
         << format_state(client.game()->scenario, client.game()->view);
    return true;
  }
  if (command == "replay") {  // issue 16: a game's actions one by one (QueryReplay)
    const auto id = words.size() == 2 ? number_from(words[1]) : std::nullopt;
    if (!id) return fail("usage: replay GAME");
    // Its scenario comes from a snapshot: the game is opened (as a player, else as a spectator),
    // which also keeps it loaded on the server while it is replayed.
    if (!game || game->game_id != *id) {
      if (!client.open_game(*id, false) && !client.open_game(*id, true)) return fail(client.last_error());
    }
    replay_ = std::make_unique<ReplayMode>(client, *id, client.game()->scenario, out_);
    out_ << "replay of game " << *id
         << ": first | prev | next | last | goto N | turn T | state | quit (leave the replay)\n";
    if (replay_->show(0)) return true;
    replay_.reset();
    ++failures_;
    return false;
  }
  if (command == "close") {
    if (!need_game()) return false;
    v1::ClientEnvelope envelope;
    envelope.mutable_close_game()->set_game_id(game->game_id);
    return answer_ok(client.request(envelope), "Ok");
  }
  if (command == "state") {
    if (!need_game()) return false;
    out_ << "game " << game->game_id << " sequence " << game->sequence
         << deadline_text(game->summary, now_unix()) << "\n";
    if (!game->summary.deadline_event().empty())
      out_ << "deadline event: " << game->summary.deadline_event() << "\n";
    out_ << format_state(game->scenario, game->view);
    return true;
  }
  if (command == "french" || command == "coalition" || command == "do") {
    if (!need_game()) return false;
    v1::GameAction action;
    action.mutable_notation()->set_line(command == "do" ? rest_of(line) : line);
    return submit_action(game->game_id, action);
  }
  if (command == "command") {  // 11.2: a leader's command range (QueryCommandRange)
    if (!need_game()) return false;
    if (words.size() != 2) return fail("usage: command LEADER (a leader's id, as `state` shows it)");
    const auto& units = game->view.units();
    const auto leader = std::find_if(units.begin(), units.end(), [&](const v1::Unit& u) {
      return u.id() == words[1] && u.type() == v1::UNIT_TYPE_LEADER;
    });
    if (leader == units.end()) return fail("no leader " + words[1] + " in this game");
    v1::ClientEnvelope envelope;
    envelope.mutable_query_command_range()->set_game_id(game->game_id);
    envelope.mutable_query_command_range()->set_unit(leader->index());
    const auto answer = client.request(envelope);
    if (!answer_ok(answer, "CommandRange")) return false;
    const v1::CommandRange& range = answer->command_range();
    out_ << leader->id() << ": command range " << range.range() << " hexes, " << range.hexes_size()
         << " hexes reached:";
    for (const v1::HexCoord& hex : range.hexes())
      out_ << " " << hex_text(hex);
    out_ << "\ncommands:";
    if (range.commanded().empty()) out_ << " nobody now";
    for (const std::uint32_t index : range.commanded()) {
      const auto unit =
          std::find_if(units.begin(), units.end(), [&](const v1::Unit& u) { return u.index() == index; });
      out_ << " " << (unit != units.end() ? unit->id() : std::to_string(index));
    }
    out_ << "\n";
    return true;
  }
  if (command == "observed") {  // 16.3: the hexes our side observes now (QueryObservedArea)
    if (!need_game()) return false;
    if (words.size() != 1) return fail("usage: observed");
    v1::ClientEnvelope envelope;
    envelope.mutable_query_observed_area()->set_game_id(game->game_id);
    const auto answer = client.request(envelope);
    if (!answer_ok(answer, "ObservedArea")) return false;
    out_ << observed_area_text(answer->observed_area());
    return true;
  }
  if (command == "orders") {  // issue 16: our standing orders (SetStandingOrders, QueryStandingOrders)
    if (!need_game()) return false;
    v1::ClientEnvelope envelope;
    if (words.size() == 1) {
      envelope.mutable_query_standing_orders()->set_game_id(game->game_id);
    } else {
      auto parsed = parse_orders_command(game->game_id, {words.begin() + 1, words.end()}, game->view);
      if (auto* problem = std::get_if<std::string>(&parsed)) return fail(*problem);
      *envelope.mutable_set_standing_orders() = std::move(std::get<v1::SetStandingOrders>(parsed));
    }
    const auto answer = client.request(envelope);
    if (!answer_ok(answer, "StandingOrders")) return false;
    out_ << format_standing_orders(answer->standing_orders(), game->view);
    return true;
  }
  if (command == "choose") {
    if (!need_game()) return false;
    const auto& choices = game->view.pending().choices();
    const auto n = words.size() == 2 ? number_from(words[1]) : std::nullopt;
    if (!n || *n < 1 || *n > static_cast<std::uint64_t>(choices.size()))
      return fail(choices.empty() ? std::string("no choice is offered to us now")
                                  : "usage: choose N (1 to " + std::to_string(choices.size()) + ")");
    return submit_action(game->game_id, choices[static_cast<int>(*n - 1)].action());
  }
  if (command == "confirm" || command == "reject") {
    if (!need_game()) return false;
    if (!game->proposal) return fail("no attack proposal awaits an answer");
    v1::ClientEnvelope envelope;
    envelope.mutable_confirm_attack()->set_game_id(game->game_id);
    envelope.mutable_confirm_attack()->set_proposal_id(game->proposal->proposal_id());
    envelope.mutable_confirm_attack()->set_accept(command == "confirm");
    return answer_ok(client.request(envelope), "answer");
  }
  if (command == "undo" || command == "draw") {
    if (!need_game()) return false;
    if (words.size() != 2)
      return fail("usage: " + command +
                  (command == "undo" ? " request|accept|decline" : " offer|accept|decline"));
    v1::ClientEnvelope envelope;
    const std::string& how = words[1];
    if (command == "undo" && how == "request") {
      envelope.mutable_request_undo()->set_game_id(game->game_id);
    } else if (command == "undo" && (how == "accept" || how == "decline")) {
      envelope.mutable_answer_undo()->set_game_id(game->game_id);
      envelope.mutable_answer_undo()->set_accept(how == "accept");
    } else if (command == "draw" && how == "offer") {
      envelope.mutable_offer_draw()->set_game_id(game->game_id);
    } else if (command == "draw" && (how == "accept" || how == "decline")) {
      envelope.mutable_answer_draw()->set_game_id(game->game_id);
      envelope.mutable_answer_draw()->set_accept(how == "accept");
    } else {
      return fail("usage: " + command + " ...");
    }
    if (!answer_ok(client.request(envelope), "answer")) return false;
    out_ << command << " " << how << ": done\n";
    return true;
  }
  if (command == "resign") {
    if (!need_game()) return false;
    v1::ClientEnvelope envelope;
    envelope.mutable_resign()->set_game_id(game->game_id);
    if (!answer_ok(client.request(envelope), "answer")) return false;
    out_ << "resigned\n";
    return true;
  }
  if (command == "chat" || command == "chat-side") {
    if (!need_game()) return false;
    const std::string text = rest_of(line);
    if (text.empty()) return fail("usage: " + command + " TEXT");
    v1::ClientEnvelope envelope;
    envelope.mutable_send_chat()->set_game_id(game->game_id);
    envelope.mutable_send_chat()->set_channel(command == "chat" ? v1::CHAT_CHANNEL_ALL
                                                                : v1::CHAT_CHANNEL_SIDE);
    envelope.mutable_send_chat()->set_text(text);
    return answer_ok(client.request(envelope), "Ok");
  }
  if (command == "export") {
    if (words.size() < 2 || words.size() > 3) return fail("usage: export RECORD_FILE [PROOF_FILE]");
    std::uint64_t id = game ? game->game_id : 0;
    if (!id) return fail("no game is open");
    v1::ClientEnvelope envelope;
    envelope.mutable_export_record()->set_game_id(id);
    const auto answer = client.request(envelope);
    if (!answer_ok(answer, "GameRecord")) return false;
    if (!answer->has_game_record()) return fail("unexpected answer to ExportRecord");
    const std::filesystem::path record = words[1];
    const std::filesystem::path proof =
        words.size() == 3 ? std::filesystem::path(words[2]) : std::filesystem::path(words[1] + ".proof");
    if (!write_file(record, answer->game_record().record())) return fail("cannot write " + record.string());
    if (!write_file(proof, answer->game_record().dice_proof())) return fail("cannot write " + proof.string());
    out_ << "exported game " << id << ": record " << record.string() << ", dice proof " << proof.string()
         << "\n";
    return true;
  }
  if (command == "wait") {
    if (!need_game()) return false;
    const bool done = client.pump(options_.wait_timeout, [&] {
      return client.game()->finished() || client.my_decision() || client.game()->proposal.has_value();
    });
    if (!done)
      return fail("waited " + std::to_string(options_.wait_timeout.count()) +
                  " ms: " + (client.connected() ? "nothing for us" : client.last_error()));
    out_ << (client.game()->finished() ? "the game is over"
                                       : "our decision: " + client.game()->view.pending().what())
         << "\n";
    return true;
  }
  if (command == "bot") {
    if (!need_game()) return false;
    BotOptions bot;
    bot.seed = words.size() > 1 && number_from(words[1]) ? *number_from(words[1])
               : options_.bot_seed                       ? options_.bot_seed
                                                         : std::random_device{}();
    bot.idle_timeout = options_.wait_timeout;
    std::string error;
    if (!play_bot(client, bot, bot_stats_, error)) return fail("bot: " + error);
    out_ << "bot: game over after " << bot_stats_.actions << " actions of ours";
    if (bot_stats_.refusals > 0)  // playing from the view, a refused action is chosen again
      out_ << " (" << bot_stats_.refusals << " refused and chosen again)";
    out_ << "\n" << format_state(client.game()->scenario, client.game()->view);
    return true;
  }
  return fail("unknown command '" + command + "' (help lists them)");
}

int Terminal::run(std::istream& in, bool interactive) {
  prompt_in_ = interactive ? &in : nullptr;
  std::string line;
  while (!quit_) {
    if (interactive) {
      out_ << "> " << std::flush;
      // Show what the server sends while the user types.
      while (in.rdbuf()->in_avail() <= 0) {
        pollfd input{STDIN_FILENO, POLLIN, 0};
        if (::poll(&input, 1, 200) > 0) break;
        if (client_ && client_->connected())
          client_->pump(std::chrono::milliseconds(0), [] { return false; });
      }
    }
    if (!std::getline(in, line)) break;
    if (!interactive && !line.empty() && !options_.quiet) out_ << "> " << line << "\n";
    const bool ok = run_line(line);
    if (!ok && options_.strict) {
      prompt_in_ = nullptr;
      return 1;
    }
  }
  prompt_in_ = nullptr;
  return 0;
}

}  // namespace hd::term
