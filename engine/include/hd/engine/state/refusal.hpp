// Why the engine refused an action: a precise code, the rule that forbids it, and typed arguments
// (units, hexes, numbers). The words are written from these by whoever shows the refusal
// (describe() here, the clients' formatter over the wire); a refusal carries no sentence, so that a
// unit the refused seat may not see can be left out of it (visibility/view.hpp, redact()).
#pragma once

#include <hd/engine/board/hex.hpp>
#include <hd/engine/state/game_state.hpp>

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::engine {

// One code per reason. The comment gives the rule the reason usually comes from; the rule that
// refused is always Refusal::rule. New codes go at the end (the wire mirrors this order).
enum class RefusalCode {
  GameOver,                  // 3.0
  NotYourTurn,               // 4.1: the other side's player turn
  NotMovementPhase,          // 4.1
  NoSuchUnit,                // no unit with that number
  NotPhasingUnit,            // 5.1: only the phasing player's units move
  AlreadyMoved,              // 5.1C {unit}
  NotReleased,               // 19.5C {unit}
  NotInPlay,                 // 5.5A {unit}: eliminated or exited
  EmptyPath,                 // 5.0
  NotArrived,                // 5.6 {unit}
  BadEntryHex,               // 5.6D {hex, unit}
  EntryHexEnemyHeld,         // 5.6D
  ZocAtNightOrRain,          // 5.3F
  StopInZoc,                 // 5.0
  LeaveZoc,                  // 5.3E {unit}
  NotNeighbours,             // 5.0 {hex, hex}
  OutOfPlay,                 // 3.2A {hex}
  EnemyOccupied,             // 5.0 {hex}
  ProhibitedCrossing,        // 5.2A {hex, hex}
  NotExitHex,                // 5.5 {hex}
  NotEnoughMovement,         // 5.1 {half MP cost, unit, half MP allowance}
  EntryOrder,                // 19.2C {unit, unit still to enter}
  NotCombatPhase,            // 4.1
  CombatUnfinished,          // 6.7: exchange, retreats or advance of the last combat first
  NoAttackersOrDefenders,    // 6.1
  BadAttacker,               // 6.1: unknown or repeated
  CannotAttack,              // 6.0 {unit}
  AlreadyFought,             // 6.1B {unit}
  DisplacedMayNotFire,       // 6.6D {unit}
  BadDefender,               // 6.1: unknown or repeated
  NotEnemyUnit,              // 6.0 {unit}
  AlreadyAttacked,           // 6.1B {unit}
  BadBombardingUnit,         // 7.1: unknown or repeated
  NotArtillery,              // 7.0 {unit}
  BombardFromZoc,            // 7.4A {unit}
  ArElectionNotBombarding,   // 7.1E
  NotAdjacentToDefender,     // 6.1E {unit, unit}
  AttackAcrossHexside,       // TEC {unit}
  StackMustJoin,             // 6.1D {unit, hex}
  ChateauMustAttackAll,      // 8.2A {unit, unit}
  NoStrength,                // 6.2
  OddsReduction,             // 6.2C {odds}
  BombardOneHex,             // 7.1
  BombardIntoChateau,        // 8.1C
  OutOfRange,                // 7.1B {unit}
  BombardThroughChateau,     // 8.1C {unit}
  NoLineOfSight,             // 7.3 {unit}
  StackedBombardTogether,    // 7.1C {unit, unit}
  NoRetreatAwaited,          // 6.6
  OnlyChateauMayStay,        // 8.2C
  RetreatHexMissing,         // 6.6
  NoDisplacementNeeded,      // 6.6C
  NotRetreatHex,             // 6.6A {hex}
  DisplaceOnlyIfBlocked,     // 6.6C
  ChateauNoDisplace,         // 8.1A
  NameUnitToDisplace,        // 6.6D {hex}
  AlreadyDisplaced,          // 6.6D {unit}
  DisplacedCannotRetreat,    // 6.6D {unit}
  NoAdvanceOffered,          // 6.7
  NotAdvanceCandidate,       // 6.7
  BadAdvanceHex,             // 6.7B
  NoExchangePending,         // 6.5A
  UnitNamedTwice,            // 6.5A
  NotExchangeCandidate,      // 6.5A {unit}
  ExchangeTooLittle,         // 6.5A {chosen strength, loss}
  ExchangeTooMuch,           // 6.5A {loss}
  OwnerRetreats,             // 6.6B
  DecisionPending,           // 6.6: an exchange, a retreat or an advance first
  MustStillFight,            // 6.1 {unit}
  Overstacked,               // 5.4, 8.1A {hex, units, limit}
  NotSetupPhase,             // 3.2C
  NotYourSetup,              // 3.2C
  NotYourUnit,               // 3.2C {unit}
  FixedSetupHex,             // 3.2C {unit}
  OutsideSetupRadius,        // 3.2C {unit, radius, hex}
  SetupHexBlocked,           // 3.2C {hex}
  SetupHexBlockedUnstacked,  // 3.2C {hex}: the group sets up unstacked
  AdvancedAfterCombat,       // 6.7C {unit}: neither attacks nor is attacked after advancing
  OwesAdjacentAttack,        // 7.4A {unit}: began the combat phase in an EZOC, so it may not bombard
  DemoralizedMayNotStay,     // 8.2C {unit}: a demoralized chateau defender retreats on a Dr
  DemoralizedMayNotAdvance,  // 9.3, 13.2 {unit}: a demoralized army's (or corps') units do not advance
  NotInfantryMayNotStay,     // 8.2C {unit}: only infantry in a chateau may ignore a Dr
  LeaderEntersZoc,           // 10.1D {hex}: a leader enters an EZOC only where a friendly combat unit is
  LeaderCannotFight,         // 10.2 {unit}: leaders neither attack nor defend
  LeaderPlacedAlone,         // 10.1A {hex}: a leader sets up with a friendly combat unit
  OocEntersZoc,              // 11.3A {unit, hex}: an out-of-command unit or leader enters no EZOC
  OocMayNotBombard,          // 11.3B {unit}: out-of-command artillery may not bombard
  OocMayNotAdvance,          // 11.3B, 11.3C {unit}: an out-of-command unit does not advance after combat
  RuleNotInForce,            // a rule's action in a game that does not play the rule
  RuleSegmentClosed,         // 4.1: a rule's action outside its open segment
  RuleSegmentPending,        // 4.1A: a rule's segment (12.0) is decided, or ended, before the phase goes on
  // A reason of the refusing rule's own (12.0's "not-reorganizable"): Refusal::reason names it and
  // Refusal::pattern holds its words, both the rule module's, so a rule adds refusals without a
  // code here or on the wire (refuse_by_rule()).
  RuleOwn,
};

// Every code, in order (for tables and tests).
const std::vector<RefusalCode>& all_refusal_codes();

// "not-your-turn": a stable name for logs and the wire's enum names.
std::string_view to_string(RefusalCode code);

// The sentence pattern of a code: "{0} has already moved this phase", {N} standing for argument N.
std::string_view refusal_pattern(RefusalCode code);

// One typed argument of a refusal.
struct RefusalArg {
  enum class Kind { Unit, Hex, Number, HalfMp, Odds, HiddenUnit };
  Kind kind = Kind::Number;
  UnitIndex unit = 0;  // Unit
  Hex hex{};           // Hex
  int number = 0;      // Number; HalfMp in half movement points
  std::string odds;    // Odds: a CRT column, "3-1"

  static RefusalArg of_unit(UnitIndex unit);
  static RefusalArg of_hex(Hex hex);
  static RefusalArg of_number(int number);
  static RefusalArg of_half_mp(int half_mp);
  static RefusalArg of_odds(std::string column);
  static RefusalArg hidden_unit();  // a unit the refused seat may not see (redact())

  friend bool operator==(const RefusalArg&, const RefusalArg&) = default;
};

struct Refusal {
  RefusalCode code = RefusalCode::NoSuchUnit;
  std::string rule;  // "5.3E"
  std::vector<RefusalArg> args;
  std::string reason;   // RuleOwn: the rule's stable name for it, "officer-near-enemy"
  std::string pattern;  // RuleOwn: its words, "{0} is within ten hexes of the enemy unit {1}"

  friend bool operator==(const Refusal&, const Refusal&) = default;
};

// The refusal `code` by `rule` with `args` (the one way rule code builds a refusal).
Refusal refuse(RefusalCode code, std::string rule, std::initializer_list<RefusalArg> args = {});

// A refusal of a rule module's own (RefusalCode::RuleOwn) by `rule`: its `reason` and its words'
// `pattern` ({N} standing for argument N), both the module's constants.
Refusal refuse_by_rule(std::string rule, std::string_view reason, std::string_view pattern,
                       std::initializer_list<RefusalArg> args = {});

// Writes the refusal's words: its code's pattern (a RuleOwn refusal's own) with its arguments;
// units are named by `unit_name` (a hidden unit is "a unit", an argument missing is "?"). Shared by
// the engine's describe() and the clients.
std::string format_refusal(const Refusal& refusal, const std::function<std::string(UnitIndex)>& unit_name);

}  // namespace hd::engine
