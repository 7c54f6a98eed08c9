// 16.1C Additional leaders: the rule module. Of its ten counters: the army chiefs of staff (Soult-CoS,
// Gneisenau) act as part of the army HQ, which 16.14 carries out (16.14D; the data check refuses a chief
// of staff where 16.14 is not played); Hill enters or sets up where a scenario's lines put him; the
// seconds-in-command are this module's: once Blucher or Wellington is killed while Bulow or Uxbridge is
// still in play, the officer's counter is replaced by his commander counter ("Bulow (cdr)",
// "Uxbridge (cdr)"), and his corps has no officer from then on. The sick Napoleon (a rolled movement and
// capacity) and the Prussian corps chiefs of staff (two officers for one corps) are not built: the data
// check refuses a scenario naming them (docs/rules-notes.md, 16.1C).
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>

#include <array>

namespace hd::engine {
namespace {

// One army's succession: when `commander` is killed, `officer`'s counter becomes `successor`'s.
struct Succession {
  Army army;
  std::string_view commander;
  std::string_view officer;
  std::string_view successor;
};

constexpr std::array<Succession, 2> kSuccessions{{
    {Army::Prussian, "Blucher", "Bulow", "Bulow (cdr)"},
    {Army::Allied, "Wellington", "Uxbridge", "Uxbridge (cdr)"},
}};

// "Still in play": on the map or yet to enter, neither killed nor off the map for good.
bool in_play(const UnitState& unit) {
  return unit.status == UnitStatus::OnMap || unit.status == UnitStatus::Waiting;
}

// After every action: a killed army commander's second-in-command takes his place. The officer's piece
// keeps its place and history and becomes the commander counter (its id and command designation
// change: an army commander with no organization of his own, 11.1A).
void succeed(GameState& state, std::vector<Event>& events) {
  for (const Succession& s : kSuccessions) {
    const auto commander = leader_piece(state, s.army, s.commander);
    const auto officer = leader_piece(state, s.army, s.officer);
    if (!commander || !officer || state.units[*commander].status != UnitStatus::Eliminated ||
        !in_play(state.units[*officer]) || !state.rules->oob.find_leader(s.army, s.successor))
      continue;
    UnitState& replaced = state.units[*officer];
    replaced.id = std::string(s.successor);
    replaced.command.clear();
    events.push_back(RuleEvent{"16.1C", "succession", {*officer, *commander}, {}, {}});
  }
}

std::string event_words(const GameState& state, const RuleEvent& event) {
  const auto name = [&](std::size_t i) {
    return i < event.units.size() && event.units[i] < state.units.size() ? unit_name(state, event.units[i])
                                                                         : std::string("a leader");
  };
  if (event.kind == "succession")
    return name(1) + " is dead: " + name(0) + " takes command of the army; his corps has no officer (16.1C)";
  return "16.1C " + event.kind;
}

}  // namespace

namespace modules {
extern const RuleModule additional_leaders_16_1C{
    "16.1C",
    "Additional leaders: the army chiefs of staff (with 16.14), Hill, the seconds-in-command",
    "rules/variant/additional_leaders_16_1C: hook after action (a killed Blucher's or Wellington's "
    "second-in-command becomes the army commander); the chiefs of staff through 16.14D (rules/variant/"
    "army_headquarters_16_14); the data check refuses the sick Napoleon and the Prussian corps chiefs of "
    "staff (not built) and a chief of staff without 16.14",
    {.after_action = succeed, .event_words = event_words}};
}  // namespace modules

}  // namespace hd::engine
