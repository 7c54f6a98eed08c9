// The create form's words for the server's scenarios (view/scenario_labels), on the list a server
// on the real scenario files answers and on hand-built entries: the NOT BY THE BOOK mark of a
// scenario with missing rules (list entry and note naming the rules), a secret option's side, and
// shortening that cuts the title, never the rule number or the marks.
#include "view/scenario_labels.hpp"

#include "model/scenario_catalogue.hpp"
#include "served_scenarios.hpp"

#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <algorithm>

namespace pb = hundred_days::v1;
using hd::client::force_option_label;
using hd::client::ForceOption;
using hd::client::not_by_the_book_note;
using hd::client::scenario_list_label;
using hd::client::ScenarioEntry;

namespace {

const ScenarioEntry& served(const std::string& slug) {
  static const std::vector<ScenarioEntry> entries =
      hd::client::scenario_catalogue_from(hd::test::served_scenarios(hd::loader::default_data_root()));
  const auto it =
      std::find_if(entries.begin(), entries.end(), [&](const ScenarioEntry& e) { return e.slug == slug; });
  INFO(slug);
  REQUIRE(it != entries.end());
  return *it;
}

const ForceOption& option_of(const ScenarioEntry& entry, const std::string& id) {
  const auto it = std::find_if(entry.force_options.begin(), entry.force_options.end(),
                               [&](const ForceOption& o) { return o.id == id; });
  INFO(id);
  REQUIRE(it != entry.force_options.end());
  return *it;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("a scenario the server plays by the book is listed plainly, one with missing rules is marked") {
  const ScenarioEntry& quatre_bras = served("quatre-bras");
  CHECK(scenario_list_label(quatre_bras, 40) == "Quatre Bras (19.0)");
  CHECK(not_by_the_book_note(quatre_bras).empty());

  // Every shipped scenario now plays by the book: the Campaign Variant as a server lacking two of its
  // modules would list it. Its entry and the form's note say so.
  ScenarioEntry variant = served("campaign-variant");
  CHECK(variant.missing_rules.empty());
  variant.missing_rules = {"28.0C", "28.0D"};
  CHECK(scenario_list_label(variant, 40).ends_with(") NOT BY THE BOOK"));
  const std::string note = not_by_the_book_note(variant);
  INFO(note);
  CHECK(note.rfind("NOT BY THE BOOK: missing " + variant.missing_rules.front(), 0) == 0);
  for (const std::string& rule : variant.missing_rules)
    CHECK(contains(note, rule));
  // Grand Waterloo plays by the book (27.1A, 27.3, 27.5B): listed plainly.
  const ScenarioEntry& grand_waterloo = served("grand-waterloo");
  CHECK(grand_waterloo.missing_rules.empty());
  CHECK(scenario_list_label(grand_waterloo, 40) == "Grand Waterloo (" + grand_waterloo.rule + ")");
  CHECK(contains(note, "(only a development server makes this game)"));
}

TEST_CASE("a secret force option shows the side whose secret choice it is") {
  const ScenarioEntry& ligny = served("ligny");
  const ForceOption& secret = option_of(ligny, "18.5C");
  CHECK(secret.secret_side == pb::SIDE_FRENCH);
  CHECK(force_option_label(secret, 64) == "18.5C French First Corps marches to Ligny (French secret choice)");
  const ForceOption& open = option_of(ligny, "18.5A");
  CHECK(open.secret_side == pb::SIDE_UNSPECIFIED);
  CHECK(force_option_label(open, 64) == "18.5A Prussian losses on 15 June");
  CHECK(force_option_label(option_of(served("quatre-bras"), "19.5A"), 64) ==
        "19.5A Buttlar left two battalions with the wagon train");
}

TEST_CASE("a long label loses the end of its title, never the rule, the id or a mark") {
  ScenarioEntry entry;
  entry.title = "La Belle Alliance Variants";
  entry.rule = "26.0";
  CHECK(scenario_list_label(entry, 40) == "La Belle Alliance Variants (26.0)");
  entry.missing_rules = {"26.0G", "26.0H"};
  // 23 bytes of " (26.0) NOT BY THE BOOK" and "..." leave 14 of the title.
  CHECK(scenario_list_label(entry, 40) == "La Belle Allia... (26.0) NOT BY THE BOOK");
  CHECK(scenario_list_label(entry, 40).size() == 40);
  CHECK(not_by_the_book_note(entry) ==
        "NOT BY THE BOOK: missing 26.0G, 26.0H (only a development server makes this game)");

  ForceOption option{
      "99.5C", "A very long option title that goes on and on past the button", pb::SIDE_COALITION, {}};
  const std::string label = force_option_label(option, 64);
  CHECK(label.size() == 64);
  CHECK(label.rfind("99.5C A very long option", 0) == 0);
  CHECK(contains(label, "... (Coalition secret choice)"));
  // A control character from the server is shown as a space.
  option = {"99.5D", "Two\nlines", pb::SIDE_UNSPECIFIED, {}};
  CHECK(force_option_label(option, 64) == "99.5D Two lines");
}
