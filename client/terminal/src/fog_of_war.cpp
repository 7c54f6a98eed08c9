#include <hd/term/fog_of_war.hpp>

#include <algorithm>

namespace hd::term {

namespace v1 = hundred_days::v1;

bool fog_of_war(const v1::ScenarioInfo& scenario) {
  const auto names = [](const auto& rules) {
    return std::find(rules.begin(), rules.end(), "16.3") != rules.end();
  };
  return names(scenario.optional_rules()) || names(scenario.missing_rules());
}

}  // namespace hd::term
