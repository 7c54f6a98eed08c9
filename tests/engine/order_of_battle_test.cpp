// Orders of battle: values carry their provenance, tables are cross-checked, a manifest overrides.
#include <hd/engine/data/order_of_battle.hpp>

#include <catch2/catch.hpp>

using namespace hd::engine;

namespace {

const std::string kHeader =
    "id\tname\tarmy\tnationality\tcommand\ttype\tbattalions\tsquadrons\tbatteries\tguns\tmen\tfull_strength\t"
    "reduced_strength\tmovement\tvalue_source\tvariant\n";
const std::string kDerivedHeader = "army\tid\tfull_strength\treduced_strength\tmovement\tprovenance\n";
const std::string kLeaders =
    "id\tname\tarmy\trole\tcommand\tcommand_capacity\tvariant\nWell\tWellington\tallied\tcommander\t\t4\t\n";

std::string all(const std::vector<DataError>& errors) {
  std::string text;
  for (const auto& e : errors)
    text += e.to_string() + "\n";
  return text;
}

}  // namespace

TEST_CASE("stated values stay stated, the rest come from derived.tsv with their formula", "[oob]") {
  const std::string units =
      kHeader +
      "Blndt\tBylandt\tallied\tnetherlands\t1/[N2]\tinfantry\t5.5\t\t\t\t3400\t4\t\t4\tstated: 6.0\t\n"
      "Adye\tAdye\tallied\tbritish\t[1]\tfoot_artillery\t\t\t2\t12\t\t\t\t\t\t\n";
  const std::string derived = kDerivedHeader +
                              "allied\tBlndt\t4\t2\t4\tstated: 6.0\n"
                              "allied\tAdye\t2\t1\t4\tderived: ART\n";
  std::vector<DataError> errors;
  const auto oob = OrderOfBattle::load({units, derived, kLeaders}, "armies", errors);
  INFO(all(errors));
  REQUIRE(errors.empty());
  const UnitDefinition* bylandt = oob.find_unit(Army::Allied, "Blndt");
  REQUIRE(bylandt);
  CHECK(bylandt->battalions == Approx(5.5));
  CHECK(bylandt->full_strength->value == 4);
  CHECK(bylandt->full_strength->provenance == Provenance::Stated);
  CHECK(bylandt->reduced_strength->provenance == Provenance::Derived);
  CHECK(bylandt->movement->provenance == Provenance::Stated);
  const UnitDefinition* adye = oob.find_unit(Army::Allied, "Adye");
  REQUIRE(adye);
  CHECK(adye->type == UnitType::FootArtillery);
  CHECK(is_artillery(adye->type));
  CHECK(adye->full_strength->source == "derived: ART");
  CHECK(oob.find_leader(Army::Allied, "Well")->command_capacity == "4");
  CHECK_FALSE(oob.find_unit(Army::French, "Adye"));
}

TEST_CASE("the tables must agree with each other", "[oob]") {
  const std::string units =
      kHeader +
      "Blndt\tBylandt\tallied\tnetherlands\t1/[N2]\tinfantry\t\t\t\t\t3400\t4\t\t4\tstated: 6.0\t\n";
  std::vector<DataError> errors;
  OrderOfBattle::load({units, kDerivedHeader + "allied\tBlndt\t5\t2\t4\tx\n", kLeaders}, "armies", errors);
  CHECK_THAT(
      all(errors),
      Catch::Contains("armies/derived.tsv:2: full_strength of 'Blndt' is stated as 4 but derived as 5"));

  errors.clear();
  OrderOfBattle::load({units, kDerivedHeader, kLeaders}, "armies", errors);
  CHECK_THAT(all(errors), Catch::Contains("armies/units.tsv:2: unit 'Blndt' has no row in derived.tsv"));

  errors.clear();
  OrderOfBattle::load(
      {units + units.substr(kHeader.size()), kDerivedHeader + "allied\tBlndt\t4\t2\t4\tx\n", kLeaders},
      "armies", errors);
  CHECK_THAT(all(errors), Catch::Contains("armies/units.tsv:3: duplicate unit id 'Blndt'"));

  errors.clear();
  OrderOfBattle::load(
      {kHeader + "X\tx\tswedish\tswedish\t[1]\tinfantry\t\t\t\t\t\t\t\t\t\t\n", kDerivedHeader, kLeaders},
      "armies", errors);
  CHECK_THAT(all(errors), Catch::Contains("unknown army 'swedish'"));

  errors.clear();
  OrderOfBattle::load(
      {kHeader + "X\tx\tfrench\tfrench\t[1]\tpikemen\t\t\t\t\t\t\t\t\t\t\n", kDerivedHeader, kLeaders},
      "armies", errors);
  CHECK_THAT(all(errors), Catch::Contains("unknown unit type 'pikemen'"));

  errors.clear();
  OrderOfBattle::load({kHeader + "X\tx\tfrench\n", kDerivedHeader, kLeaders}, "armies", errors);
  CHECK_THAT(all(errors), Catch::Contains("armies/units.tsv:2: expected 16 tab-separated cells, found 3"));
}

TEST_CASE("a counter manifest overrides printed values and says so", "[oob]") {
  const std::string units =
      kHeader + "Adye\tAdye\tallied\tbritish\t[1]\tfoot_artillery\t\t\t2\t12\t\t\t\t\t\t\n";
  std::vector<DataError> errors;
  auto oob = OrderOfBattle::load({units, kDerivedHeader + "allied\tAdye\t2\t1\t4\tderived: ART\n", kLeaders},
                                 "armies", errors);
  REQUIRE(errors.empty());
  oob.apply_manifest("army\tid\tfull_strength\treduced_strength\tmovement\nallied\tAdye\t3\t\t5\n",
                     "mine.tsv", errors);
  REQUIRE(errors.empty());
  const UnitDefinition* adye = oob.find_unit(Army::Allied, "Adye");
  CHECK(adye->full_strength->value == 3);
  CHECK(adye->full_strength->provenance == Provenance::Manifest);
  CHECK(adye->full_strength->source == "mine.tsv:2");
  CHECK(adye->reduced_strength->value == 1);  // empty cell: unchanged
  CHECK(adye->reduced_strength->provenance == Provenance::Derived);
  CHECK(adye->movement->value == 5);

  oob.apply_manifest(
      "army\tid\tfull_strength\treduced_strength\tmovement\nallied\tNobody\t3\t\t\nallied\tAdye\tx\t\t\n",
      "mine.tsv", errors);
  CHECK_THAT(all(errors), Catch::Contains("mine.tsv:2: no unit 'Nobody' in army 'allied'"));
  CHECK_THAT(all(errors), Catch::Contains("mine.tsv:3: column full_strength: 'x' is not a whole number"));
}
