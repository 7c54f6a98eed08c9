// Registration: a rule module is defined in its own file (hd::engine::modules::NAME) and named
// once here, in the list below. Nothing else needs to know it exists.
#include "registered_modules.hpp"

namespace hd::engine {
namespace modules {
extern const RuleModule standard_1_0, standard_2_0, standard_3_0, standard_4_0, standard_5_0, standard_6_0,
    standard_7_0, standard_8_0, standard_9_0;
extern const RuleModule leaders_10_0;
extern const RuleModule reorganization_12_0, reorganization_limitations_12_1,
    reorganizing_while_demoralized_12_2;
extern const RuleModule corps_morale_13_0;
extern const RuleModule command_11_0, leaders_and_command_11_1, tracing_command_11_2, command_effects_11_3;
extern const RuleModule supply_14_0, supply_sources_14_1, blocking_supply_14_2;
extern const RuleModule combined_arms_15_1, imperial_guard_15_2;
extern const RuleModule additional_leaders_16_1C, allied_rifles_16_1B, observation_16_3, hidden_movement_16_6, army_headquarters_16_14,
    out_of_command_effects_16_15, supply_trains_16_17;
extern const RuleModule ligny_18_3A, ligny_18_3B, ligny_18_4A, ligny_18_5A, ligny_18_5B, ligny_18_5C;
extern const RuleModule quatre_bras_19_2C, quatre_bras_19_4C, quatre_bras_19_5A, quatre_bras_19_5C,
    quatre_bras_19_5D;
extern const RuleModule wavre_20_3A, wavre_20_4C;
extern const RuleModule quatre_bras_variant_23_0B, quatre_bras_variant_23_0C, quatre_bras_variant_23_0D;
extern const RuleModule la_belle_alliance_21_3A, la_belle_alliance_21_3B;
extern const RuleModule campaign_22_2C, campaign_22_4A, campaign_22_4B, campaign_22_4C, campaign_22_5A,
    campaign_22_5B, campaign_22_6A, campaign_22_6B, campaign_22_6F;
extern const RuleModule grand_ligny_24_0, grand_ligny_24_1A, grand_ligny_24_1B, grand_ligny_24_1C,
    grand_ligny_24_2C, grand_ligny_24_4A, grand_ligny_24_4B, grand_ligny_24_4C, grand_ligny_24_4D,
    grand_ligny_24_5A, grand_ligny_24_5B, grand_ligny_24_5C;
extern const RuleModule la_belle_alliance_variant_26_0B, la_belle_alliance_variant_26_0C,
    la_belle_alliance_variant_26_0D, la_belle_alliance_variant_26_0E, la_belle_alliance_variant_26_0F;
extern const RuleModule grand_waterloo_27_1A, grand_waterloo_27_1B, grand_waterloo_27_1C,
    grand_waterloo_27_1D, grand_waterloo_27_1E, grand_waterloo_27_2C, grand_waterloo_27_2D,
    grand_waterloo_27_4A, grand_waterloo_27_3, grand_waterloo_27_4B, grand_waterloo_27_4C,
    grand_waterloo_27_5B;
extern const RuleModule historic_wavre_25_0E_1, historic_wavre_25_0E_2;
extern const RuleModule campaign_variant_28_0C, campaign_variant_28_0D, campaign_variant_28_0E;
}  // namespace modules

std::vector<const RuleModule*> rule_module_table() {
  using namespace modules;
  return {
      // The standard rules (1.0-9.0): the engine's core.
      &standard_1_0,
      &standard_2_0,
      &standard_3_0,
      &standard_4_0,
      &standard_5_0,
      &standard_6_0,
      &standard_7_0,
      &standard_8_0,
      &standard_9_0,
      // The campaign rules (10.0-14.0): src/rules/<area>/ (10.0 leaders, 11.0 command, 12.0
      // reorganization, 13.0 corps morale, 14.0 supply).
      &leaders_10_0,
      &command_11_0,
      &leaders_and_command_11_1,
      &tracing_command_11_2,
      &command_effects_11_3,
      &reorganization_12_0,
      &reorganization_limitations_12_1,
      &reorganizing_while_demoralized_12_2,
      &corps_morale_13_0,
      &supply_14_0,
      &supply_sources_14_1,
      &blocking_supply_14_2,
      // Optional rules (15.0): src/rules/optional/.
      &combined_arms_15_1,
      &imperial_guard_15_2,
      // Variant rules (16.0): src/rules/variant/.
      &allied_rifles_16_1B,
      &additional_leaders_16_1C,
      &observation_16_3,
      &hidden_movement_16_6,
      &army_headquarters_16_14,
      &out_of_command_effects_16_15,
      &supply_trains_16_17,
      // Scenario special rules (18.0-28.0): src/scenarios/, one file per scenario.
      &ligny_18_3A,
      &ligny_18_3B,
      &ligny_18_4A,
      &ligny_18_5A,
      &ligny_18_5B,
      &ligny_18_5C,
      &quatre_bras_19_2C,
      &quatre_bras_19_4C,
      &quatre_bras_19_5A,
      &quatre_bras_19_5C,
      &quatre_bras_19_5D,
      &wavre_20_3A,
      &wavre_20_4C,
      &la_belle_alliance_21_3A,
      &la_belle_alliance_21_3B,
      &campaign_22_2C,
      &campaign_22_4A,
      &campaign_22_4B,
      &campaign_22_4C,
      &campaign_22_5A,
      &campaign_22_5B,
      &campaign_22_6A,
      &campaign_22_6B,
      &campaign_22_6F,
      &quatre_bras_variant_23_0B,
      &quatre_bras_variant_23_0C,
      &quatre_bras_variant_23_0D,
      &grand_ligny_24_0,
      &grand_ligny_24_1A,
      &grand_ligny_24_1B,
      &grand_ligny_24_1C,
      &grand_ligny_24_2C,
      &grand_ligny_24_4A,
      &grand_ligny_24_4B,
      &grand_ligny_24_4C,
      &grand_ligny_24_4D,
      &grand_ligny_24_5A,
      &grand_ligny_24_5B,
      &grand_ligny_24_5C,
      &historic_wavre_25_0E_1,
      &historic_wavre_25_0E_2,
      &la_belle_alliance_variant_26_0B,
      &la_belle_alliance_variant_26_0C,
      &la_belle_alliance_variant_26_0D,
      &la_belle_alliance_variant_26_0E,
      &la_belle_alliance_variant_26_0F,
      &grand_waterloo_27_1A,
      &grand_waterloo_27_1B,
      &grand_waterloo_27_1C,
      &grand_waterloo_27_1D,
      &grand_waterloo_27_1E,
      &grand_waterloo_27_2C,
      &grand_waterloo_27_2D,
      &grand_waterloo_27_3,
      &grand_waterloo_27_4A,
      &grand_waterloo_27_4B,
      &grand_waterloo_27_4C,
      &grand_waterloo_27_5B,
      &campaign_variant_28_0C,
      &campaign_variant_28_0D,
      &campaign_variant_28_0E,
  };
}

}  // namespace hd::engine
