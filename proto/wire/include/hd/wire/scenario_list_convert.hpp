// A scenario's offer (engine::scenario_offer) on the wire: one ListedScenario of the server's
// ScenarioList (ListScenarios). The server converts, the clients read the message.
#pragma once

#include <hd/engine/rules/modules/scenario_offer.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <string>

namespace hd::wire {

// The seat that commands `army`'s units.
hundred_days::v1::Seat seat_of_army(engine::Army army);

// The listing of the scenario in folder `slug`: its armies as seats, a secret option's side as a Side.
hundred_days::v1::ListedScenario to_proto(const std::string& slug, const engine::ScenarioOffer& offer);

}  // namespace hd::wire
