#include "games/lobby.hpp"

#include "accounts/password_hashing.hpp"
#include "games/dice.hpp"
#include "games/seat_policy.hpp"
#include "games/secret_choices.hpp"
#include "games/spectator_secrecy.hpp"
#include "games/spectator_view.hpp"
#include "games/turn_deadline_check.hpp"
#include "games/your_turn.hpp"
#include "log.hpp"

#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/engine/state/rules_version.hpp>
#include <hd/loader/data_files.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <optional>

namespace hd::server {

namespace v1 = hundred_days::v1;

namespace {

constexpr std::size_t kMinEntropyBytes = 16;
constexpr std::size_t kMaxEntropyBytes = 64;
constexpr std::uint32_t kMaxSpectatorDelay = 100;

bool entropy_ok(const std::string& entropy) {
  return entropy.size() >= kMinEntropyBytes && entropy.size() <= kMaxEntropyBytes;
}

// Issue 29, finding 3: a list's page size (ListGames.page_size 0: the default).
constexpr std::uint32_t kDefaultPageSize = 50;
constexpr std::uint32_t kMaxPageSize = 100;

// A page token is the decimal id of the previous page's last game; nullopt if `token` is not one.
std::optional<std::int64_t> parse_page_token(const std::string& token) {
  if (token.empty() || token.size() > 18) return std::nullopt;
  std::int64_t id = 0;
  for (char c : token) {
    if (c < '0' || c > '9') return std::nullopt;
    id = id * 10 + (c - '0');
  }
  return id > 0 ? std::optional<std::int64_t>(id) : std::nullopt;
}

// What GameViews::summary shows, from the stored rows of a game that is not in memory (issue 29,
// finding 3): nobody is connected but the built-in players, no seat is pending, and a `delayed`
// lister (a spectator behind the game) is shown no turn. No secret: the rows hold the public
// missing rules only, and a summary carries no force option. `deadline`: the game's, if any (issue 16).
v1::GameSummary stored_summary(const GameStore::ListedGame& game, bool delayed,
                               const DeadlineState* deadline) {
  const GameRow& row = game.row;
  v1::GameSummary out;
  out.set_game_id(static_cast<std::uint64_t>(row.id));
  out.set_scenario(row.scenario);
  out.set_title(row.title);
  out.set_status(row.status);
  for (const SeatRow& seat : game.seats) {
    v1::SeatHolder& holder = *out.add_seats();
    holder.set_seat(seat.seat);
    holder.set_human(!seat.built_in);
    holder.set_username(seat.username);
    holder.set_connected(seat.built_in);
  }
  if (!delayed) out.set_turn_label(row.turn_label);
  out.mutable_spectators()->set_view(row.spectator_view);
  out.mutable_spectators()->set_delay_player_turns(static_cast<std::uint32_t>(row.spectator_delay));
  out.set_created_unix_seconds(static_cast<std::uint64_t>(row.created_unix));
  out.set_result(row.result.words);
  out.set_end(row.result.end);
  out.set_winner(row.result.winner);
  out.set_public_listing(row.public_listing);
  for (const std::string& rule : row.public_missing_rules)
    out.add_missing_rules(rule);
  if (deadline) GameViews::add_deadline(*deadline, game.seats, row.status, !delayed, out);
  return out;
}

// "72 hours", "90 seconds": the open-game expiry in words, for a closed game's result.
std::string expiry_in_words(std::chrono::seconds expiry) {
  const auto n = expiry.count();
  if (n % 3600 == 0) return std::to_string(n / 3600) + (n == 3600 ? " hour" : " hours");
  return std::to_string(n) + (n == 1 ? " second" : " seconds");
}

// Issue 29, finding 7: CreateGame's `seats` and `take_seats` name each known seat at most once
// (an entry for a seat the scenario lacks is allowed, as clients name all three). Returns why not.
std::optional<std::string> seat_lists_problem(const v1::CreateGame& create) {
  constexpr int kSeats = 3;  // SEAT_FRENCH, SEAT_PRUSSIAN, SEAT_ALLIED
  const auto known = [](int seat) { return seat != v1::SEAT_UNSPECIFIED && v1::Seat_IsValid(seat); };
  if (create.seats_size() > kSeats) return "seats: more entries than there are seats";
  if (create.take_seats_size() > kSeats) return "take_seats: more entries than there are seats";
  for (int i = 0; i < create.seats_size(); ++i) {
    const v1::SeatSetup& setup = create.seats(i);
    if (!known(setup.seat())) return std::string("seats: an unknown seat");
    for (int j = 0; j < i; ++j) {
      if (create.seats(j).seat() != setup.seat()) continue;
      return "seats: " + seat_name(setup.seat()) +
             (create.seats(j).built_in() != setup.built_in() ? " has conflicting entries" : " named twice");
    }
  }
  for (int i = 0; i < create.take_seats_size(); ++i) {
    const int seat = create.take_seats(i);
    if (!known(seat)) return std::string("take_seats: an unknown seat");
    for (int j = 0; j < i; ++j)
      if (create.take_seats(j) == seat)
        return "take_seats: " + seat_name(static_cast<v1::Seat>(seat)) + " named twice";
  }
  return std::nullopt;
}

// A loader error as a refusal may show it: its message without the file (a path on the server),
// any mention of the data root removed, and at most 256 characters (it may echo the request).
std::string public_load_error(const engine::DataError& error, const std::filesystem::path& data_root) {
  std::string text = error.message;
  const std::string root = data_root.string();
  if (!root.empty())
    for (auto at = text.find(root); at != std::string::npos; at = text.find(root, at))
      text.erase(at, root.size());
  if (text.size() > 256) text = text.substr(0, 256) + "...";
  return text.empty() ? "the scenario does not load" : text;
}

}  // namespace

GameLobby::GameLobby(Database& db, const ServerConfig& config, const ScenarioCatalogue& scenarios,
                     GameStore& store, GameRooms& rooms, GameViews& views, Outbound& outbound,
                     std::function<void(GameRoom&)> started)
    : db_(db),
      config_(config),
      scenarios_(scenarios),
      store_(store),
      rooms_(rooms),
      views_(views),
      outbound_(outbound),
      started_(std::move(started)) {}

void GameLobby::start_if_ready(GameRoom& room) {
  // The RUNNING status was written with the seat that completed the game (issue 12: one
  // transaction), by create_game or join_game.
  if (room.row.status != v1::GAME_STATUS_OPEN || !room.every_human_seat_taken()) return;
  room.row.status = v1::GAME_STATUS_RUNNING;
  log_event(LogLevel::Info, "game_started", {{"game", std::to_string(room.row.id)}});
  rooms_.report_games();
  views_.broadcast_summary(room);
}

void GameLobby::create_game(const Caller& caller, const Envelope& request) {
  const v1::CreateGame& create = request.create_game();
  // Exactly the scenarios ListScenarios lists (read at start-up).
  if (!scenarios_.serves(create.scenario()))
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST,
                        "unknown scenario '" + create.scenario().substr(0, 64) +
                            (create.scenario().size() > 64 ? "...'" : "'"));
  if (!entropy_ok(create.entropy()))
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST,
                        "entropy must be 16 to 64 bytes");
  const v1::SpectatorView policy = create.spectators().view();
  if (!v1::SpectatorView_IsValid(policy) || create.spectators().delay_player_turns() > kMaxSpectatorDelay)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST,
                        "spectator policy: a known view and a delay of at most 100 player turns");
  if (const auto why = seat_lists_problem(create))
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST, *why);
  if (const auto why = turn_deadline_problem(create.deadline()))
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST, *why);
  // Issue 29, finding 4: an account creates at most max-games-created-per-day games in 24 hours.
  const auto now = static_cast<std::int64_t>(std::time(nullptr));
  if (config_.max_games_created_per_day > 0 &&
      store_.games_created_since(*caller.account, now - 86400) >= config_.max_games_created_per_day)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_LIMIT_REACHED,
                        "at most " + std::to_string(config_.max_games_created_per_day) +
                            " games may be created per account in 24 hours; try again later");

  GameRow game;
  game.rules_version = engine::kRulesVersion;
  game.scenario = create.scenario();
  game.force_options.assign(create.force_options().begin(), create.force_options().end());
  for (const std::string& rule : create.optional_rules()) {
    if (std::find(game.optional_rules.begin(), game.optional_rules.end(), rule) != game.optional_rules.end())
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST,
                          "optional rule " + rule + " twice");
    game.optional_rules.push_back(rule);
  }
  auto started = loader::start_scenario_game(config_.data_root, choice_of(game, config_.allow_missing_rules));
  if (!started.value) {
    // Issue 29, finding 7: the refusal names no file of the server.
    const std::string why = started.errors.empty()
                                ? "the scenario does not load"
                                : public_load_error(started.errors.front(), config_.data_root);
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST, why);
  }
  const engine::GameState& initial = *started.value;
  game.missing_rules = initial.rules->missing_rules;  // development servers only: not by the book

  // One seat per army in play; the request's SeatSetup says human (default) or built-in.
  std::vector<SeatRow> seats;
  for (engine::Army army : armies_in_play(initial)) {
    SeatRow seat;
    seat.seat = seat_of_army(army);
    for (const v1::SeatSetup& setup : create.seats())
      if (setup.seat() == seat.seat) seat.built_in = setup.built_in();
    if (seat.built_in) seat.entropy = new_dice_seed();  // the server's own entropy for its player
    seats.push_back(std::move(seat));
  }
  // Decision (docs/games.md): the two Coalition seats are both human or both built-in, so that the
  // built-in player always plays a whole side.
  std::optional<bool> coalition_built_in;
  for (const SeatRow& seat : seats) {
    if (side_of_seat(seat.seat) != engine::Side::Coalition) continue;
    if (coalition_built_in && *coalition_built_in != seat.built_in)
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST,
                          "the Prussian and Allied seats must both be human or both built-in");
    coalition_built_in = seat.built_in;
  }
  for (int taken : create.take_seats()) {
    const auto seat = static_cast<v1::Seat>(taken);
    auto it = std::find_if(seats.begin(), seats.end(), [&](const SeatRow& s) { return s.seat == seat; });
    if (it == seats.end() || it->built_in)
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST,
                          "take_seats: " + seat_name(seat) + " is not a human seat of this game");
    it->account = *caller.account;
    it->username = caller.username;
    it->entropy = create.entropy();
  }

  // 18.5C (docs/games.md): a secret force option is its side's own choice, so only a creator who
  // takes a human seat of that side may choose it; anyone else would know what the French hide.
  for (const engine::ScenarioOption& option : initial.rules->scenario.options) {
    if (!option.secret || !initial.rules->option_chosen(option.id)) continue;
    const bool takes_side = std::any_of(seats.begin(), seats.end(), [&](const SeatRow& seat) {
      return seat.account == *caller.account && side_of_seat(seat.seat) == option.secret->side;
    });
    if (!takes_side)
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                          option.id + " is the " +
                              (option.secret->side == engine::Side::French ? "French" : "Coalition") +
                              " player's secret choice: take a seat of that side to choose it");
  }

  // Issue 29, finding 1: no spectator policy that would show a secret choice (spectator_secrecy.hpp).
  if (const auto why = secret_exposing_policy(initial, policy, create.spectators().delay_player_turns()))
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED, *why);

  // Issue 12: a game with no human seat plays itself; an account keeps few of them going at once.
  const bool unattended =
      std::none_of(seats.begin(), seats.end(), [](const SeatRow& s) { return !s.built_in; });
  if (unattended && rooms_.unattended_games_of(*caller.account) >= config_.max_unattended_games_per_account)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_LIMIT_REACHED,
                        "at most " + std::to_string(config_.max_unattended_games_per_account) +
                            " game(s) with no human seat may run at once per account; wait for yours to end");

  // Created and started in one transaction when every human seat is taken at once (issue 12).
  const bool complete =
      std::all_of(seats.begin(), seats.end(), [](const SeatRow& s) { return s.built_in || s.account; });
  // Issue 29, finding 4: each open game is kept in memory, reloaded at start and listed; an account
  // has at most max-open-games-per-account of them waiting for players.
  if (!complete && rooms_.open_games_of(*caller.account) >= config_.max_open_games_per_account)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_LIMIT_REACHED,
                        "at most " + std::to_string(config_.max_open_games_per_account) +
                            " open games per account; wait until one of yours has its players");

  game.title = initial.rules->scenario.name;
  game.status = complete ? v1::GAME_STATUS_RUNNING : v1::GAME_STATUS_OPEN;
  game.public_listing = create.public_listing();
  game.invite_code = to_hex(random_bytes(8));
  game.spectator_view = policy;
  game.spectator_delay = policy == v1::SPECTATOR_VIEW_DELAYED_ALL
                             ? static_cast<int>(create.spectators().delay_player_turns())
                             : 0;
  // Development servers may fix the seed (dev-dice-seed, tests only): then every game's dice are known.
  game.dice_seed = config_.dev_dice_seed.empty() ? new_dice_seed() : config_.dev_dice_seed;
  game.seed_commitment = dice_commitment(game.dice_seed);
  game.creator = *caller.account;
  game.created_unix = now;
  game.turn_label = initial.current_turn().name.to_string();  // for the lists (issue 29, finding 3)
  game.public_missing_rules = engine::public_missing_rules(*initial.rules);
  // 18.5C (docs/commitments.md): the secret choices, stored with the game; only their commitments
  // are published, to everyone alike, until the rules reveal them.
  game.secrets = make_secret_choices(initial, seats);
  if (create.deadline().hours() > 0) game.deadline = create.deadline();
  game.id = store_.insert_game(game, seats);
  commit_secret_choices(game.id, game.secrets);

  game.status = v1::GAME_STATUS_OPEN;  // the room starts below, as a joined game does
  auto room = std::make_unique<GameRoom>(game, seats, std::move(*started.value), std::vector<LoggedAction>{});
  if (game.deadline.hours() > 0) {
    DeadlineState deadline;
    deadline.row.game_id = game.id;
    deadline.row.hours = game.deadline.hours();
    deadline.row.vacation_days = game.deadline.vacation_days();
    deadline.row.policy = game.deadline.policy();
    deadline.hour_seconds = config_.deadline_hour_seconds;
    room->deadline = std::move(deadline);
  }
  GameRoom& live = rooms_.add(std::move(room));
  log_event(LogLevel::Info, "game_created",
            {{"game", std::to_string(game.id)}, {"scenario", game.scenario}, {"account", caller.username}});
  rooms_.report_games();

  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  v1::GameCreated& created = *answer.mutable_game_created();
  created.set_game_id(static_cast<std::uint64_t>(game.id));
  created.set_invite_code(game.invite_code);
  created.set_seed_commitment(game.seed_commitment);
  outbound_.send(caller.connection, answer);
  start_if_ready(live);
  views_.listed(live);  // issue 16: lobby watchers hear of the new game
  started_(live);
}

void GameLobby::list_games(const Caller& caller, const Envelope& request) {
  const v1::ListGames& list_request = request.list_games();
  const v1::GameListFilter filter = list_request.filter();
  if (filter != v1::GAME_LIST_FILTER_OPEN && filter != v1::GAME_LIST_FILTER_MINE &&
      filter != v1::GAME_LIST_FILTER_SPECTATABLE)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST,
                        "filter: OPEN, MINE or SPECTATABLE");
  if (list_request.page_size() > kMaxPageSize)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST,
                        "page_size: at most " + std::to_string(kMaxPageSize) +
                            " (0: " + std::to_string(kDefaultPageSize) + ")");
  std::int64_t before = INT64_MAX;
  if (!list_request.page_token().empty()) {
    const auto token = parse_page_token(list_request.page_token());
    if (!token)
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST,
                          "page_token: not one this server gave (pass a GameList's next_page_token)");
    before = *token;
  }
  const std::size_t page_size = list_request.page_size() == 0 ? kDefaultPageSize : list_request.page_size();
  // One more than the page: whether there is a next page.
  auto page = store_.list_page(filter, *caller.account, before, page_size + 1);
  const bool more = page.size() > page_size;
  if (more) page.resize(page_size);

  std::vector<std::int64_t> ids;
  for (const GameStore::ListedGame& game : page)
    if (!rooms_.loaded(static_cast<std::uint64_t>(game.row.id))) ids.push_back(game.row.id);
  const auto deadlines = DeadlineStore(db_).load_states(ids, config_.deadline_hour_seconds);

  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  v1::GameList& list = *answer.mutable_game_list();
  for (const GameStore::ListedGame& game : page) {
    const bool seated = std::any_of(game.seats.begin(), game.seats.end(),
                                    [&](const SeatRow& seat) { return seat.account == *caller.account; });
    // Anyone may spectate: a delayed game is listed as its delayed spectators see it.
    const int delay = filter == v1::GAME_LIST_FILTER_MINE || seated ? 0 : game.row.spectator_delay;
    if (const GameRoom* room = rooms_.loaded(static_cast<std::uint64_t>(game.row.id))) {
      if (filter == v1::GAME_LIST_FILTER_OPEN && room->every_human_seat_taken()) continue;
      Subscriber lister;
      lister.delay_player_turns = delay;
      v1::GameSummary& summary = *list.add_games() =
          views_.summary(*room, filter == v1::GAME_LIST_FILTER_MINE ? nullptr : &lister);
      summary.set_your_turn(your_turn(*room, *caller.account));
    } else {
      const auto deadline = deadlines.find(game.row.id);
      *list.add_games() = stored_summary(game, delay > 0 && game.row.status != v1::GAME_STATUS_FINISHED,
                                         deadline == deadlines.end() ? nullptr : &deadline->second);
    }
  }
  if (more) list.set_next_page_token(std::to_string(page.back().row.id));
  outbound_.send(caller.connection, answer);
}

void GameLobby::join_game(const Caller& caller, const Envelope& request) {
  const v1::JoinGame& join = request.join_game();
  GameRoom* room = nullptr;
  if (!join.invite_code().empty()) {
    for (const auto& [id, candidate] : rooms_.all())
      if (candidate->row.invite_code == join.invite_code()) room = candidate.get();
  } else {
    room = rooms_.find(join.game_id(), *caller.account);
    if (room && !room->row.public_listing) room = nullptr;  // private games only by invite code
  }
  if (!room)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_FOUND,
                        "no such game (or invite code)");
  if (room->row.status != v1::GAME_STATUS_OPEN)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_GAME_NOT_RUNNING,
                        "the game has already started");
  SeatRow* seat = room->seat(join.seat());
  if (!is_valid_seat(join.seat()) || !seat || seat->built_in)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST,
                        "seat: a human seat of this game's armies");
  if (seat->account && *seat->account != *caller.account)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_SEAT_TAKEN,
                        "the seat is held by another account");
  if (!entropy_ok(join.entropy()))
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST,
                        "entropy must be 16 to 64 bytes");
  SeatRow updated = *seat;
  updated.account = *caller.account;
  updated.username = caller.username;
  updated.entropy = join.entropy();
  const SeatRow before = *seat;
  *seat = updated;
  // The seat and, if it was the last, the RUNNING status in one transaction (issue 12).
  const bool starts = room->row.status == v1::GAME_STATUS_OPEN && room->every_human_seat_taken();
  try {
    in_transaction(db_, [&] {
      store_.update_seat(room->row.id, updated);
      if (starts) store_.set_status(room->row.id, v1::GAME_STATUS_RUNNING);
    });
  } catch (...) {
    *seat = before;
    throw;
  }
  log_event(LogLevel::Info, "seat_taken",
            {{"game", std::to_string(room->row.id)},
             {"seat", seat_name(seat->seat)},
             {"account", caller.username}});
  start_if_ready(*room);
  // The joiner learns the game (and its id, when it joined by invite code) from the summary.
  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  *answer.mutable_game_changed() = views_.summary(*room);
  outbound_.send(caller.connection, answer);
  views_.broadcast_summary(*room);
  started_(*room);
}

void GameLobby::leave_game(const Caller& caller, const Envelope& request) {
  const v1::LeaveGame& leave = request.leave_game();
  GameRoom* room = rooms_.find(leave.game_id(), *caller.account);
  if (!room) return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_FOUND, "no such game");
  SeatRow* seat = room->seat(leave.seat());
  if (!seat || seat->account != *caller.account)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_YOUR_SEAT,
                        "you do not hold that seat");
  if (room->row.status != v1::GAME_STATUS_OPEN)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                        "a seat can be left only before the game starts (resign instead)");
  // 18.5C (docs/games.md): the secret choice stays with the player who made it, so its seat is
  // never handed to another account.
  const engine::Ruleset& rules = *room->state().rules;
  for (const engine::ScenarioOption& option : rules.scenario.options) {
    if (option.secret && rules.option_chosen(option.id) && side_of_seat(seat->seat) == option.secret->side)
      return send_refusal(
          outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
          option.id + " is this seat's secret choice: the seat cannot be left to another player");
  }
  SeatRow updated = *seat;
  updated.account.reset();
  updated.username.clear();
  updated.entropy.clear();
  store_.update_seat(room->row.id, updated);
  *seat = updated;
  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  answer.mutable_ok();
  outbound_.send(caller.connection, answer);
  views_.broadcast_summary(*room);
}

bool GameLobby::close_before_start(std::int64_t game_id, const GameOutcome& result) {
  if (!store_.close_before_start(game_id, result)) return false;
  if (GameRoom* room = rooms_.loaded(static_cast<std::uint64_t>(game_id))) {
    room->row.status = v1::GAME_STATUS_FINISHED;
    room->row.result = result;
    room->row.closed_before_start = true;  // its secret choices stay secret (secret_choices.cpp)
    views_.broadcast_summary(*room);
  }
  log_event(LogLevel::Info, "game_closed", {{"game", std::to_string(game_id)}, {"result", result.words}});
  return true;
}

void GameLobby::withdraw_game(const Caller& caller, const Envelope& request) {
  GameRoom* room = rooms_.find(request.withdraw_game().game_id(), *caller.account);
  // A private game is named only to those in it: anyone else is told it does not exist.
  if (!room || (!room->row.public_listing && room->row.creator != *caller.account &&
                room->seats_of(*caller.account).empty()))
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_FOUND, "no such game");
  if (room->row.creator != *caller.account)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                        "only the game's creator may withdraw it");
  if (room->row.status != v1::GAME_STATUS_OPEN)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                        "only an open game can be withdrawn (resign a started one)");
  close_before_start(room->row.id,
                     {v1::GAME_END_WITHDRAWN, v1::SIDE_UNSPECIFIED, "withdrawn by its creator"});
  rooms_.report_games();
  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  answer.mutable_ok();
  outbound_.send(caller.connection, answer);
}

std::size_t GameLobby::expire_open_games(std::int64_t now_unix, std::size_t limit) {
  const auto expiry = config_.open_game_expiry;
  if (expiry.count() == 0) return 0;
  const auto due = store_.open_games_created_before(now_unix - expiry.count(), limit);
  const GameOutcome result{v1::GAME_END_EXPIRED, v1::SIDE_UNSPECIFIED,
                           "expired: not started within " + expiry_in_words(expiry)};
  for (std::int64_t id : due)
    close_before_start(id, result);
  if (!due.empty()) rooms_.report_games();
  return due.size();
}

}  // namespace hd::server
