#include "net/requests.hpp"

#include <hd/wire/game_convert.hpp>
#include <hd/wire/hex_convert.hpp>

#include <algorithm>

namespace hd::client::requests {

pb::ClientEnvelope login(const std::string& username, const std::string& password) {
  pb::ClientEnvelope envelope;
  envelope.mutable_login()->set_username(username);
  envelope.mutable_login()->set_password(password);
  return envelope;
}

pb::ClientEnvelope register_account(const std::string& username, const std::string& password) {
  pb::ClientEnvelope envelope;
  envelope.mutable_register_account()->set_username(username);
  envelope.mutable_register_account()->set_password(password);
  return envelope;
}

pb::ClientEnvelope resume_session(const std::string& token) {
  pb::ClientEnvelope envelope;
  envelope.mutable_resume_session()->set_session_token(token);
  return envelope;
}

pb::ClientEnvelope list_games(pb::GameListFilter filter) {
  pb::ClientEnvelope envelope;
  envelope.mutable_list_games()->set_filter(filter);
  return envelope;
}

pb::ClientEnvelope watch_lobby(bool on) {
  pb::ClientEnvelope envelope;
  envelope.mutable_watch_lobby()->set_on(on);
  return envelope;
}

pb::ClientEnvelope list_scenarios() {
  pb::ClientEnvelope envelope;
  envelope.mutable_list_scenarios();
  return envelope;
}

pb::ClientEnvelope create_game(const NewGame& game, const std::string& entropy) {
  pb::ClientEnvelope envelope;
  auto* create = envelope.mutable_create_game();
  create->set_scenario(game.scenario);
  for (const std::string& option : game.force_options)
    create->add_force_options(option);
  for (const std::string& rule : game.optional_rules)
    create->add_optional_rules(rule);
  for (const pb::Seat each : {pb::SEAT_FRENCH, pb::SEAT_PRUSSIAN, pb::SEAT_ALLIED}) {
    auto* setup = create->add_seats();
    setup->set_seat(each);
    setup->set_built_in(std::find(game.built_in.begin(), game.built_in.end(), each) != game.built_in.end());
  }
  create->set_public_listing(game.public_listing);
  create->mutable_spectators()->set_view(game.spectators);
  if (game.spectators == pb::SPECTATOR_VIEW_DELAYED_ALL)
    create->mutable_spectators()->set_delay_player_turns(game.spectator_delay);
  create->add_take_seats(game.take_seat);
  create->set_entropy(entropy);
  if (game.deadline.hours() > 0) *create->mutable_deadline() = game.deadline;
  return envelope;
}

pb::ClientEnvelope join_game(std::uint64_t game_id, const std::string& invite_code, pb::Seat seat,
                             const std::string& entropy) {
  pb::ClientEnvelope envelope;
  auto* join = envelope.mutable_join_game();
  join->set_game_id(game_id);
  join->set_invite_code(invite_code);
  join->set_seat(seat);
  join->set_entropy(entropy);
  return envelope;
}

pb::ClientEnvelope open_game(std::uint64_t game_id, bool spectate, std::uint64_t last_seen_sequence) {
  pb::ClientEnvelope envelope;
  auto* open = envelope.mutable_open_game();
  open->set_game_id(game_id);
  open->set_spectate(spectate);
  open->set_last_seen_sequence(last_seen_sequence);
  return envelope;
}

pb::ClientEnvelope query_reachable(std::uint64_t game_id, std::uint32_t unit) {
  pb::ClientEnvelope envelope;
  envelope.mutable_query_reachable()->set_game_id(game_id);
  envelope.mutable_query_reachable()->set_unit(unit);
  return envelope;
}

pb::ClientEnvelope query_command_range(std::uint64_t game_id, std::uint32_t leader) {
  pb::ClientEnvelope envelope;
  envelope.mutable_query_command_range()->set_game_id(game_id);
  envelope.mutable_query_command_range()->set_unit(leader);
  return envelope;
}

pb::ClientEnvelope query_observed_area(std::uint64_t game_id) {
  pb::ClientEnvelope envelope;
  envelope.mutable_query_observed_area()->set_game_id(game_id);
  return envelope;
}

pb::ClientEnvelope query_combat_options(std::uint64_t game_id) {
  pb::ClientEnvelope envelope;
  envelope.mutable_query_combat_options()->set_game_id(game_id);
  return envelope;
}

pb::ClientEnvelope query_odds(std::uint64_t game_id, const pb::Attack& attack) {
  pb::ClientEnvelope envelope;
  envelope.mutable_query_odds()->set_game_id(game_id);
  *envelope.mutable_query_odds()->mutable_attack() = attack;
  return envelope;
}

pb::ClientEnvelope query_retreats(std::uint64_t game_id) {
  pb::ClientEnvelope envelope;
  envelope.mutable_query_retreats()->set_game_id(game_id);
  return envelope;
}

pb::ClientEnvelope submit(std::uint64_t game_id, const pb::GameAction& action) {
  pb::ClientEnvelope envelope;
  envelope.mutable_submit_action()->set_game_id(game_id);
  *envelope.mutable_submit_action()->mutable_action() = action;
  return envelope;
}

pb::ClientEnvelope confirm_attack(std::uint64_t game_id, std::uint64_t proposal_id, bool accept) {
  pb::ClientEnvelope envelope;
  auto* confirm = envelope.mutable_confirm_attack();
  confirm->set_game_id(game_id);
  confirm->set_proposal_id(proposal_id);
  confirm->set_accept(accept);
  return envelope;
}

pb::ClientEnvelope request_undo(std::uint64_t game_id) {
  pb::ClientEnvelope envelope;
  envelope.mutable_request_undo()->set_game_id(game_id);
  return envelope;
}

pb::ClientEnvelope query_replay(std::uint64_t game_id, std::uint64_t action_index) {
  pb::ClientEnvelope envelope;
  auto* query = envelope.mutable_query_replay();
  query->set_game_id(game_id);
  query->set_action_index(action_index);
  return envelope;
}

pb::ClientEnvelope send_chat(std::uint64_t game_id, pb::ChatChannel channel, const std::string& text) {
  pb::ClientEnvelope envelope;
  auto* chat = envelope.mutable_send_chat();
  chat->set_game_id(game_id);
  chat->set_channel(channel);
  chat->set_text(text);
  return envelope;
}

pb::GameAction move_action(std::uint32_t unit, const std::vector<engine::Hex>& path, bool exit_map) {
  pb::GameAction action;
  auto* move = action.mutable_move();
  move->set_unit(unit);
  for (const engine::Hex hex : path)
    *move->add_path() = wire::to_proto(hex);
  move->set_exit_map(exit_map);
  return action;
}

pb::GameAction end_phase_action() {
  pb::GameAction action;
  action.mutable_end_phase();
  return action;
}

pb::GameAction retreat_action(std::uint32_t unit, engine::Hex to) {
  pb::GameAction action;
  action.mutable_retreat()->set_unit(unit);
  *action.mutable_retreat()->mutable_to() = wire::to_proto(to);
  return action;
}

pb::GameAction advance_action(std::uint32_t unit, engine::Hex into) {
  pb::GameAction action;
  action.mutable_advance()->set_unit(unit);
  *action.mutable_advance()->mutable_into() = wire::to_proto(into);
  return action;
}

pb::GameAction decline_advance_action() {
  pb::GameAction action;
  action.mutable_advance()->set_none(true);
  return action;
}

pb::GameAction move_marker_action(pb::Army army, std::uint32_t pair, bool b,
                                  const std::vector<engine::Hex>& path) {
  pb::GameAction action;
  pb::RuleAction& rule = *action.mutable_rule();
  rule.set_rule("16.6");
  rule.set_verb("move-marker");
  // The wire passes numbers to the engine as they are (proto/wire/src/game_convert.cpp): the engine's
  // Army order. An army the wire does not name goes as -1, which the engine refuses (16.6B).
  const auto engine_army = wire::from_proto(army);
  rule.add_numbers(engine_army ? static_cast<int>(*engine_army) : -1);
  rule.add_numbers(static_cast<int>(pair));
  rule.set_choice(b ? "B" : "A");
  for (const engine::Hex hex : path)
    *rule.add_hexes() = wire::to_proto(hex);
  return action;
}

}  // namespace hd::client::requests
