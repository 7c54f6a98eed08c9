// The words the create-game form shows for the server's scenarios (no SFML): a scenario's list
// entry, a force option's button and the note for a scenario not played by the book. Built only
// from the ScenarioList the server sent (model/scenario_catalogue).
#pragma once

#include "model/scenario_catalogue.hpp"

#include <cstddef>
#include <string>

namespace hd::client {

// The mark of a scenario whose rules in force lack a module on the server (docs/protocol.md).
inline constexpr const char* kNotByTheBook = "NOT BY THE BOOK";

// A scenario's list entry: "Quatre Bras (19.0)", and for one with missing rules
// "Grand Waterloo (27.0) NOT BY THE BOOK". Control characters become spaces; when the label is
// longer than `max_bytes` the title is shortened (ending "...") so that the rule number and the
// mark are never cut.
std::string scenario_list_label(const ScenarioEntry& entry, std::size_t max_bytes);

// A force option's button: "19.5A Buttlar left two battalions ...", and for a side's secret written
// choice (18.5C) "18.5C French First Corps marches to Ligny (French secret choice)". As above, the
// title alone is shortened to fit `max_bytes`, never the id or the secret mark.
std::string force_option_label(const ForceOption& option, std::size_t max_bytes);

// The form's note for the chosen scenario: "NOT BY THE BOOK: missing 27.1A, 27.2B (only a
// development server makes this game)", or "" when it is played by the book (no missing rules).
std::string not_by_the_book_note(const ScenarioEntry& entry);

}  // namespace hd::client
