// The action notation: lines parse into actions and actions format back into the same lines.
#include "rules_fixture.hpp"

#include <hd/engine/notation/notation.hpp>

using namespace hd::test;

TEST_CASE("notation lines round-trip through parse and format", "[notation]") {
  auto state =
      make_game("",
                {{"french", "A", "infantry", 4, 4},
                 {"allied", "Horse [2]", "cavalry", 4, 6},
                 {"prussian", "A", "infantry", 4, 4}},
                "setup french 0505 : A\nsetup allied 0909 : \"Horse [2]\"\nsetup prussian 0101 : A\n");
  for (const std::string line :
       {"french move french:A 0506 0507", "french end",
        "french attack french:A on \"Horse [2]\" reduce 1 die 4", "coalition retreat \"Horse [2]\" 0910",
        "coalition retreat \"Horse [2]\" 0910 displace prussian:A", "coalition retreat \"Horse [2]\" stay",
        "french advance french:A 0506", "french advance none", "french move french:A 0506 exit",
        "french attack french:A on \"Horse [2]\" with prussian:A",
        "french attack on \"Horse [2]\" with prussian:A accept-ar prussian:A die 2",
        "french exchange french:A prussian:A", "french exchange", "french end dice 4 2",
        "coalition end die 6", "french place french:A 0506"}) {
    const auto parsed = parse_action_line(state, line);
    INFO(line);
    REQUIRE(std::holds_alternative<NotatedAction>(parsed));
    const auto& notated = std::get<NotatedAction>(parsed);
    CHECK(format_action(state, notated.side, notated.action, notated.dice) == line);
  }
}

TEST_CASE("bad notation lines say what is wrong", "[notation]") {
  auto state = make_game("", {{"french", "A", "infantry", 4, 4}, {"prussian", "A", "infantry", 4, 4}},
                         "setup french 0505 : A\nsetup prussian 0101 : A\n");
  const auto error = [&](const std::string& line) {
    const auto parsed = parse_action_line(state, line);
    return std::holds_alternative<std::string>(parsed) ? std::get<std::string>(parsed)
                                                       : std::string("(parsed)");
  };
  CHECK(error("french move A 0506") == "'A' is ambiguous: write ARMY:ID");
  CHECK(error("austrian end") == "unknown side 'austrian' (french, coalition)");
  CHECK(error("french dance") ==
        "unknown action 'dance' (move, attack, retreat, advance, exchange, place, end, reorganize, hide, "
        "reveal, deploy, move-marker, headquarters, choose-entry)");
  CHECK(error("french move french:A 05x6") == "expected a hex CCRR, found '05x6'");
  CHECK(error("french move Nobody 0506") == "no unit 'Nobody'");
  CHECK(error("french attack french:A on prussian:A die 7") == "a die shows 1 to 6");
  CHECK(error("french attack french:A") == "expected: attack UNIT ... on UNIT ... [with ARTILLERY ...]");
  CHECK(error("french") == "expected: SIDE ACTION ...");
  CHECK(error("french end dice 4 7") == "a die shows 1 to 6");
  CHECK(error("french end die 4 2") == "'die' takes one number; several are 'dice N M ...'");
  CHECK(error("french end dice") == "'dice' needs a number");
  CHECK(error("french exchange Nobody") == "no unit 'Nobody'");
}
