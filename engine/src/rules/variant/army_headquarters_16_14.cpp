// 16.14 Army Headquarters, with 16.14D's chiefs of staff (16.1C): the rule module. Each army's HQ is
// active (it keeps the army's commanders active but cannot move) or inactive (it moves, like a leader,
// 16.14B). At the start of each friendly command phase every active commander traces a line of
// communications of at most 24 MP to his army's active HQ or rolls one die, inactive on 1-3 (16.14C);
// an inactive commander gives no command and is released only by 15.4's three events. The HQ's status
// changes by the owner's choice only at the end of the command phase (the HQ segment, action
// `headquarters HQ active|inactive`), and by itself when it ends in an enemy ZOC (16.14B) or its chief
// of staff leaves it (16.14D). Readings: docs/rules-notes.md, 16.14.
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/supply/supply_line.hpp>
#include <hd/engine/rules/variant/army_headquarters.hpp>
#include <hd/engine/state/sorted_list.hpp>

#include <algorithm>
#include <functional>
#include <queue>
#include <set>

namespace hd::engine {
namespace {

[[maybe_unused]] void every_member_is_walked(HeadquartersState& h) {
  HD_ALL_MEMBERS_WALKED(HeadquartersState, h, h1, h2, h3, h4, h5);
}

HeadquartersState& slot_of(GameState& state) {
  return state.rule_state.get<HeadquartersState>(kHeadquartersRule);
}

const HeadquartersState* find_slot(const GameState& state) {
  return state.rule_state.find<HeadquartersState>(kHeadquartersRule);
}

bool hq_inactive(const GameState& state, Army army) {
  const HeadquartersState* slot = find_slot(state);
  return slot && sorted_contains(slot->inactive_headquarters, army);
}

// Flips the army's HQ, with an event saying why ("active", "inactive", "ezoc", "chief-left").
void set_hq(GameState& state, Army army, bool active, std::string_view why, std::vector<Event>& events) {
  sorted_mark(slot_of(state).inactive_headquarters, army, !active);
  if (const auto hq = headquarters_of(state, army))
    events.push_back(RuleEvent{std::string(kHeadquartersRule), std::string(why), {*hq}, {}, {}});
}

// The army's commanders on the map (chiefs of staff included), in unit order.
std::vector<UnitIndex> commanders_on_map(const GameState& state, Side side) {
  std::vector<UnitIndex> out;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (unit.on_map() && side_of(unit.army) == side && is_commander(*state.rules, unit))
      out.push_back(static_cast<UnitIndex>(i));
  }
  return out;
}

// True if `side` has an HQ on the map whose status has not changed in this HQ segment (16.14A): the
// segment has something to offer.
bool hq_may_change(const GameState& state, Side side) {
  const HeadquartersState* slot = find_slot(state);
  for (Army army : {Army::French, Army::Prussian, Army::Allied}) {
    const auto hq = headquarters_of(state, army);
    if (hq && side_of(army) == side && state.units[*hq].on_map() &&
        !(slot && sorted_contains(slot->changed_this_segment, army)))
      return true;
  }
  return false;
}

// The army's chief of staff (16.1C), or nullopt.
std::optional<UnitIndex> chief_of_staff(const GameState& state, Army army) {
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (state.units[i].army == army && is_chief_of_staff(*state.rules, state.units[i]))
      return static_cast<UnitIndex>(i);
  return std::nullopt;
}

// 16.14A: an HQ set up on the map is active; one entering later is inactive, since an active HQ may
// not move and entering is a move (docs/rules-notes.md, 16.14A). The first command phase's segment
// opens here when play opens with no set-up phase (no phase start reaches the first player turn).
void open_slot(GameState& state) {
  HeadquartersState& slot = state.rule_state.add<HeadquartersState>(kHeadquartersRule);
  for (Army army : {Army::French, Army::Prussian, Army::Allied})
    if (const auto hq = headquarters_of(state, army); hq && !state.units[*hq].on_map())
      slot.inactive_headquarters.push_back(army);
  const Side first = state.rules->scenario.first_side;
  slot.segment_open = state.phase == Phase::Movement && state.phasing == first && !state.current_turn().night;
}

// 16.14C and 15.4's releases, in the phasing side's command phase (the start of its daylight movement
// phase; 4.2: none at night), before 11.0 marks who is in command: first every active commander
// unable to trace a line of communications to his army's active HQ rolls, inactive on 1-3; then every
// commander inactive before this phase is released if an active commander passed through his hex last
// turn (15.4 "Other Released Commander"), or on a die of 1 (15.4 "Die Roll"). A commander released now
// is not checked again until the next command phase (docs/rules-notes.md, 16.14C).
void command_phase(GameState& state, const DieRoller& roll, std::vector<Event>& events) {
  HeadquartersState& slot = slot_of(state);
  slot.segment_open = false;
  slot.changed_this_segment.clear();
  if (state.phase != Phase::Movement || state.current_turn().night) return;
  const Side side = state.phasing;
  const std::vector<UnitIndex> commanders = commanders_on_map(state, side);
  const std::vector<UnitIndex> inactive_before = slot.inactive_commanders;
  // Each army's line of communications is traced from its active HQ once for all its commanders.
  std::map<Army, std::map<Hex, int>> reach;
  const auto traces = [&](UnitIndex c) {
    const Army army = state.units[c].army;
    if (!headquarters_active(state, army)) return false;
    if (!reach.count(army))
      reach[army] = communications_reach(state, state.units[*headquarters_of(state, army)].hex, army);
    return reach[army].count(state.units[c].hex) > 0;
  };
  for (UnitIndex c : commanders) {
    if (sorted_contains(inactive_before, c) || traces(c)) continue;
    const int die = roll();
    const bool fails = die <= 3;
    events.push_back(
        DieRolledEvent{std::string(kHeadquartersRule), die,
                       state.units[c].id + (fails ? " has no line of communications to an active "
                                                    "HQ: inactive"
                                                  : " has no line of communications to an active "
                                                    "HQ: stays active")});
    if (fails) sorted_mark(slot.inactive_commanders, c, true);
  }
  for (UnitIndex c : commanders) {
    if (!sorted_contains(inactive_before, c)) continue;
    if (sorted_contains(slot.released_next_command, c)) {
      sorted_mark(slot.inactive_commanders, c, false);
      events.push_back(RuleEvent{std::string(kHeadquartersRule), "released-by-commander", {c}, {}, {}});
      continue;
    }
    const int die = roll();
    events.push_back(DieRolledEvent{
        std::string(kHeadquartersRule), die,
        state.units[c].id + (die == 1 ? " is released (15.4 die roll)" : " stays inactive (15.4 die roll)")});
    if (die == 1) sorted_mark(slot.inactive_commanders, c, false);
  }
  std::erase_if(slot.released_next_command,
                [&](UnitIndex u) { return side_of(state.units[u].army) == side; });
  slot.segment_open = hq_may_change(state, side);
}

// 16.14C: an inactive commander gives no command. 16.14D: nor does a chief of staff while his army's
// HQ is active.
void withhold_command(const GameState& state, const UnitState& unit, UnitTerms& terms) {
  if (!unit.is_leader() || !is_commander(*state.rules, unit)) return;
  if (commander_inactive(state, index_of(state, unit)) ||
      (is_chief_of_staff(*state.rules, unit) && headquarters_active(state, unit.army)))
    terms.withholds_command = true;
}

// 16.14A: an active HQ cannot move.
std::optional<Refusal> active_hq_stays(const GameState& state, UnitAct act, UnitIndex unit) {
  if (act != UnitAct::BeginMove || !is_headquarters(*state.rules, state.units[unit])) return std::nullopt;
  if (!state.units[unit].on_map() || hq_inactive(state, state.units[unit].army)) return std::nullopt;
  return refuse_by_rule("16.14A", "active-hq-may-not-move",
                        "{0} is active: an active HQ cannot move (make it inactive at the end of a command "
                        "phase)",
                        {RefusalArg::of_unit(unit)});
}

// 15.4 "Enemy Activity": `mover` (a combat unit) entered `path`; every inactive commander of the other
// side within ten hexes of a hex of the path where the mover stands in that side's ZOC is released
// at once.
void release_by_enemy_activity(GameState& state, UnitIndex mover, const std::vector<Hex>& path,
                               std::vector<Event>& events) {
  HeadquartersState& slot = slot_of(state);
  const Side mover_side = side_of(state.units[mover].army);
  const std::vector<UnitIndex> inactive = slot.inactive_commanders;
  for (UnitIndex c : inactive) {
    const UnitState& commander = state.units[c];
    if (!commander.on_map() || side_of(commander.army) == mover_side) continue;
    const bool near = std::any_of(path.begin() + (path.size() > 1 ? 1 : 0), path.end(), [&](Hex hex) {
      return distance(hex, commander.hex) <= kEnemyActivityHexes && in_enemy_zoc(state, hex, mover_side);
    });
    if (!near) continue;
    sorted_mark(slot.inactive_commanders, c, false);
    events.push_back(RuleEvent{std::string(kHeadquartersRule), "released-by-enemy", {c, mover}, {}, {}});
  }
}

// After every action: 15.4's releases by movement, then 16.14B (an active HQ that ends up in an enemy
// ZOC, or is displaced from one by 10.1E, becomes inactive) and 16.14D (an active HQ whose chief of
// staff is on the map elsewhere becomes inactive).
void after_action(GameState& state, std::vector<Event>& events) {
  HeadquartersState& slot = slot_of(state);
  // The set-up phase (3.2C) places pieces before play: 16.14B and 16.14D act from play's first action.
  const bool setting_up = state.phase == Phase::Setup;
  std::vector<Event> added;
  for (const Event& event : events) {
    if (const auto* placed = std::get_if<UnitPlacedEvent>(&event)) {
      // 10.1E's displacement; a placement in the set-up phase (3.2C) is no such thing.
      const UnitState& piece = state.units[placed->unit];
      if (!setting_up && is_headquarters(*state.rules, piece) && !hq_inactive(state, piece.army))
        set_hq(state, piece.army, false, "ezoc", added);
      continue;
    }
    const auto* moved = std::get_if<UnitMovedEvent>(&event);
    if (!moved || moved->path.empty()) continue;
    const UnitState& mover = state.units[moved->unit];
    if (!mover.is_leader()) {
      release_by_enemy_activity(state, moved->unit, moved->path, added);
      continue;
    }
    // 15.4 "Other Released Commander": an active commander moving into or through an inactive
    // commander's hex releases him in the next command phase.
    if (!is_commander(*state.rules, mover) || commander_inactive(state, moved->unit)) continue;
    for (UnitIndex c : slot.inactive_commanders) {
      const UnitState& other = state.units[c];
      if (c == moved->unit || other.army != mover.army || !other.on_map()) continue;
      if (std::find(moved->path.begin() + 1, moved->path.end(), other.hex) != moved->path.end())
        sorted_mark(slot.released_next_command, c, true);
    }
  }
  for (Army army : {Army::French, Army::Prussian, Army::Allied}) {
    const auto hq = headquarters_of(state, army);
    if (setting_up || !hq || !state.units[*hq].on_map() || hq_inactive(state, army)) continue;
    const UnitState& piece = state.units[*hq];
    if (in_enemy_zoc(state, piece.hex, side_of(army))) {
      set_hq(state, army, false, "ezoc", added);
      continue;
    }
    const auto chief = chief_of_staff(state, army);
    if (chief && state.units[*chief].on_map() && state.units[*chief].hex != piece.hex)
      set_hq(state, army, false, "chief-left", added);
  }
  events.insert(events.end(), added.begin(), added.end());
}

// The HQ segment: the end of the phasing side's command phase (16.14A).
bool segment_open(const GameState& state) {
  const HeadquartersState* slot = find_slot(state);
  return slot && slot->segment_open && state.phase == Phase::Movement;
}

std::string segment_question(const GameState&) {
  return "change an army HQ's status (16.14A) or end the command phase";
}

void close_segment(GameState& state, std::vector<Event>&) {
  slot_of(state).segment_open = false;
}

// `headquarters HQ active|inactive`: the HQ is the phasing side's, on the map, its status not changed
// yet this segment and not already the one asked; it is activated only outside an enemy ZOC (16.14B)
// and with its chief of staff, if he is on the map, in its hex (16.14D).
std::optional<Refusal> validate_status(const GameState& state, Side side, const RuleAction& action) {
  if (action.units.size() != 1 || !action.hexes.empty() || !action.numbers.empty() ||
      (action.choice != "active" && action.choice != "inactive"))
    return refuse(RefusalCode::NoSuchUnit, "16.14A");
  const UnitIndex hq = action.units.front();
  if (hq >= state.units.size()) return refuse(RefusalCode::NoSuchUnit, "16.14A");
  const UnitState& piece = state.units[hq];
  if (!is_headquarters(*state.rules, piece) || !piece.on_map() || side_of(piece.army) != side)
    return refuse_by_rule("16.14A", "not-an-hq", "{0} is not an army HQ of the phasing side on the map",
                          {RefusalArg::of_unit(hq)});
  if (const HeadquartersState* slot = find_slot(state);
      slot && sorted_contains(slot->changed_this_segment, piece.army))
    return refuse_by_rule("16.14A", "hq-changed-already", "{0} has changed its status in this command phase",
                          {RefusalArg::of_unit(hq)});
  const bool activate = action.choice == "active";
  if (activate == !hq_inactive(state, piece.army))
    return activate ? refuse_by_rule("16.14A", "hq-active-already", "{0} is active already",
                                     {RefusalArg::of_unit(hq)})
                    : refuse_by_rule("16.14A", "hq-inactive-already", "{0} is inactive already",
                                     {RefusalArg::of_unit(hq)});
  if (activate && in_enemy_zoc(state, piece.hex, side))
    return refuse_by_rule("16.14B", "hq-in-ezoc", "{0} is in an enemy zone of control: it cannot be active",
                          {RefusalArg::of_unit(hq)});
  if (const auto chief = chief_of_staff(state, piece.army);
      activate && chief && state.units[*chief].on_map() && state.units[*chief].hex != piece.hex)
    return refuse_by_rule("16.14D", "chief-away", "{0} is not with {1}: the HQ cannot be active without him",
                          {RefusalArg::of_unit(*chief), RefusalArg::of_unit(hq)});
  return std::nullopt;
}

void apply_status(GameState& state, Side side, const RuleAction& action, const DieRoller&,
                  std::vector<Event>& events) {
  const Army army = state.units[action.units.front()].army;
  HeadquartersState& slot = slot_of(state);
  sorted_mark(slot.changed_this_segment, army, true);
  set_hq(state, army, action.choice == "active", action.choice, events);
  // The segment closes by itself once no HQ of the side may change.
  if (!hq_may_change(state, side)) slot.segment_open = false;
}

void generate_status(const GameState& state, Side side, std::vector<Action>& actions) {
  for (Army army : {Army::French, Army::Prussian, Army::Allied}) {
    const auto hq = headquarters_of(state, army);
    if (!hq) continue;
    RuleAction action{std::string(kHeadquartersRule),
                      "headquarters",
                      {*hq},
                      {},
                      {},
                      hq_inactive(state, army) ? "active" : "inactive"};
    if (!validate_status(state, side, action)) actions.push_back(std::move(action));
  }
}

std::variant<RuleAction, std::string> parse_status(const GameState& state,
                                                   const std::vector<std::string>& args) {
  if (args.size() != 2 || (args[1] != "active" && args[1] != "inactive"))
    return std::string("expected: headquarters HQ active|inactive");
  auto unit = unit_from_name(state, args[0]);
  if (auto* error = std::get_if<std::string>(&unit)) return *error;
  return RuleAction{{}, {}, {std::get<UnitIndex>(unit)}, {}, {}, args[1]};
}

std::string format_status(const GameState& state, const RuleAction& action) {
  const UnitIndex hq = action.units.empty() ? 0 : action.units.front();
  return (hq < state.units.size() && !action.units.empty() ? unit_name(state, hq) : std::string("?")) + " " +
         action.choice;
}

std::string label_status(const GameState& state, const RuleAction& action) {
  const UnitIndex hq = action.units.empty() ? 0 : action.units.front();
  const std::string name = hq < state.units.size() && !action.units.empty() ? state.units[hq].id : "?";
  return (action.choice == "active" ? "make " + name + " active (it will not move)"
                                    : "make " + name + " inactive (it may move, gives no LOC)");
}

// The HQ's army takes it.
void claim_status(const GameState& state, const RuleAction& action, ActionClaim& claim) {
  if (!action.units.empty()) add_army_of(state, action.units.front(), claim);
}

const RuleActionKind kStatusAction{
    .verb = "headquarters",
    .grammar = "headquarters HQ active|inactive",
    .validate = validate_status,
    .apply = apply_status,
    .generate = generate_status,
    .parse = parse_status,
    .format = format_status,
    .label = label_status,
    .claim = claim_status,
};

const RuleSegment kHeadquartersSegment{
    .name = "HQ segment (end of the command phase)",
    .open = segment_open,
    .what = segment_question,
    .close = close_segment,
    .actions = {&kStatusAction},
};

std::string event_words(const GameState& state, const RuleEvent& event) {
  const auto name = [&](std::size_t i) {
    return i < event.units.size() && event.units[i] < state.units.size() ? unit_name(state, event.units[i])
                                                                         : std::string("a piece");
  };
  if (event.kind == "active") return name(0) + " is made active (16.14A)";
  if (event.kind == "inactive") return name(0) + " is made inactive (16.14A)";
  if (event.kind == "ezoc") return name(0) + " is in an enemy zone of control: inactive (16.14B)";
  if (event.kind == "chief-left") return name(0) + ": its chief of staff has left it: inactive (16.14D)";
  if (event.kind == "released-by-commander")
    return name(0) + " is released: an active commander passed through his hex (15.4, 16.14C)";
  if (event.kind == "released-by-enemy")
    return name(0) + " is released: " + name(1) +
           " entered a friendly zone of control within ten hexes (15.4, "
           "16.14C)";
  return "16.14 " + event.kind;
}

}  // namespace

std::optional<UnitIndex> headquarters_of(const GameState& state, Army army) {
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (state.units[i].army == army && is_headquarters(*state.rules, state.units[i]))
      return static_cast<UnitIndex>(i);
  return std::nullopt;
}

bool headquarters_active(const GameState& state, Army army) {
  const auto hq = headquarters_of(state, army);
  return find_slot(state) && hq && state.units[*hq].on_map() && !hq_inactive(state, army);
}

bool commander_inactive(const GameState& state, UnitIndex commander) {
  const HeadquartersState* slot = find_slot(state);
  return slot && sorted_contains(slot->inactive_commanders, commander);
}

bool shows_inactive_side(const GameState& state, UnitIndex piece) {
  if (!find_slot(state) || piece >= state.units.size()) return false;
  const UnitState& unit = state.units[piece];
  if (is_headquarters(*state.rules, unit)) return hq_inactive(state, unit.army);
  return commander_inactive(state, piece);
}

void set_commander_inactive(GameState& state, UnitIndex commander, bool inactive) {
  sorted_mark(slot_of(state).inactive_commanders, commander, inactive);
}

std::map<Hex, int> communications_reach(const GameState& state, Hex from, Army army) {
  const Ruleset& rules = *state.rules;
  std::set<Hex> blocked;  // 14.2: enemy-occupied hexes (a leader alone blocks nothing)
  for (const UnitState& unit : state.units)
    if (unit.on_map() && !unit.is_leader() && side_of(unit.army) != side_of(army)) blocked.insert(unit.hex);
  const MoverClass mover = mover_class(UnitType::Leader);  // 10.1C: a leader's (cavalry's) costs
  std::map<Hex, int> reach{{from, 0}};
  using Node = std::pair<int, Hex>;
  std::priority_queue<Node, std::vector<Node>, std::greater<>> open;
  open.push({0, from});
  while (!open.empty()) {
    const auto [cost, at] = open.top();
    open.pop();
    if (reach.at(at) != cost) continue;
    for (Hex next : neighbours(at)) {
      if (!rules.map.bounds().contains(next) || !rules.scenario.area.contains(next) || blocked.count(next))
        continue;
      const auto step = step_cost(rules, mover, at, next);
      if (!step) continue;  // 14.2: prohibited terrain
      const int to = cost + *step;
      if (to > kCommunicationsHalfMp) continue;
      if (const auto known = reach.find(next); known != reach.end() && known->second <= to) continue;
      reach[next] = to;
      open.push({to, next});
    }
  }
  return reach;
}

bool traces_communications(const GameState& state, UnitIndex commander) {
  const UnitState& piece = state.units[commander];
  if (!piece.on_map() || !headquarters_active(state, piece.army)) return false;
  const UnitState& hq = state.units[*headquarters_of(state, piece.army)];
  return communications_reach(state, hq.hex, piece.army).count(piece.hex) > 0;
}

namespace modules {
extern const RuleModule army_headquarters_16_14{
    "16.14",
    "Army headquarters: active and inactive HQs, lines of communications, inactive commanders, chiefs of "
    "staff",
    "rules/variant/army_headquarters_16_14: hooks opening (its slot), phase start (16.14C's check and 15.4's "
    "releases, before 11.0 marks command), after action (15.4's releases by movement, 16.14B, 16.14D), unit "
    "terms (inactive commanders and chiefs of staff give no command), unit refusal (an active HQ stays), the "
    "HQ segment and its action `headquarters HQ active|inactive`; the HQ pieces are leaders.tsv's "
    "headquarters rows (rules/leaders: no command, no 10.2 die)",
    {.opening = open_slot,
     .phase_start = command_phase,
     .after_action = after_action,
     .unit_terms = withhold_command,
     .unit_refusal = active_hq_stays,
     .segment = &kHeadquartersSegment,
     .event_words = event_words},
    {"11.0", "12.0"}};
}  // namespace modules

}  // namespace hd::engine
