#include <hd/engine/state/rules_version.hpp>
#include <hd/loader/record_header.hpp>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <sstream>
#include <vector>

namespace hd::loader {
namespace {

constexpr std::string_view kHeaderStart = "# hd_script record:";
constexpr std::string_view kHashStart = "# final-hash: ";

std::vector<std::string> words_of(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> words;
  std::string word;
  while (in >> word)
    words.push_back(word);
  return words;
}

}  // namespace

RecordHeaderParse parse_record_header(std::string_view record) {
  RecordHeader header;
  int number = 0;
  while (!record.empty()) {
    const std::size_t newline = record.find('\n');
    std::string_view line = record.substr(0, newline);
    record = newline == std::string_view::npos ? std::string_view{} : record.substr(newline + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    ++number;
    const auto error = [&](const std::string& why) {
      return RecordHeaderParse{std::nullopt, "record line " + std::to_string(number) + ": " + why};
    };
    if (line.substr(0, kHashStart.size()) == kHashStart) {
      const auto words = words_of(line.substr(kHashStart.size()));
      if (words.size() != 1) return error("'# final-hash:' takes one hash");
      header.final_hash = words[0];
      continue;
    }
    if (line.substr(0, kHeaderStart.size()) != kHeaderStart) continue;
    if (header.present) return error("a second record header");
    header.present = true;
    const auto words = words_of(line.substr(kHeaderStart.size()));
    for (std::size_t i = 0; i < words.size(); ++i) {
      const std::string& flag = words[i];
      if (flag == "--allow-missing-rules") {
        header.choice.allow_missing_rules = true;  // not by the book
        continue;
      }
      if (flag != "--scenario" && flag != "--option" && flag != "--rule" && flag != "--manifest" &&
          flag != "--rules-version")
        return error("unknown flag '" + flag + "'");
      if (i + 1 >= words.size()) return error(flag + " without a value");
      const std::string& value = words[++i];
      if (flag == "--scenario") {
        header.choice.scenario = value;
      } else if (flag == "--option") {
        header.choice.options.push_back(value);
      } else if (flag == "--rule") {
        header.choice.optional_rules.push_back(value);  // the scenario must offer it (make_ruleset)
      } else if (flag == "--manifest") {
        header.choice.manifest = value;
      } else {
        int version = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), version);
        if (ec != std::errc{} || end != value.data() + value.size() || version < 0)
          return error("bad rules version '" + value + "'");
        header.rules_version = version;
      }
    }
  }
  return RecordHeaderParse{std::move(header), {}};
}

std::string format_final_hash(std::uint64_t hash) {
  char text[32];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

std::string format_record_header(const GameChoice& choice) {
  std::string line = std::string(kHeaderStart) + " --scenario " + choice.scenario;
  for (const std::string& option : choice.options)
    line += " --option " + option;
  for (const std::string& rule : choice.optional_rules)
    line += " --rule " + rule;
  if (choice.manifest) line += " --manifest " + choice.manifest->string();
  if (choice.allow_missing_rules) line += " --allow-missing-rules";  // not by the book
  line += " --rules-version " + std::to_string(engine::kRulesVersion) + "\n";
  return line;
}

std::optional<std::string> rules_version_refusal(const RecordHeader& header) {
  const std::string engine_version =
      "this engine plays rules version " + std::to_string(engine::kRulesVersion);
  if (!header.rules_version)
    return "the record names no rules version (it was made before records carried one) and " +
           engine_version +
           ": replaying it could give another game; replay it with the engine it was made with";
  if (*header.rules_version != engine::kRulesVersion)
    return "the record was made under rules version " + std::to_string(*header.rules_version) + " and " +
           engine_version +
           ": replaying it could give another game; replay it with the engine of its version";
  return std::nullopt;
}

bool same_choice(const GameChoice& a, const GameChoice& b) {
  std::vector<std::string> a_rules = a.optional_rules, b_rules = b.optional_rules;
  std::sort(a_rules.begin(), a_rules.end());
  std::sort(b_rules.begin(), b_rules.end());
  return a.scenario == b.scenario && a.options == b.options && a_rules == b_rules &&
         a.manifest == b.manifest && a.allow_missing_rules == b.allow_missing_rules;
}

}  // namespace hd::loader
