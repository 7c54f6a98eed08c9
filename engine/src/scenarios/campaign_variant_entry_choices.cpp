// 28.0D Entry Choices (with 28.0C's deadlines): "When given a choice of entry hexes, it is recommended
// players either write down the choices and keep them secret until the turn of entry, or use hidden
// movement ... The set up box indicates the deadline for making each choice." The written choice is
// played: the server keeps it secret and commits to it (docs/commitments.md). entry_choices.hpp has
// the contract; docs/rules-notes.md, 28.0D, the readings.
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/scenarios/entry_choices.hpp>

#include <algorithm>
#include <sstream>

namespace hd::engine {
namespace {

const EntryChoicesState* find_slot(const GameState& state) {
  return state.rule_state.find<EntryChoicesState>(kEntryChoiceRule);
}

const EntryChoiceMade* find_made(const GameState& state, std::string_view id) {
  const EntryChoicesState* slot = find_slot(state);
  if (!slot) return nullptr;
  for (const EntryChoiceMade& made : slot->choices)
    if (made.id == id) return &made;
  return nullptr;
}

std::optional<EntryChoice> find_choice(const Ruleset& rules, std::string_view id) {
  for (EntryChoice& choice : entry_choices(rules))
    if (choice.id == id) return std::move(choice);
  return std::nullopt;
}

// Due now: its deadline's player turn of its side has come (before play: its side's first).
bool due(const GameState& state, const EntryChoiceMade& made) {
  return made.chosen < 0 && side_of(made.army) == state.phasing &&
         (made.due_turn < 0 || made.due_turn <= state.turn);
}

// Opened with the game: one entry per choice, none made.
void open_slot(GameState& state) {
  const auto choices = entry_choices(*state.rules);
  if (choices.empty()) return;
  EntryChoicesState& slot = state.rule_state.add<EntryChoicesState>(kEntryChoiceRule);
  for (const EntryChoice& choice : choices)
    slot.choices.push_back(EntryChoiceMade{choice.id, choice.army, choice.due_turn, -1});
}

// The segment is open at the start of the choosing side's movement phase while a choice is due; it
// cannot be ended until every due choice is made, and closes by itself then.
bool segment_open(const GameState& state) {
  if (state.phase != Phase::Movement) return false;
  const EntryChoicesState* slot = find_slot(state);
  return slot && std::any_of(slot->choices.begin(), slot->choices.end(),
                             [&](const EntryChoiceMade& made) { return due(state, made); });
}

std::string segment_question(const GameState& state) {
  std::string ids;
  for (const std::string& id : entry_choices_due(state, state.phasing))
    ids += (ids.empty() ? "" : ", ") + id;
  return "choose in secret where and when to enter (28.0D): " + ids;
}

void close_segment(GameState&, std::vector<Event>&) {}

std::optional<Refusal> refuse_close(const GameState& state) {
  const auto ids = entry_choices_due(state, state.phasing);
  if (ids.empty()) return std::nullopt;
  return refuse_by_rule(std::string(kEntryChoiceRule), "entry-choice-due",
                        "an entry choice is due: make it before the player turn goes on");
}

std::optional<std::size_t> alternative_index(const EntryChoice& choice, const RuleAction& action) {
  if (action.numbers.size() != 1 || action.hexes.size() != 1) return std::nullopt;
  for (std::size_t i = 0; i < choice.alternatives.size(); ++i)
    if (choice.alternatives[i].turn == action.numbers[0] && choice.alternatives[i].hex == action.hexes[0])
      return i;
  return std::nullopt;
}

std::optional<Refusal> validate_choose(const GameState& state, Side side, const RuleAction& action) {
  const EntryChoiceMade* made = find_made(state, action.choice);
  if (!made || side_of(made->army) != side)
    return refuse_by_rule(std::string(kEntryChoiceRule), "no-such-entry-choice",
                          "there is no entry choice of that name for this side");
  if (made->chosen >= 0)
    return refuse_by_rule(std::string(kEntryChoiceRule), "entry-choice-made", "that entry choice is made already");
  if (!due(state, *made))
    return refuse_by_rule(std::string(kEntryChoiceRule), "entry-choice-not-due", "that entry choice is not due yet");
  const auto choice = find_choice(*state.rules, action.choice);
  if (!choice || !alternative_index(*choice, action))
    return refuse_by_rule(std::string(kEntryChoiceRule), "not-an-alternative",
                          "that turn and hex are not one of the choice's alternatives");
  return std::nullopt;
}

// Records the choice and gives its units their turn and hex. The event names the choice and what was
// chosen; view.hpp's redact() leaves out what was chosen for whoever may not know it yet.
void apply_choose(GameState& state, Side, const RuleAction& action, const DieRoller&,
                  std::vector<Event>& events) {
  const auto choice = find_choice(*state.rules, action.choice);
  const std::size_t index = *alternative_index(*choice, action);
  const EntryAlternative chosen = choice->alternatives[index];
  for (EntryChoiceMade& made : state.rule_state.get<EntryChoicesState>(kEntryChoiceRule).choices)
    if (made.id == action.choice) made.chosen = static_cast<int>(index);
  for (UnitState& unit : state.units) {
    if (unit.entry_choice != action.choice || unit.status != UnitStatus::Waiting) continue;
    unit.arrival_turn = chosen.turn;
    unit.entry_hexes = {chosen.hex};
  }
  events.push_back(RuleEvent{std::string(kEntryChoiceRule), "chosen:" + action.choice, {}, {chosen.hex}, {chosen.turn}});
}

void generate_choose(const GameState& state, Side side, std::vector<Action>& actions) {
  for (const std::string& id : entry_choices_due(state, side)) {
    const auto choice = find_choice(*state.rules, id);
    if (!choice) continue;
    for (const EntryAlternative& alternative : choice->alternatives)
      actions.push_back(choose_entry(id, alternative));
  }
}

std::variant<RuleAction, std::string> parse_choose(const GameState& state, const std::vector<std::string>& args) {
  if (args.size() != 3) return std::string("expected: choose-entry NAME TURN HEX");
  const auto turn = parse_turn_name(args[1]);
  const int index = turn ? state.rules->turn_index(*turn) : -1;
  if (index < 0) return "'" + args[1] + "' is not a turn of this game";
  const auto hex = parse_hex(args[2]);
  if (!hex) return "'" + args[2] + "' is not a hex CCRR";
  return choose_entry(args[0], EntryAlternative{index, *hex});
}

std::string turn_words(const GameState& state, int turn) {
  return turn >= 0 && static_cast<std::size_t>(turn) < state.rules->turns.size()
             ? state.rules->turns[static_cast<std::size_t>(turn)].name.to_string()
             : std::string("?");
}

std::string format_choose(const GameState& state, const RuleAction& action) {
  if (action.numbers.size() != 1 || action.hexes.size() != 1) return action.choice;
  return action.choice + " " + turn_words(state, action.numbers[0]) + " " + format_hex(action.hexes[0]);
}

std::string label_choose(const GameState& state, const RuleAction& action) {
  return "enter " + action.choice + " " + format_choose(state, action).substr(action.choice.size() + 1) +
         " (secret until then)";
}

// The choice's army takes it.
void claim_choose(const GameState& state, const RuleAction& action, ActionClaim& claim) {
  if (const EntryChoiceMade* made = find_made(state, action.choice)) claim.armies.insert(made->army);
}

const RuleActionKind kChooseAction{
    .verb = kChooseEntryVerb,
    .grammar = "choose-entry NAME TURN HEX",
    .validate = validate_choose,
    .apply = apply_choose,
    .generate = generate_choose,
    .parse = parse_choose,
    .format = format_choose,
    .label = label_choose,
    .claim = claim_choose,
};

const RuleSegment kEntryChoiceSegment{
    .name = "entry-choice segment (28.0D)",
    .open = segment_open,
    .what = segment_question,
    .close = close_segment,
    .actions = {&kChooseAction},
    .refuse_close = refuse_close,
};

// "french-4 chosen: 16/1400 at 1167"; redacted, "french-4 chosen in secret".
std::string event_words(const GameState& state, const RuleEvent& event) {
  const std::string id = event.kind.starts_with("chosen:") ? event.kind.substr(7) : event.kind;
  if (event.numbers.empty() || event.hexes.empty()) return "entry choice " + id + " made in secret (28.0D)";
  return "entry choice " + id + ": " + turn_words(state, event.numbers[0]) + " at " + format_hex(event.hexes[0]) +
         " (28.0D, secret until then)";
}

}  // namespace

std::vector<EntryChoice> entry_choices(const Ruleset& rules) {
  std::vector<EntryChoice> out;
  if (!rule_in_force(rules, kEntryChoiceRule)) return out;
  for_each_forces_in_play(rules, [&](const ScenarioForces& forces) {
    for (const Reinforcement& line : forces.reinforcements) {
      if (line.choice.empty() ||
          std::any_of(out.begin(), out.end(), [&](const EntryChoice& c) { return c.id == line.choice; }))
        continue;
      EntryChoice choice{line.choice, line.army, line.choose_by ? rules.turn_index(*line.choose_by) : -1, {}};
      for (const EntryTime& time : entry_times(line))
        for (Hex hex : time.hexes)
          choice.alternatives.push_back(EntryAlternative{rules.turn_index(time.turn), hex});
      out.push_back(std::move(choice));
    }
  });
  return out;
}

std::optional<EntryAlternative> entry_choice_made(const GameState& state, std::string_view id) {
  const EntryChoiceMade* made = find_made(state, id);
  if (!made || made->chosen < 0) return std::nullopt;
  const auto choice = find_choice(*state.rules, id);
  if (!choice || static_cast<std::size_t>(made->chosen) >= choice->alternatives.size()) return std::nullopt;
  return choice->alternatives[static_cast<std::size_t>(made->chosen)];
}

bool entry_choice_revealed(const GameState& state, std::string_view id) {
  const auto chosen = entry_choice_made(state, id);
  if (!chosen) return false;
  if (state.phase == Phase::GameOver || state.result) return true;
  if (state.turn != chosen->turn) return state.turn > chosen->turn;
  if (state.phase == Phase::Setup) return false;
  // The turn of entry: public once its side's player turn has begun (the first side's at once).
  const Side side = side_of(find_made(state, id)->army);
  return side == state.rules->scenario.first_side || state.phasing == side;
}

std::vector<std::string> entry_choices_due(const GameState& state, Side side) {
  std::vector<std::string> ids;
  if (state.phase == Phase::Setup || state.phase == Phase::GameOver || state.phasing != side) return ids;
  if (const EntryChoicesState* slot = find_slot(state))
    for (const EntryChoiceMade& made : slot->choices)
      if (due(state, made)) ids.push_back(made.id);
  return ids;
}

RuleAction choose_entry(std::string_view id, const EntryAlternative& alternative) {
  return RuleAction{std::string(kEntryChoiceRule), std::string(kChooseEntryVerb), {}, {alternative.hex},
                    {alternative.turn}, std::string(id)};
}

std::optional<ChooseEntryLine> parse_choose_entry_line(std::string_view line) {
  std::istringstream words{std::string(line)};
  ChooseEntryLine out;
  std::string verb, turn, hex;
  if (!(words >> out.side >> verb >> out.id) || verb != kChooseEntryVerb) return std::nullopt;
  if (!(words >> turn >> hex)) return std::nullopt;
  out.choice = turn + " " + hex;
  return out;
}

namespace modules {
extern const RuleModule campaign_variant_28_0D{
    "28.0D",
    "Entry choices made in advance by their deadline and kept secret until the turn of entry",
    "scenarios/entry_choices.hpp: the choices from the scenario's `choice NAME [by TURN]` lines (opening), "
    "the entry-choice segment and its action `choose-entry`; view.hpp hides a choice until its turn; the "
    "server commits to it (docs/commitments.md)",
    {.opening = open_slot, .segment = &kEntryChoiceSegment, .event_words = event_words},
    {"11.0"}};
}  // namespace modules

}  // namespace hd::engine
