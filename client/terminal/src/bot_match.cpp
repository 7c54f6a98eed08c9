#include <hd/term/bot_match.hpp>

#include <atomic>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <thread>

namespace hd::term {

namespace v1 = hundred_days::v1;

namespace {

std::unique_ptr<Client> registered(const ServerAddress& server, const BotMatchOptions& options,
                                   const std::string& name) {
  ClientOptions client_options;
  client_options.client_name = "hd_term bot";
  auto client = std::make_unique<Client>(server, client_options);
  if (!client->hello()) throw std::runtime_error(name + ": no Welcome: " + client->last_error());
  if (!client->register_account(name, options.password))
    throw std::runtime_error(name + ": register: " + client->last_error());
  return client;
}

void open_or_throw(Client& client, std::uint64_t game_id) {
  if (!client.open_game(game_id, false))
    throw std::runtime_error(client.username() + ": open game " + std::to_string(game_id) + ": " +
                             client.last_error());
}

}  // namespace

BotMatch set_up_bot_match(const ServerAddress& server, const BotMatchOptions& options) {
  BotMatch match;
  match.players.push_back(registered(server, options, options.name_prefix + "f"));
  Client& french = *match.players.front();

  v1::ClientEnvelope create_envelope;
  v1::CreateGame& create = *create_envelope.mutable_create_game();
  create.set_scenario(options.scenario);
  for (const std::string& rule : options.optional_rules)
    create.add_optional_rules(rule);
  create.set_public_listing(true);
  if (options.spectators > 0) {
    create.mutable_spectators()->set_view(v1::SPECTATOR_VIEW_FRENCH);  // live: every action fans out
  } else {
    create.mutable_spectators()->set_view(v1::SPECTATOR_VIEW_DELAYED_ALL);
    create.mutable_spectators()->set_delay_player_turns(2);  // a game turn late: no secret shown
  }
  for (v1::Seat seat : {v1::SEAT_FRENCH, v1::SEAT_PRUSSIAN, v1::SEAT_ALLIED}) {
    v1::SeatSetup& setup = *create.add_seats();
    setup.set_seat(seat);
    setup.set_built_in(seat != v1::SEAT_FRENCH && options.coalition_built_in);
  }
  create.add_take_seats(v1::SEAT_FRENCH);
  create.set_entropy(random_entropy());
  const auto created = french.request(create_envelope);
  if (!created || !created->has_game_created())
    throw std::runtime_error("create game: " + french.last_error());
  match.game_id = created->game_created().game_id();

  if (!options.coalition_built_in) {
    // The Coalition seats this scenario has, from the game's summary.
    v1::ClientEnvelope list;
    list.mutable_list_games()->set_filter(v1::GAME_LIST_FILTER_MINE);
    const auto games = french.request(list);
    if (!games || !games->has_game_list()) throw std::runtime_error("list games: " + french.last_error());
    std::vector<v1::Seat> coalition_seats;
    for (const v1::GameSummary& game : games->game_list().games())
      if (game.game_id() == match.game_id)
        for (const v1::SeatHolder& holder : game.seats())
          if (holder.seat() != v1::SEAT_FRENCH && holder.human()) coalition_seats.push_back(holder.seat());
    if (coalition_seats.empty()) throw std::runtime_error("the game lists no human Coalition seat");
    match.players.push_back(registered(server, options, options.name_prefix + "c"));
    Client& coalition = *match.players.back();
    for (v1::Seat seat : coalition_seats) {
      v1::ClientEnvelope join;
      join.mutable_join_game()->set_game_id(match.game_id);
      join.mutable_join_game()->set_seat(seat);
      join.mutable_join_game()->set_entropy(random_entropy());
      const auto joined = coalition.request(join);
      if (!joined || joined->has_refusal()) throw std::runtime_error("join: " + coalition.last_error());
    }
  }
  // Everyone opens the game before anyone moves, so no bot plays against an absent opponent.
  for (auto& player : match.players)
    open_or_throw(*player, match.game_id);
  for (int k = 0; k < options.spectators; ++k) {
    match.spectators.push_back(registered(server, options, options.name_prefix + "s" + std::to_string(k)));
    Client& spectator = *match.spectators.back();
    if (!spectator.open_game(match.game_id, true))
      throw std::runtime_error(spectator.username() + ": watch game " + std::to_string(match.game_id) + ": " +
                               spectator.last_error());
  }
  return match;
}

bool play_bot_match(BotMatch& match, std::uint64_t seed, std::vector<BotStats>& stats, std::string& error,
                    const std::function<void()>& before_action) {
  stats.assign(match.players.size(), BotStats{});
  std::vector<std::string> errors(match.players.size());
  std::vector<char> ok(match.players.size(), 0);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < match.players.size(); ++i) {
    threads.emplace_back([&, i] {
      BotOptions options;
      options.seed = seed * 2 + i;
      options.before_action = before_action;
      ok[i] = play_bot(*match.players[i], options, stats[i], errors[i]);
      stats[i].rate_limited_retries = match.players[i]->rate_limited_retries();
    });
  }
  // The spectators read until they have seen the end, or for 10 s once the players are done.
  std::atomic<bool> players_done{false};
  std::vector<std::thread> watchers;
  for (auto& spectator : match.spectators) {
    watchers.emplace_back([&players_done, &client = *spectator] {
      const auto seen_end = [&client] { return client.game() && client.game()->finished(); };
      std::optional<std::chrono::steady_clock::time_point> give_up;
      while (!seen_end() && client.connected()) {
        if (!give_up && players_done.load())
          give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        if (give_up && std::chrono::steady_clock::now() >= *give_up) break;
        client.pump(std::chrono::milliseconds(200), seen_end);
      }
    });
  }
  for (auto& thread : threads)
    thread.join();
  players_done.store(true);
  for (auto& thread : watchers)
    thread.join();
  error.clear();
  for (std::size_t i = 0; i < match.players.size(); ++i)
    if (!ok[i]) error += (error.empty() ? "" : "; ") + match.players[i]->username() + ": " + errors[i];
  for (const auto& spectator : match.spectators)
    if (!spectator->game() || !spectator->game()->finished())
      error += (error.empty() ? "" : "; ") + spectator->username() + ": did not see the game end (" +
               std::to_string(spectator->updates_seen()) + " updates seen" +
               (spectator->connected() ? ")" : ", " + spectator->last_error() + ")");
  return error.empty();
}

}  // namespace hd::term
