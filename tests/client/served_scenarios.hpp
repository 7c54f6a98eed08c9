// The ScenarioList a server on `root` answers ListScenarios with, built the way its
// ScenarioCatalogue builds it (loader::load_scenario_offers, wire::to_proto), for client tests that
// feed the answer to the model without a server. Header-only.
#pragma once

#include <hd/loader/data_files.hpp>
#include <hd/loader/scenario_offers.hpp>
#include <hd/wire/scenario_list_convert.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <filesystem>
#include <memory>
#include <stdexcept>

namespace hd::test {

inline hundred_days::v1::ScenarioList served_scenarios(const std::filesystem::path& root) {
  const auto data = loader::load_game_data(root);
  if (!data.value) throw std::runtime_error("the game data does not load from " + root.string());
  std::vector<engine::DataError> problems;
  hundred_days::v1::ScenarioList list;
  for (const loader::ListedScenario& listed : loader::load_scenario_offers(root, *data.value, problems))
    *list.add_scenarios() = wire::to_proto(listed.slug, listed.offer);
  if (!problems.empty()) throw std::runtime_error(problems.front().to_string());
  return list;
}

// The same list as the envelope answering a ListScenarios (request id 0: the model takes it alike).
inline std::shared_ptr<const hundred_days::v1::ServerEnvelope> served_scenarios_envelope(
    const std::filesystem::path& root) {
  auto envelope = std::make_shared<hundred_days::v1::ServerEnvelope>();
  *envelope->mutable_scenario_list() = served_scenarios(root);
  return envelope;
}

}  // namespace hd::test
