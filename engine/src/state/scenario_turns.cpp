#include <hd/engine/state/scenario_turns.hpp>

#include <algorithm>

namespace hd::engine {

std::vector<GameTurn> scenario_turns(const Scenario& scenario, const std::vector<std::string>& chosen,
                                     const std::vector<TrackTurn>& track, bool weather_rolled) {
  TurnName first = scenario.first_turn;
  TurnName last = scenario.last_turn;
  std::vector<TurnName> rain = scenario.rain;
  for (const std::string& id : chosen) {
    const auto option = std::find_if(scenario.options.begin(), scenario.options.end(),
                                     [&](const ScenarioOption& o) { return o.id == id; });
    if (option == scenario.options.end()) continue;
    if (option->turns) {
      first = option->turns->first;
      last = option->turns->second;
    }
    rain.insert(rain.end(), option->rain.begin(), option->rain.end());
  }
  if (weather_rolled) rain.clear();  // 22.6A: the fixed rain turns of 22.5C are not used
  std::vector<GameTurn> turns;
  for (std::size_t i = 0; i < track.size(); ++i) {
    const TrackTurn& t = track[i];
    if (t.name < first || last < t.name) continue;
    const bool is_rain = std::find(rain.begin(), rain.end(), t.name) != rain.end();
    const bool after_night = i == 0 || track[i - 1].night;
    turns.push_back(GameTurn{t.name, t.night, is_rain, !t.night && after_night});
  }
  return turns;
}

}  // namespace hd::engine
