#include "games/scenario_catalogue.hpp"

#include "log.hpp"

#include <hd/loader/data_files.hpp>
#include <hd/loader/scenario_offers.hpp>
#include <hd/wire/scenario_list_convert.hpp>

#include <algorithm>

namespace hd::server {

namespace v1 = hundred_days::v1;

ScenarioCatalogue::ScenarioCatalogue(const std::filesystem::path& data_root) {
  const auto data = loader::load_game_data(data_root);
  if (!data.value) {
    log_event(
        LogLevel::Warning, "scenarios_not_loaded",
        {{"error", data.errors.empty() ? "the game data does not load" : data.errors.front().to_string()}});
    return;
  }
  std::vector<engine::DataError> problems;
  for (const loader::ListedScenario& listed : loader::load_scenario_offers(data_root, *data.value, problems))
    *list_.add_scenarios() = wire::to_proto(listed.slug, listed.offer);
  for (const engine::DataError& problem : problems)
    log_event(LogLevel::Warning, "scenario_not_served", {{"error", problem.to_string()}});
  log_event(LogLevel::Info, "scenarios_loaded", {{"count", std::to_string(list_.scenarios_size())}});
}

bool ScenarioCatalogue::serves(const std::string& slug) const {
  return std::any_of(list_.scenarios().begin(), list_.scenarios().end(),
                     [&](const v1::ListedScenario& scenario) { return scenario.slug() == slug; });
}

void ScenarioCatalogue::answer(const Caller& caller, const v1::ClientEnvelope& request,
                               Outbound& outbound) const {
  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  *answer.mutable_scenario_list() = list_;
  outbound.send(caller.connection, answer);
}

}  // namespace hd::server
