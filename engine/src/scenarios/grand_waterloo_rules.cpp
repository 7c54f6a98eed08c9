// Grand Waterloo (27.0): its special rules, each a rule module.
#include "scenario_detail.hpp"

#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/state/field_walk.hpp>

#include <algorithm>
#include <array>
#include <string_view>
#include <variant>

namespace hd::engine {

// 27.4A's own state, in its slot: whether a Coalition unit has entered Maison du Roi.
struct MaisonDuRoiEntered {
  bool entered = false;
  bool operator==(const MaisonDuRoiEntered&) const = default;
};

template <>
struct Fields<MaisonDuRoiEntered> {
  static constexpr auto list = std::make_tuple(field("entered", &MaisonDuRoiEntered::entered));
};

// 27.4C's own state, in its slot: the three instants that move the Allied levels, each noted once.
struct AlliedLevelInstants {
  bool prussians_attacked_left_wing = false;  // +10
  bool waterloo_entered = false;              // -20
  bool french_exited = false;                 // -10
  bool operator==(const AlliedLevelInstants&) const = default;
};

template <>
struct Fields<AlliedLevelInstants> {
  using A = AlliedLevelInstants;
  static constexpr auto list = std::make_tuple(
      field("prussians_attacked_left_wing", &A::prussians_attacked_left_wing),
      field("waterloo_entered", &A::waterloo_entered), field("french_exited", &A::french_exited));
};

namespace modules {
namespace {

[[maybe_unused]] void every_member_is_walked(MaisonDuRoiEntered& m, AlliedLevelInstants& a) {
  HD_ALL_MEMBERS_WALKED(MaisonDuRoiEntered, m, m1);
  HD_ALL_MEMBERS_WALKED(AlliedLevelInstants, a, a1, a2, a3);
}

// 27.1A: the French wings are split by hex column 29xx; the left (Napoleon's) wing is west of it, the
// right (Grouchy's) east of it. A hex in column 29 itself is in neither (docs/rules-notes.md, 27.2C).
constexpr int kWingColumn = 29;
bool left_wing(Hex hex) {
  return hex.column < kWingColumn;
}
bool right_wing(Hex hex) {
  return hex.column > kWingColumn;
}

// 27.2C: the officers who must set up with one wing.
struct WingOfficer {
  std::string_view officer;
  bool (*wing)(Hex);
};
constexpr std::array<WingOfficer, 4> kWingOfficers{{
    {"Reille", left_wing},
    {"Mouton", left_wing},
    {"Vandamme", right_wing},
    {"Pajol", right_wing},
}};

// 27.2C: officers are placed with any unit of their own command; Reille [2] and Mouton [6] with the
// left wing, Vandamme [3] and Pajol [1c] with the right wing.
void officers_set_up_with_their_command(const GameState& state, UnitIndex index, SetupTerms& terms) {
  const UnitState& unit = state.units[index];
  bool (*wing)(Hex) = nullptr;
  for (const WingOfficer& named : kWingOfficers)
    if (unit.army == Army::French && unit.id == named.officer) wing = named.wing;
  scenario_detail::officer_with_own_command(state, index, terms, "27.2C", wing);
}

constexpr TurnName kPrussiansHalt{18, 1200};

// 27.1D: no Prussian unit or leader may move in the 18/1200 turn (entering the map included).
std::optional<Refusal> prussians_halt(const GameState& state, UnitAct act, UnitIndex index) {
  if (act != UnitAct::BeginMove || state.units[index].army != Army::Prussian ||
      state.current_turn().name != kPrussiansHalt)
    return std::nullopt;
  return refuse_by_rule("27.1D", "prussians-halt", "no Prussian unit or leader moves on 18/1200 ({0})",
                        {RefusalArg::of_unit(index)});
}

// 27.1E: Bulow is always in command (and so gives command to his [4] within 3 hexes, 11.1B).
void bulow_in_command(const GameState&, const UnitState& unit, UnitTerms& terms) {
  if (unit.army == Army::Prussian && unit.id == "Bulow") terms.always_in_command = true;
}

constexpr std::string_view kMaisonDuRoiRule = "27.4A";
constexpr Hex kMaisonDuRoi{10, 22};
constexpr std::string_view kAlliedInstantsRule = "27.4C";
constexpr std::array<Hex, 3> kWavre{Hex{42, 6}, Hex{43, 6}, Hex{43, 7}};
constexpr Hex kFrenchExit{37, 1};  // 27.1B

void open_maison_du_roi_slot(GameState& state) {
  state.rule_state.add<MaisonDuRoiEntered>(kMaisonDuRoiRule);
}

// 27.4A: notes, after each action, that a Coalition unit has entered Maison du Roi (its control is
// the Coalition's: 3.4B), for good.
void note_maison_du_roi(GameState& state, std::vector<Event>&) {
  if (scenario_detail::controls(state, kMaisonDuRoi, Side::Coalition))
    state.rule_state.get<MaisonDuRoiEntered>(kMaisonDuRoiRule).entered = true;
}

// 27.4A: the French level (the left wing's, which the scenario's line gives while 27.1A's wings are
// not built) rises by 10 while either Coalition army is demoralized, and falls by 20 once a Coalition
// unit has entered Maison du Roi (1022).
void french_left_wing_level(const GameState& state, Army army, MoraleTerms& terms) {
  if (army != Army::French) return;
  if (scenario_detail::coalition_army_demoralized(state)) terms.demoralization += 10;
  if (state.rule_state.get<MaisonDuRoiEntered>(kMaisonDuRoiRule).entered) terms.demoralization -= 20;
}

// 27.4B: both Prussian levels are 10 lower while French units occupy all three Wavre hexes.
void wavre_occupied(const GameState& state, Army army, MoraleTerms& terms) {
  if (army != Army::Prussian) return;
  const bool all = std::all_of(kWavre.begin(), kWavre.end(), [&](Hex hex) {
    const auto here = state.units_at(hex);
    return std::any_of(here.begin(), here.end(), [&](UnitIndex u) {
      return state.units[u].army == Army::French && !state.units[u].is_leader();
    });
  });
  if (!all) return;
  terms.demoralization -= 10;
  terms.disintegration -= 10;
}

void open_allied_instants_slot(GameState& state) {
  state.rule_state.add<AlliedLevelInstants>(kAlliedInstantsRule);
}

// 27.4C: notes, after each action, a Prussian attack on a unit of the French left wing (a French
// defender west of column 29), a French unit's entry into Waterloo (its control, 3.4B) and a French
// unit's exit at 3701, each for good.
void note_allied_instants(GameState& state, std::vector<Event>& events) {
  auto& noted = state.rule_state.get<AlliedLevelInstants>(kAlliedInstantsRule);
  for (Hex hex : scenario_detail::kWaterloo)
    if (scenario_detail::french_control(state, hex)) noted.waterloo_entered = true;
  for (const Event& event : events) {
    if (const auto* moved = std::get_if<UnitMovedEvent>(&event);
        moved && moved->exited && state.units[moved->unit].army == Army::French && !moved->path.empty() &&
        moved->path.back() == kFrenchExit)
      noted.french_exited = true;
    const auto* combat = std::get_if<CombatResolvedEvent>(&event);
    if (!combat) continue;
    const auto prussian = [&](UnitIndex u) { return state.units[u].army == Army::Prussian; };
    const auto left_wing_french = [&](UnitIndex u) {
      return state.units[u].army == Army::French && left_wing(state.units[u].hex);
    };
    if (std::any_of(combat->attackers.begin(), combat->attackers.end(), prussian) &&
        std::any_of(combat->defenders.begin(), combat->defenders.end(), left_wing_french))
      noted.prussians_attacked_left_wing = true;
  }
}

// 27.4C: both Allied levels: +10 from the Prussians' first attack on the French left wing, -20 from a
// French unit's entry into Waterloo, -10 from a French unit's exit at 3701.
void allied_levels(const GameState& state, Army army, MoraleTerms& terms) {
  if (army != Army::Allied) return;
  const auto& noted = state.rule_state.get<AlliedLevelInstants>(kAlliedInstantsRule);
  const int change = (noted.prussians_attacked_left_wing ? 10 : 0) + (noted.waterloo_entered ? -20 : 0) +
                     (noted.french_exited ? -10 : 0);
  terms.demoralization += change;
  terms.disintegration += change;
}

// 27.1C: Grouchy counts each cavalry corps as one half against his command capacity.
void grouchy_rule(const GameState&, const UnitState& unit, UnitTerms& terms) {
  scenario_detail::grouchy_counts_cavalry_corps_half(unit, terms);
}

// 27.2D: once the Prussian army disintegrates, all its units leave the map.
constexpr std::string_view kWithdrawalRule = "27.2D";
using PrussianWithdrawal =
    scenario_detail::ArmyWithdrawal<Army::Prussian, scenario_detail::ArmyFall::Disintegrated,
                                    kWithdrawalRule>;

}  // namespace

extern const RuleModule grand_waterloo_27_1B{
    "27.1B",
    "French units (only) may exit the map, at 3701",
    "the scenario's data: an exit line for the French at 3701 worth no VP (5.5: units leave the map only "
    "at the hexes a scenario names), none for the Coalition; 27.4C counts the exit",
    {}};
extern const RuleModule grand_waterloo_27_2D{
    "27.2D",
    "Once the Prussian army disintegrates, all its units leave the map",
    "hooks: after action (once disintegrated and no combat waits for a choice: every Prussian unit on the "
    "map or waiting is withdrawn, one event), unit refusal (a withdrawn unit's move)",
    {.after_action = PrussianWithdrawal::after_action,
     .unit_refusal = PrussianWithdrawal::unit_refusal,
     .event_words = PrussianWithdrawal::event_words}};
extern const RuleModule grand_waterloo_27_4A{
    "27.4A",
    "French level: +10 while a Coalition army is demoralized, -20 once Maison du Roi is entered",
    "hooks: after action (a Coalition unit in 1022, noted in its slot), morale (the French line, the left "
    "wing's while 27.1A's wings are not in the engine)",
    {.opening = open_maison_du_roi_slot,
     .after_action = note_maison_du_roi,
     .morale = french_left_wing_level}};
extern const RuleModule grand_waterloo_27_4B{"27.4B",
                                             "Prussian levels -10 while the French occupy all of Wavre",
                                             "hook: morale (French combat units in 4206, 4306 and 4307)",
                                             {.morale = wavre_occupied}};
extern const RuleModule grand_waterloo_27_4C{
    "27.4C",
    "Allied levels: +10 after a Prussian attack on the left wing, -20 after Waterloo is entered, -10 after "
    "a French exit",
    "hooks: after action (the three instants, noted in its slot), morale",
    {.opening = open_allied_instants_slot, .after_action = note_allied_instants, .morale = allied_levels}};
extern const RuleModule grand_waterloo_27_1C{
    "27.1C",
    "Grouchy counts each cavalry corps as one half against his command capacity",
    "hook: unit terms (as 24.1C: a French cavalry corps' officer takes one half of Grouchy's capacity; "
    "no corps morale here, so never a whole)",
    {.unit_terms = grouchy_rule}};
extern const RuleModule grand_waterloo_27_1D{"27.1D",
                                             "No Prussian movement on 18/1200",
                                             "hook: unit refusal (a move's first step or entry); "
                                             "retreats and advances after combat are not movement",
                                             {.unit_refusal = prussians_halt}};
extern const RuleModule grand_waterloo_27_1E{
    "27.1E",
    "Bulow is always in command",
    "hook: unit terms (an officer in command with no commander, taking none's capacity; he commands his "
    "organization within 3 hexes as any officer in command, 11.1B)",
    {.unit_terms = bulow_in_command}};
extern const RuleModule grand_waterloo_27_2C{
    "27.2C",
    "Officers placed with any unit of their own command, four of them with their wing",
    "hook: set-up (an officer's hexes: his organization's units, 11.1B; Reille and Mouton west of "
    "column 29, Vandamme and Pajol east of it); the Duke of Brunswick's absence is the scenario's data "
    "(leaders.tsv)",
    {.setup = officers_set_up_with_their_command}};

}  // namespace modules
}  // namespace hd::engine
