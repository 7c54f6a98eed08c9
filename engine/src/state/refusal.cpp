#include <hd/engine/state/refusal.hpp>

#include <array>
#include <utility>

namespace hd::engine {
namespace {

struct CodeText {
  RefusalCode code;
  std::string_view name;
  std::string_view pattern;
};

// In RefusalCode's order (checked by refusal_test.cpp).
constexpr CodeText kCodes[] = {
    {RefusalCode::GameOver, "game-over", "the game is over"},
    {RefusalCode::NotYourTurn, "not-your-turn", "it is the other side's player turn"},
    {RefusalCode::NotMovementPhase, "not-movement-phase", "units move only in the movement phase"},
    {RefusalCode::NoSuchUnit, "no-such-unit", "no such unit"},
    {RefusalCode::NotPhasingUnit, "not-phasing-unit", "only the phasing player's units move"},
    {RefusalCode::AlreadyMoved, "already-moved", "{0} has already moved this phase"},
    {RefusalCode::NotReleased, "not-released", "{0} may not move until released"},
    {RefusalCode::NotInPlay, "not-in-play", "{0} is no longer in play"},
    {RefusalCode::EmptyPath, "empty-path", "a move needs at least one hex"},
    {RefusalCode::NotArrived, "not-arrived", "{0} has not arrived yet"},
    {RefusalCode::BadEntryHex, "bad-entry-hex", "{0} is not an entry hex {1} may use now"},
    {RefusalCode::EntryHexEnemyHeld, "entry-hex-enemy-held", "the entry hex holds enemy units"},
    {RefusalCode::ZocAtNightOrRain, "zoc-at-night-or-rain",
     "no unit enters an enemy zone of control at night or in rain"},
    {RefusalCode::StopInZoc, "stop-in-zoc", "a unit stops on entering an enemy zone of control"},
    {RefusalCode::LeaveZoc, "leave-zoc", "{0} may not leave an enemy zone of control"},
    {RefusalCode::NotNeighbours, "not-neighbours", "{0} and {1} are not neighbours"},
    {RefusalCode::OutOfPlay, "out-of-play", "{0} is out of play"},
    {RefusalCode::EnemyOccupied, "enemy-occupied", "{0} holds enemy units"},
    {RefusalCode::ProhibitedCrossing, "prohibited-crossing", "no unit crosses from {0} to {1}"},
    {RefusalCode::NotExitHex, "not-exit-hex", "{0} is not an exit hex for this army"},
    {RefusalCode::NotEnoughMovement, "not-enough-movement", "the move costs {0} MP; {1} has {2} MP"},
    {RefusalCode::EntryOrder, "entry-order", "{0} enters after all of [5] ({1} is still to enter)"},
    {RefusalCode::NotCombatPhase, "not-combat-phase", "combat happens in the combat phase"},
    {RefusalCode::CombatUnfinished, "combat-unfinished",
     "finish the last combat's exchange, retreats and advance first"},
    {RefusalCode::NoAttackersOrDefenders, "no-attackers-or-defenders",
     "a combat needs attackers and defenders"},
    {RefusalCode::BadAttacker, "bad-attacker", "unknown or repeated attacker"},
    {RefusalCode::CannotAttack, "cannot-attack", "{0} cannot attack"},
    {RefusalCode::AlreadyFought, "already-fought", "{0} has already fought this phase"},
    {RefusalCode::DisplacedMayNotFire, "displaced-may-not-fire",
     "{0} was displaced before it fought and may not fire"},
    {RefusalCode::BadDefender, "bad-defender", "unknown or repeated defender"},
    {RefusalCode::NotEnemyUnit, "not-enemy-unit", "{0} is not an enemy unit"},
    {RefusalCode::AlreadyAttacked, "already-attacked", "{0} has already been attacked this phase"},
    {RefusalCode::BadBombardingUnit, "bad-bombarding-unit", "unknown or repeated bombarding unit"},
    {RefusalCode::NotArtillery, "not-artillery", "{0} is not artillery and cannot bombard"},
    {RefusalCode::BombardFromZoc, "bombard-from-zoc",
     "{0} is in an enemy zone of control: it attacks adjacent units and may not bombard"},
    {RefusalCode::ArElectionNotBombarding, "ar-election-not-bombarding",
     "only bombarding artillery may elect to suffer an Ar"},
    {RefusalCode::NotAdjacentToDefender, "not-adjacent-to-defender", "{0} is not adjacent to {1}"},
    {RefusalCode::AttackAcrossHexside, "attack-across-hexside", "{0} cannot attack across that hexside"},
    {RefusalCode::StackMustJoin, "stack-must-join", "{0} is stacked in {1} and must join this combat"},
    {RefusalCode::ChateauMustAttackAll, "chateau-must-attack-all",
     "{0} attacks from a chateau and must attack {1} too"},
    {RefusalCode::NoStrength, "no-strength", "both sides need strength"},
    {RefusalCode::OddsReduction, "odds-reduction",
     "odds may be reduced only to columns left of {0}, down to 1-5"},
    {RefusalCode::BombardOneHex, "bombard-one-hex", "a bombardment strikes a single enemy-occupied hex"},
    {RefusalCode::BombardIntoChateau, "bombard-into-chateau", "no bombardment into a chateau"},
    {RefusalCode::OutOfRange, "out-of-range", "{0} is out of bombardment range"},
    {RefusalCode::BombardThroughChateau, "bombard-through-chateau", "{0} may not bombard through a chateau"},
    {RefusalCode::NoLineOfSight, "no-line-of-sight", "{0} has no clear line of sight"},
    {RefusalCode::StackedBombardTogether, "stacked-bombard-together",
     "{0} is stacked with {1} and must bombard the same target"},
    {RefusalCode::NoRetreatAwaited, "no-retreat-awaited", "no retreat of that unit is awaited now"},
    {RefusalCode::OnlyChateauMayStay, "only-chateau-may-stay", "only a chateau defender may ignore a Dr"},
    {RefusalCode::RetreatHexMissing, "retreat-hex-missing", "name the hex to retreat into"},
    {RefusalCode::NoDisplacementNeeded, "no-displacement-needed", "there is room: no unit is displaced"},
    {RefusalCode::NotRetreatHex, "not-retreat-hex", "{0} is not an eligible retreat hex"},
    {RefusalCode::DisplaceOnlyIfBlocked, "displace-only-if-blocked",
     "a unit may be displaced only if no other retreat is open"},
    {RefusalCode::ChateauNoDisplace, "chateau-no-displace", "a chateau's defender cannot be displaced"},
    {RefusalCode::NameUnitToDisplace, "name-unit-to-displace", "name the friendly unit in {0} to displace"},
    {RefusalCode::AlreadyDisplaced, "already-displaced", "{0} was already displaced by this combat"},
    {RefusalCode::DisplacedCannotRetreat, "displaced-cannot-retreat", "{0} could not retreat safely"},
    {RefusalCode::NoAdvanceOffered, "no-advance-offered", "no advance is offered to this side now"},
    {RefusalCode::NotAdvanceCandidate, "not-advance-candidate",
     "only a participating, adjacent victorious unit may advance"},
    {RefusalCode::BadAdvanceHex, "bad-advance-hex", "advance one hex into a hex the combat vacated"},
    {RefusalCode::NoExchangePending, "no-exchange-pending", "no exchange awaits this side's choice"},
    {RefusalCode::UnitNamedTwice, "unit-named-twice", "a unit is named twice"},
    {RefusalCode::NotExchangeCandidate, "not-exchange-candidate",
     "{0} is not an adjacent attacker of this exchange"},
    {RefusalCode::ExchangeTooLittle, "exchange-too-little",
     "the attackers chosen total {0}; the defenders lost {1}"},
    {RefusalCode::ExchangeTooMuch, "exchange-too-much",
     "more attackers than the loss requires: a unit could be left out and still meet {0}"},
    {RefusalCode::OwnerRetreats, "owner-retreats", "the owning player retreats a unit"},
    {RefusalCode::DecisionPending, "decision-pending",
     "an exchange, a retreat or an advance must be decided first"},
    {RefusalCode::MustStillFight, "must-still-fight", "{0} must still attack or be attacked this phase"},
    {RefusalCode::Overstacked, "overstacked", "{0} holds {1} units; the limit is {2}"},
    {RefusalCode::NotSetupPhase, "not-setup-phase", "units are placed only in the set-up"},
    {RefusalCode::NotYourSetup, "not-your-setup", "it is the other side's set-up"},
    {RefusalCode::NotYourUnit, "not-your-unit", "{0} is not this side's unit"},
    {RefusalCode::FixedSetupHex, "fixed-setup-hex", "{0} sets up in its named hex only"},
    {RefusalCode::OutsideSetupRadius, "outside-setup-radius", "{0} sets up within {1} of {2}"},
    {RefusalCode::SetupHexBlocked, "setup-hex-blocked", "{0} is off the playing area, enemy-held or full"},
    {RefusalCode::SetupHexBlockedUnstacked, "setup-hex-blocked-unstacked",
     "{0} is off the playing area, enemy-held or full (this group sets up unstacked)"},
    {RefusalCode::AdvancedAfterCombat, "advanced-after-combat",
     "{0} advanced after combat: it may neither attack nor be attacked this phase"},
    {RefusalCode::OwesAdjacentAttack, "owes-adjacent-attack",
     "{0} began the combat phase in an enemy zone of control: it attacks adjacent units and may not bombard "
     "this phase"},
    {RefusalCode::DemoralizedMayNotStay, "demoralized-may-not-stay",
     "{0} belongs to a demoralized army and may not ignore the Dr in its chateau"},
    {RefusalCode::DemoralizedMayNotAdvance, "demoralized-may-not-advance",
     "{0} belongs to a demoralized army, corps or nationality and may not advance"},
    {RefusalCode::NotInfantryMayNotStay, "not-infantry-may-not-stay",
     "{0} is not infantry: only infantry in a chateau may ignore a Dr"},
    {RefusalCode::LeaderEntersZoc, "leader-enters-zoc",
     "a leader may enter {0}, in an enemy zone of control, only with a friendly combat unit there"},
    {RefusalCode::LeaderCannotFight, "leader-cannot-fight",
     "{0} is a leader: leaders neither attack nor defend"},
    {RefusalCode::LeaderPlacedAlone, "leader-placed-alone",
     "a leader sets up with a friendly combat unit; {0} has none"},
    {RefusalCode::OocEntersZoc, "out-of-command-enters-zoc",
     "{0} is out of command and may not enter {1}, in an enemy zone of control"},
    {RefusalCode::OocMayNotBombard, "out-of-command-may-not-bombard",
     "{0} is out of command and may not bombard"},
    {RefusalCode::OocMayNotAdvance, "out-of-command-may-not-advance",
     "{0} is out of command and may not advance after combat"},
    {RefusalCode::RuleNotInForce, "rule-not-in-force", "this game does not play that rule"},
    {RefusalCode::RuleSegmentClosed, "rule-segment-closed", "that rule's segment is not open now"},
    {RefusalCode::RuleSegmentPending, "rule-segment-pending",
     "a segment of the sequence of play comes first: take its decision or end it"},
    {RefusalCode::RuleOwn, "rule-own", "the rule refuses it"},  // the words are the refusal's own
};

const CodeText& entry(RefusalCode code) {
  const auto index = static_cast<std::size_t>(code);
  static const CodeText unknown{code, "?", "?"};
  return index < std::size(kCodes) ? kCodes[index] : unknown;
}

// Half movement points as people write them: "3", "2.5".
std::string half_mp_text(int half_mp) {
  return std::to_string(half_mp / 2) + (half_mp % 2 ? ".5" : "");
}

std::string arg_text(const RefusalArg& arg, const std::function<std::string(UnitIndex)>& unit_name) {
  switch (arg.kind) {
    case RefusalArg::Kind::Unit:
      return unit_name(arg.unit);
    case RefusalArg::Kind::Hex:
      return format_hex(arg.hex);
    case RefusalArg::Kind::Number:
      return std::to_string(arg.number);
    case RefusalArg::Kind::HalfMp:
      return half_mp_text(arg.number);
    case RefusalArg::Kind::Odds:
      return arg.odds;
    case RefusalArg::Kind::HiddenUnit:
      return "a unit";
  }
  return "?";
}

}  // namespace

const std::vector<RefusalCode>& all_refusal_codes() {
  static const std::vector<RefusalCode> codes = [] {
    std::vector<RefusalCode> all;
    for (const CodeText& code : kCodes)
      all.push_back(code.code);
    return all;
  }();
  return codes;
}

std::string_view to_string(RefusalCode code) {
  return entry(code).name;
}

std::string_view refusal_pattern(RefusalCode code) {
  return entry(code).pattern;
}

RefusalArg RefusalArg::of_unit(UnitIndex unit) {
  RefusalArg arg;
  arg.kind = Kind::Unit;
  arg.unit = unit;
  return arg;
}

RefusalArg RefusalArg::of_hex(Hex hex) {
  RefusalArg arg;
  arg.kind = Kind::Hex;
  arg.hex = hex;
  return arg;
}

RefusalArg RefusalArg::of_number(int number) {
  RefusalArg arg;
  arg.kind = Kind::Number;
  arg.number = number;
  return arg;
}

RefusalArg RefusalArg::of_half_mp(int half_mp) {
  RefusalArg arg = of_number(half_mp);
  arg.kind = Kind::HalfMp;
  return arg;
}

RefusalArg RefusalArg::of_odds(std::string column) {
  RefusalArg arg;
  arg.kind = Kind::Odds;
  arg.odds = std::move(column);
  return arg;
}

RefusalArg RefusalArg::hidden_unit() {
  RefusalArg arg;
  arg.kind = Kind::HiddenUnit;
  return arg;
}

Refusal refuse(RefusalCode code, std::string rule, std::initializer_list<RefusalArg> args) {
  return Refusal{code, std::move(rule), std::vector<RefusalArg>(args), {}, {}};
}

Refusal refuse_by_rule(std::string rule, std::string_view reason, std::string_view pattern,
                       std::initializer_list<RefusalArg> args) {
  return Refusal{RefusalCode::RuleOwn, std::move(rule), std::vector<RefusalArg>(args), std::string(reason),
                 std::string(pattern)};
}

std::string format_refusal(const Refusal& refusal, const std::function<std::string(UnitIndex)>& unit_name) {
  const std::vector<RefusalArg>& args = refusal.args;
  const std::string_view pattern = refusal.code == RefusalCode::RuleOwn && !refusal.pattern.empty()
                                       ? std::string_view(refusal.pattern)
                                       : refusal_pattern(refusal.code);
  std::string text;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '{' && i + 2 < pattern.size() && pattern[i + 2] == '}') {
      const auto n = static_cast<std::size_t>(pattern[i + 1] - '0');
      text += n < args.size() ? arg_text(args[n], unit_name) : "?";
      i += 2;
    } else {
      text += pattern[i];
    }
  }
  return text;
}

}  // namespace hd::engine
