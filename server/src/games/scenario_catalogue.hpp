// The scenarios this server makes games of (docs/protocol.md, "Games"): read once at start-up from
// the data root, the same folders CreateGame takes, with what a new game of each may be made of
// (loader::load_scenario_offers, engine::scenario_offer). ListScenarios is answered from memory;
// nothing is read from disk per request. Nothing in it is secret.
#pragma once

#include "app/caller.hpp"
#include "app/outbound.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <filesystem>
#include <string>

namespace hd::server {

class ScenarioCatalogue {
 public:
  // Reads the game data and every scenario folder under `data_root`; a folder (or the whole root)
  // that does not load is logged as a warning and not served.
  explicit ScenarioCatalogue(const std::filesystem::path& data_root);

  // True if `slug` names a scenario of the list (CreateGame's known scenarios).
  bool serves(const std::string& slug) const;
  const hundred_days::v1::ScenarioList& list() const { return list_; }

  // ListScenarios: the list, answered under the request's id.
  void answer(const Caller& caller, const hundred_days::v1::ClientEnvelope& request,
              Outbound& outbound) const;

 private:
  hundred_days::v1::ScenarioList list_;
};

}  // namespace hd::server
