#include "games/game_service.hpp"

namespace hd::server {

namespace v1 = hundred_days::v1;

GameService::GameService(Database& db, const ServerConfig& config, Outbound& outbound)
    : db_(db), config_(config), outbound_(outbound) {}

GameService::~GameService() = default;

void GameService::handle(const Caller& caller, const v1::ClientEnvelope& request) {
  outbound_.send(caller.connection, refusal_envelope(request.request_id(), v1::REFUSAL_CODE_EMPTY_BODY,
                                                     "games are not served yet"));
}

void GameService::forget(const Caller&) {}

}  // namespace hd::server
