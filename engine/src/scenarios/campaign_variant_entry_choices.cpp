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

// Each rule keeps its own choices in its slot (28.0D's, 22.6B's).
const EntryChoicesState* find_slot(const GameState& state, std::string_view rule) {
  return state.rule_state.find<EntryChoicesState>(rule);
}

const EntryChoiceMade* find_made(const GameState& state, std::string_view id, std::string_view* rule = nullptr) {
  for (std::string_view choice_rule : kEntryChoiceRules)
    if (const EntryChoicesState* slot = find_slot(state, choice_rule))
      for (const EntryChoiceMade& made : slot->choices)
        if (made.id == id) {
          if (rule) *rule = choice_rule;
          return &made;
        }
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

// Opened with the game: one entry per choice the rule asks for, none made.
void open_slot(GameState& state, std::string_view rule) {
  EntryChoicesState slot;
  for (const EntryChoice& choice : entry_choices(*state.rules))
    if (choice.rule == rule) slot.choices.push_back(EntryChoiceMade{choice.id, choice.army, choice.due_turn, -1});
  if (!slot.choices.empty()) state.rule_state.add<EntryChoicesState>(rule) = std::move(slot);
}

// The choices of `rule` due for the phasing side now.
std::vector<std::string> due_of(const GameState& state, std::string_view rule) {
  std::vector<std::string> ids;
  if (state.phase != Phase::Movement) return ids;
  if (const EntryChoicesState* slot = find_slot(state, rule))
    for (const EntryChoiceMade& made : slot->choices)
      if (due(state, made)) ids.push_back(made.id);
  return ids;
}

// A rule's segment is open at the start of the choosing side's movement phase while one of its
// choices is due; it cannot be ended until every due choice is made, and closes by itself then.
template <const std::string_view& Rule>
bool segment_open(const GameState& state) {
  return !due_of(state, Rule).empty();
}

template <const std::string_view& Rule>
std::string segment_question(const GameState& state) {
  std::string ids;
  for (const std::string& id : due_of(state, Rule))
    ids += (ids.empty() ? "" : ", ") + id;
  return Rule == kHalForceRule ? "decide in secret whether and where the Hal Force enters (22.6B): " + ids
                               : "choose in secret where and when to enter (28.0D): " + ids;
}

void close_segment(GameState&, std::vector<Event>&) {}

template <const std::string_view& Rule>
std::optional<Refusal> refuse_close(const GameState& state) {
  if (due_of(state, Rule).empty()) return std::nullopt;
  return refuse_by_rule(std::string(Rule), "entry-choice-due",
                        "an entry choice is due: make it before the player turn goes on");
}

template <const std::string_view& Rule>
void open_rule_slot(GameState& state) {
  open_slot(state, Rule);
}

// A declining alternative is written with turn -1 and no hex.
std::optional<std::size_t> alternative_index(const EntryChoice& choice, const RuleAction& action) {
  if (action.numbers.size() != 1 || action.hexes.size() > 1) return std::nullopt;
  for (std::size_t i = 0; i < choice.alternatives.size(); ++i) {
    const EntryAlternative& alternative = choice.alternatives[i];
    if (alternative.turn != action.numbers[0]) continue;
    if (alternative.declines() ? action.hexes.empty() : action.hexes.size() == 1 && alternative.hex == action.hexes[0])
      return i;
  }
  return std::nullopt;
}

std::optional<Refusal> validate_choose(const GameState& state, Side side, const RuleAction& action) {
  std::string_view rule;
  const EntryChoiceMade* made = find_made(state, action.choice, &rule);
  if (!made || side_of(made->army) != side || rule != action.rule)
    return refuse_by_rule(action.rule, "no-such-entry-choice",
                          "there is no entry choice of that name for this side");
  if (made->chosen >= 0)
    return refuse_by_rule(action.rule, "entry-choice-made", "that entry choice is made already");
  if (!due(state, *made))
    return refuse_by_rule(action.rule, "entry-choice-not-due", "that entry choice is not due yet");
  const auto choice = find_choice(*state.rules, action.choice);
  if (!choice || !alternative_index(*choice, action))
    return refuse_by_rule(action.rule, "not-an-alternative",
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
  for (EntryChoiceMade& made : state.rule_state.get<EntryChoicesState>(action.rule).choices)
    if (made.id == action.choice) made.chosen = static_cast<int>(index);
  for (UnitState& unit : state.units) {
    if (unit.entry_choice != action.choice || unit.status != UnitStatus::Waiting || chosen.declines()) continue;
    unit.arrival_turn = chosen.turn;
    unit.entry_hexes = {chosen.hex};
  }
  std::vector<Hex> hexes;
  if (!chosen.declines()) hexes.push_back(chosen.hex);
  events.push_back(RuleEvent{action.rule, "chosen:" + action.choice, {}, std::move(hexes), {chosen.turn}});
}

void generate_choose(const GameState& state, Side side, std::vector<Action>& actions) {
  for (const std::string& id : entry_choices_due(state, side)) {
    const auto choice = find_choice(*state.rules, id);
    if (!choice) continue;
    for (const EntryAlternative& alternative : choice->alternatives)
      actions.push_back(choose_entry(id, alternative, choice->rule));
  }
}

std::variant<RuleAction, std::string> parse_choose(const GameState& state, const std::vector<std::string>& args) {
  const auto choice = args.empty() ? std::nullopt : find_choice(*state.rules, args[0]);
  const std::string rule = choice ? choice->rule : std::string(kEntryChoiceRule);
  if (args.size() == 2 && args[1] == "none") return choose_entry(args[0], EntryAlternative{}, rule);
  if (args.size() != 3) return std::string("expected: choose-entry NAME TURN HEX | choose-entry NAME none");
  const auto turn = parse_turn_name(args[1]);
  const int index = turn ? state.rules->turn_index(*turn) : -1;
  if (index < 0) return "'" + args[1] + "' is not a turn of this game";
  const auto hex = parse_hex(args[2]);
  if (!hex) return "'" + args[2] + "' is not a hex CCRR";
  return choose_entry(args[0], EntryAlternative{index, *hex}, rule);
}

std::string turn_words(const GameState& state, int turn) {
  return turn >= 0 && static_cast<std::size_t>(turn) < state.rules->turns.size()
             ? state.rules->turns[static_cast<std::size_t>(turn)].name.to_string()
             : std::string("?");
}

std::string format_choose(const GameState& state, const RuleAction& action) {
  if (action.numbers.size() == 1 && action.numbers[0] < 0) return action.choice + " none";
  if (action.numbers.size() != 1 || action.hexes.size() != 1) return action.choice;
  return action.choice + " " + turn_words(state, action.numbers[0]) + " " + format_hex(action.hexes[0]);
}

std::string label_choose(const GameState& state, const RuleAction& action) {
  if (action.numbers.size() == 1 && action.numbers[0] < 0) return "do not bring " + action.choice + " (secret)";
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
    .open = segment_open<kEntryChoiceRule>,
    .what = segment_question<kEntryChoiceRule>,
    .close = close_segment,
    .actions = {&kChooseAction},
    .refuse_close = refuse_close<kEntryChoiceRule>,
};

// "french-4 chosen: 16/1400 at 1167"; redacted, "french-4 chosen in secret".
std::string event_words(const GameState& state, const RuleEvent& event) {
  const std::string id = event.kind.starts_with("chosen:") ? event.kind.substr(7) : event.kind;
  if (event.numbers.empty()) return "entry choice " + id + " made in secret (" + event.rule + ")";
  if (event.numbers[0] < 0) return "entry choice " + id + ": not used (" + event.rule + ", secret to the end)";
  if (event.hexes.empty()) return "entry choice " + id + " made in secret (" + event.rule + ")";
  return "entry choice " + id + ": " + turn_words(state, event.numbers[0]) + " at " + format_hex(event.hexes[0]) +
         " (" + event.rule + ", secret until then)";
}

}  // namespace

const RuleSegment kHalForceSegment{
    .name = "Hal Force decision (22.6B)",
    .open = segment_open<kHalForceRule>,
    .what = segment_question<kHalForceRule>,
    .close = close_segment,
    .actions = {&kChooseAction},
    .refuse_close = refuse_close<kHalForceRule>,
};

void open_hal_force_slot(GameState& state) {
  open_slot(state, kHalForceRule);
}

std::string entry_choice_words(const GameState& state, const RuleEvent& event) {
  return event_words(state, event);
}

std::vector<EntryChoice> entry_choices(const Ruleset& rules) {
  std::vector<EntryChoice> out;
  for_each_forces_in_play(rules, [&](const ScenarioForces& forces) {
    for (const Reinforcement& line : forces.reinforcements) {
      const std::string rule = line.choice_rule.empty() ? std::string(kEntryChoiceRule) : line.choice_rule;
      if (line.choice.empty() || !rule_in_force(rules, rule) ||
          std::any_of(out.begin(), out.end(), [&](const EntryChoice& c) { return c.id == line.choice; }))
        continue;
      EntryChoice choice{line.choice, line.army, line.choose_by ? rules.turn_index(*line.choose_by) : -1, {}, rule};
      for (const EntryTime& time : entry_times(line))
        for (Hex hex : time.hexes)
          choice.alternatives.push_back(EntryAlternative{rules.turn_index(time.turn), hex});
      if (line.may_decline) choice.alternatives.push_back(EntryAlternative{});
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
  if (chosen->declines()) return false;  // a force not used: nothing shows it before the end
  if (state.turn != chosen->turn) return state.turn > chosen->turn;
  if (state.phase == Phase::Setup) return false;
  // The turn of entry: public once its side's player turn has begun (the first side's at once).
  const Side side = side_of(find_made(state, id)->army);
  return side == state.rules->scenario.first_side || state.phasing == side;
}

std::vector<std::string> entry_choices_due(const GameState& state, Side side) {
  std::vector<std::string> ids;
  if (state.phase == Phase::Setup || state.phase == Phase::GameOver || state.phasing != side) return ids;
  for (std::string_view rule : kEntryChoiceRules)
    if (const EntryChoicesState* slot = find_slot(state, rule))
      for (const EntryChoiceMade& made : slot->choices)
        if (due(state, made)) ids.push_back(made.id);
  return ids;
}

RuleAction choose_entry(std::string_view id, const EntryAlternative& alternative, std::string_view rule) {
  std::vector<Hex> hexes;
  if (!alternative.declines()) hexes.push_back(alternative.hex);
  return RuleAction{std::string(rule), std::string(kChooseEntryVerb), {}, std::move(hexes), {alternative.turn},
                    std::string(id)};
}

std::optional<ChooseEntryLine> parse_choose_entry_line(std::string_view line) {
  std::istringstream words{std::string(line)};
  ChooseEntryLine out;
  std::string verb, turn, hex;
  if (!(words >> out.side >> verb >> out.id) || verb != kChooseEntryVerb) return std::nullopt;
  if (!(words >> turn)) return std::nullopt;
  if (turn == "none") {
    out.choice = turn;
    return out;
  }
  if (!(words >> hex)) return std::nullopt;
  out.choice = turn + " " + hex;
  return out;
}

std::string entry_choice_secret_id(const Ruleset& rules, std::string_view id) {
  const std::optional<EntryChoice> choice = find_choice(rules, id);
  return (choice ? choice->rule : std::string(kEntryChoiceRule)) + "/" + std::string(id);
}

std::string entry_choice_secret_text(std::string_view choice) {
  std::string text(choice);
  std::replace(text.begin(), text.end(), ' ', '@');
  return text;
}

std::optional<std::string_view> entry_choice_of_secret_id(std::string_view secret_id) {
  for (const std::string_view rule : kEntryChoiceRules)
    if (secret_id.size() > rule.size() + 1 && secret_id.substr(0, rule.size()) == rule &&
        secret_id[rule.size()] == '/')
      return secret_id.substr(rule.size() + 1);
  return std::nullopt;
}

namespace modules {
extern const RuleModule campaign_variant_28_0D{
    "28.0D",
    "Entry choices made in advance by their deadline and kept secret until the turn of entry",
    "scenarios/entry_choices.hpp: the choices from the scenario's `choice NAME [by TURN]` lines (opening), "
    "the entry-choice segment and its action `choose-entry`; view.hpp hides a choice until its turn; the "
    "server commits to it (docs/commitments.md)",
    {.opening = open_rule_slot<kEntryChoiceRule>, .segment = &kEntryChoiceSegment, .event_words = event_words},
    {"11.0"}};
}  // namespace modules

}  // namespace hd::engine
