// The standard rules' chapters (1.0-9.0), carried out by the engine's core rather than by hooks:
// registered so that a scenario's `rules 1.0-9.0` line is checked like any other rule.
#include <hd/engine/rules/modules/rule_module.hpp>

namespace hd::engine::modules {

extern const RuleModule standard_1_0{"1.0", "Introduction", "the core: board/army (sides and armies)", {}};
extern const RuleModule standard_2_0{
    "2.0", "Game equipment", "the core: board/ (map, hexes, charts), data/", {}};
extern const RuleModule standard_3_0{"3.0",
                                     "Setting up and winning",
                                     "the core: state/game_setup, rules/sequence/setup_phase, rules/victory",
                                     {}};
extern const RuleModule standard_4_0{"4.0", "Sequence of play", "the core: rules/sequence/actions", {}};
extern const RuleModule standard_5_0{"5.0", "Movement", "the core: rules/movement", {}};
extern const RuleModule standard_6_0{"6.0", "Combat", "the core: rules/combat", {}};
extern const RuleModule standard_7_0{
    "7.0", "Artillery", "the core: rules/combat (attack_check, odds, line_of_sight)", {}};
extern const RuleModule standard_8_0{
    "8.0", "Chateaux", "the core: rules/combat (attack_check, odds, retreats)", {}};
extern const RuleModule standard_9_0{"9.0", "Army morale", "the core: rules/morale", {}};

}  // namespace hd::engine::modules
