// 28.0 Campaign Variant special rules. 28.0E Exited French Units: "Trace the LOS [line of supply] from
// 0605 to the French trains. The train may exit, in which case all French units trace supply from
// [lost]": read as 0605 (docs/rules-notes.md, 16.17; scenarios/campaign-variant/NOTES.md R-X7).
#include <hd/engine/rules/modules/rule_module.hpp>

namespace hd::engine::modules {

// Its first sentence is 22.4B's exit condition with 16.17's train as the only source (22.4B's line
// from 0605 runs to supply_train_sources()); its second, the exited train, is a case of
// supply_train_sources() that only 28.0E opens.
extern const RuleModule campaign_variant_28_0E{
    "28.0E",
    "Exited French units trace supply from 0605 to the French train; once the train has exited, French "
    "units trace supply to 0605",
    "no hooks of its own: 22.4B's exit check traces from 0605 to the train (16.17's "
    "supply_train_sources()), which gives an exited train's side its exit hexes as the source only where "
    "28.0E is in force"};

}  // namespace hd::engine::modules
