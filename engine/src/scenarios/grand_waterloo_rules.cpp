// Grand Waterloo (27.0): its special rules, each a rule module.
#include "scenario_detail.hpp"

#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/morale/army_morale.hpp>
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

// 27.1A's own state, in its slot: the wings, the right wing's morale until they combine, and what
// the last French command segment found of Grouchy's command.
struct FrenchWings {
  std::vector<UnitIndex> right_wing;  // ascending: the French units and leaders of the right wing
  int right_wing_losses = 0;          // strength lost by the right wing before combination
  bool right_wing_demoralized = false;
  bool combined = false;
  // The last French daylight command segment (11.0): Grouchy was within Napoleon's command range,
  // and the units Grouchy gave command to, himself or through the officers he commanded (ascending).
  bool grouchy_within_napoleons_range = false;
  std::vector<UnitIndex> commanded_by_grouchy;
  bool operator==(const FrenchWings&) const = default;
};

template <>
struct Fields<FrenchWings> {
  using W = FrenchWings;
  static constexpr auto list = std::make_tuple(
      field("right_wing", &W::right_wing), field("right_wing_losses", &W::right_wing_losses),
      field("right_wing_demoralized", &W::right_wing_demoralized), field("combined", &W::combined),
      field("grouchy_within_napoleons_range", &W::grouchy_within_napoleons_range),
      field("commanded_by_grouchy", &W::commanded_by_grouchy));
};

namespace modules {
namespace {

[[maybe_unused]] void every_member_is_walked(MaisonDuRoiEntered& m, AlliedLevelInstants& a, FrenchWings& w) {
  HD_ALL_MEMBERS_WALKED(MaisonDuRoiEntered, m, m1);
  HD_ALL_MEMBERS_WALKED(AlliedLevelInstants, a, a1, a2, a3);
  HD_ALL_MEMBERS_WALKED(FrenchWings, w, w1, w2, w3, w4, w5, w6);
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

constexpr std::string_view kWingsRule = "27.1A";
constexpr int kRightWingLevel = 30;  // 27.3
// 27.3: the combined army's level, 90, over the left wing's 60 in the scenario's French morale line.
constexpr int kCombinedOverLeftWing = 30;

bool contains(const std::vector<UnitIndex>& sorted, UnitIndex u) {
  return std::binary_search(sorted.begin(), sorted.end(), u);
}

// 27.1A: true if the French unit or leader is of the right wing. With 27.1A's slot, the wing it was
// given as play began; without it (27.4C alone), where it stands now.
bool of_right_wing(const GameState& state, UnitIndex u) {
  if (const auto* wings = state.rule_state.find<FrenchWings>(kWingsRule))
    return contains(wings->right_wing, u);
  return !left_wing(state.units[u].hex);
}

// 27.1A: the wings as play begins: a piece on the map is of the wing it stands in (west of column 29
// the left, the rest the right: no French piece sets up in column 29; docs/rules-notes.md, 27.1A),
// a piece still to enter of the wing of its first entry hex.
void assign_wings(GameState& state) {
  auto& wings = state.rule_state.get<FrenchWings>(kWingsRule);
  wings.right_wing.clear();
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (unit.army != Army::French) continue;
    const Hex at = unit.on_map() ? unit.hex : unit.entry_hexes.empty() ? unit.hex : unit.entry_hexes.front();
    if (!left_wing(at)) wings.right_wing.push_back(static_cast<UnitIndex>(i));
  }
}

std::optional<UnitIndex> french_leader(const GameState& state, std::string_view id) {
  const auto found = find_unit(state, Army::French, id);
  if (found && state.units[*found].on_map()) return found;
  return std::nullopt;
}

// 27.1A: at each French daylight command segment (after 11.0's, which it repeats), notes whether
// Grouchy is within Napoleon's command range (five hexes traced, 11.2, at Napoleon's measure: 24.1A)
// and which units receive command from Grouchy, directly or through the officers he commands.
// Kept through that player turn (only a French attack in it can combine the wings); cleared as the
// Coalition's begins and at night (4.2: no command).
void note_grouchys_command(GameState& state) {
  auto& wings = state.rule_state.get<FrenchWings>(kWingsRule);
  if (state.phase != Phase::Movement) return;  // a player turn begins with its movement phase
  wings.grouchy_within_napoleons_range = false;
  wings.commanded_by_grouchy.clear();
  if (wings.combined || state.phasing != Side::French || state.current_turn().night) return;
  const auto grouchy = french_leader(state, "Grouchy");
  const auto napoleon = french_leader(state, "Napoleon");
  if (!grouchy) return;
  const CommandStructure structure = trace_command(state, Side::French);
  std::vector<UnitIndex> officers;
  for (const CommandLink& link : structure.links) {
    if (link.leader != *grouchy) continue;
    if (state.units[link.receiver].is_leader())
      officers.push_back(link.receiver);
    else
      wings.commanded_by_grouchy.push_back(link.receiver);
  }
  for (const CommandLink& link : structure.links)
    if (std::find(officers.begin(), officers.end(), link.leader) != officers.end())
      wings.commanded_by_grouchy.push_back(link.receiver);
  std::sort(wings.commanded_by_grouchy.begin(), wings.commanded_by_grouchy.end());
  if (napoleon) {
    const UnitState& n = state.units[*napoleon];
    const auto reach = command_reach(state, n.hex, Side::French, kCommanderRange,
                                     rules_unit_terms(state, n).command_paths_count_half);
    wings.grouchy_within_napoleons_range = reach.contains(state.units[*grouchy].hex);
  }
}

// As the game opens: the wings, and the first player turn's command segment when play opens at once
// (11.0 made it in its own opening; with a set-up phase both are made again as play begins).
void open_wings(GameState& state) {
  state.rule_state.add<FrenchWings>(kWingsRule);
  assign_wings(state);
  note_grouchys_command(state);
}

// After the set-up phase: the wings of the pieces as placed.
void wings_as_placed(GameState& state, const DieRoller&, std::vector<Event>&) {
  assign_wings(state);
}

void french_command_segment(GameState& state, const DieRoller&, std::vector<Event>&) {
  note_grouchys_command(state);
}

// 27.1A: the wings combine as a right-wing unit's attack on an Allied unit is resolved, if Grouchy
// gave that unit command and was within Napoleon's range at the command segment. A demoralized right
// wing then recovers unless the combined army is demoralized (which ends the game: 27.5B).
void combine_wings(GameState& state, const CombatAftermath& combat, std::vector<Event>& events) {
  auto& wings = state.rule_state.get<FrenchWings>(kWingsRule);
  if (wings.combined || state.phasing != Side::French || !wings.grouchy_within_napoleons_range) return;
  const AttackAction& attack = combat.attack;
  const auto allied = [&](UnitIndex u) { return state.units[u].army == Army::Allied; };
  if (std::none_of(attack.defenders.begin(), attack.defenders.end(), allied)) return;
  std::vector<UnitIndex> combining;
  for (const auto* attackers : {&attack.attackers, &attack.bombarding})
    for (UnitIndex u : *attackers)
      if (contains(wings.right_wing, u) && contains(wings.commanded_by_grouchy, u)) combining.push_back(u);
  if (combining.empty()) return;
  wings.combined = true;
  const auto [level, disintegration] = morale_levels(state, Army::French);
  const int losses = state.eliminated_strength[static_cast<std::size_t>(Army::French)];
  const bool recovers = wings.right_wing_demoralized && !(level && losses >= *level);
  if (recovers) wings.right_wing_demoralized = false;
  events.push_back(RuleEvent{std::string(kWingsRule),
                             recovers ? "combined-recovered" : "combined",
                             combining,
                             {},
                             {losses, level.value_or(0)}});
}

// 27.1A: the right wing's losses until the wings combine; at 30 (27.3) it is demoralized.
void count_right_wing_loss(GameState& state, UnitIndex unit, std::vector<Event>& events) {
  auto& wings = state.rule_state.get<FrenchWings>(kWingsRule);
  if (wings.combined || !contains(wings.right_wing, unit)) return;
  wings.right_wing_losses += state.units[unit].strength();
  if (wings.right_wing_demoralized || wings.right_wing_losses < kRightWingLevel) return;
  wings.right_wing_demoralized = true;
  events.push_back(RuleEvent{std::string(kWingsRule),
                             "right-wing-demoralized",
                             {unit},
                             {},
                             {wings.right_wing_losses, kRightWingLevel}});
}

// 27.1A: "Demoralization of the left wing before combination is a Coalition victory": once the
// French army's flag is set (the left wing's, before combination) the game ends at once. After the
// wings combine, the combined army's demoralization is 27.5B's condition, judged as the game ends.
void left_wing_defeat(GameState& state, std::vector<Event>& events) {
  const auto& wings = state.rule_state.get<FrenchWings>(kWingsRule);
  if (state.result || wings.combined || !state.demoralized[static_cast<std::size_t>(Army::French)]) return;
  state.result =
      GameResult{Side::Coalition, "win", "27.1A the French left wing demoralized before the wings combined"};
  state.phase = Phase::GameOver;
  events.push_back(GameEndedEvent{*state.result});
}

// 27.1A, 27.3: the French army's level is the left wing's until the wings combine, measured against
// the left wing's losses alone: the right wing's losses are added to the level, as the army's losses
// count them too. Once combined, the combined army's 90 against all French losses.
void wing_levels(const GameState& state, Army army, MoraleTerms& terms) {
  const auto* wings = state.rule_state.find<FrenchWings>(kWingsRule);  // none before the rule's opening
  if (army != Army::French || !wings) return;
  terms.demoralization += wings->combined ? kCombinedOverLeftWing : wings->right_wing_losses;
}

// 27.1A: until the wings combine, each commander commands only his own wing's officers and units
// (part 1 the left, 2 the right); a demoralized right wing's units suffer 9.3's effects.
void wing_terms(const GameState& state, const UnitState& unit, UnitTerms& terms) {
  // None before the rule's opening (11.0's first command segment is made in its own, earlier).
  const auto* wings = state.rule_state.find<FrenchWings>(kWingsRule);
  if (unit.army != Army::French || !wings || wings->combined) return;
  const bool right = contains(wings->right_wing, index_of(state, unit));
  terms.command_part = right ? 2 : 1;
  if (right && wings->right_wing_demoralized) terms.demoralized = true;
}

std::string wings_words(const GameState&, const RuleEvent& event) {
  const auto number = [&](std::size_t i) {
    return i < event.numbers.size() ? std::to_string(event.numbers[i]) : std::string("?");
  };
  if (event.kind == "right-wing-demoralized")
    return "the French right wing is demoralized: " + number(0) + " strength lost, level " + number(1) +
           " (27.1A)";
  std::string words = "the French wings combine: French losses " + number(0) +
                      ", the combined army's level " + number(1) + " (27.1A)";
  if (event.kind == "combined-recovered") words += "; the right wing recovers good morale";
  return words;
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

// 27.4A: the French level (the scenario's line is the left wing's; 27.1A makes it the combined army's
// once the wings combine) rises by 10 while either Coalition army is demoralized, and falls by 20 once a
// Coalition unit has entered Maison du Roi (1022).
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

// 27.4C: notes, after each action, a Prussian attack on a unit of the French left wing (27.1A's; a
// French defender west of column 29 without 27.1A), a French unit's entry into Waterloo (its control, 3.4B)
// and a French unit's exit at 3701, each for good.
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
      return state.units[u].army == Army::French && !of_right_wing(state, u);
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

extern const RuleModule grand_waterloo_27_1A{
    "27.1A",
    "The French wings: command and morale apart until they combine",
    "hooks: opening and play start (each French piece's wing: where it stands as play begins, or its "
    "entry hex), phase start (the French command segment: whom Grouchy commands, and whether he is in "
    "Napoleon's range), unit eliminated (the right wing's losses; demoralized at 30), combat resolved "
    "(the combination), after action (the left wing demoralized before combination: a Coalition victory at "
    "once), morale (the left wing's level measured against its own losses; 90 once "
    "combined), unit terms (each wing's commanders command only their wing; 9.3 for a demoralized right "
    "wing)",
    {.opening = open_wings,
     .play_start = wings_as_placed,
     .phase_start = french_command_segment,
     .after_action = left_wing_defeat,
     .combat_resolved = combine_wings,
     .unit_eliminated = count_right_wing_loss,
     .unit_terms = wing_terms,
     .morale = wing_levels,
     .event_words = wings_words}};
extern const RuleModule grand_waterloo_27_3{
    "27.3",
    "Army morale only; the French wings' levels",
    "the scenario's data (Prussian 35/50, Allied 45/55, French 60: the left wing's) and module 27.1A (the "
    "right wing's 30, the combined army's 90); the French army never disintegrates (no level)",
    {}};
extern const RuleModule grand_waterloo_27_5B{
    "27.5B",
    "Coalition victory: the left wing, or the combined army, demoralized",
    "the scenario's data ('french demoralized'): with module 27.1A the French army's demoralization is "
    "the left wing's until the wings combine and the combined army's after; the right wing's never counts",
    {}};
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
    "hooks: after action (a Coalition unit in 1022, noted in its slot), morale (the French level: the "
    "left wing's, the combined army's once 27.1A combines the wings; never the right wing's)",
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
