// debug_text: the field walk (field_walk.hpp) printed as "path value" lines.
#include <hd/engine/state/field_walk.hpp>

namespace hd::engine {
namespace {

class Printer {
 public:
  static constexpr bool kReads = false;

  void enter(FieldName name) { path_.push_back(path(name)); }
  void leave() { path_.pop_back(); }
  std::size_t count(FieldName name, std::size_t n) {
    line(path(name) + ".size", std::to_string(n));
    return n;
  }
  bool presence(FieldName name, bool present) {
    if (!present) line(path(name), "none");
    return present;
  }
  void leaf(FieldName name, const std::string& text) { line(path(name), "\"" + text + "\""); }
  void leaf(FieldName name, const std::shared_ptr<const Ruleset>& rules) {
    line(path(name), rules ? rules_identity(*rules) : "none");
  }
  template <class L>
  void leaf(FieldName name, const L& value) {
    if constexpr (std::is_enum_v<L>) {
      line(path(name), std::to_string(static_cast<int>(value)));
    } else {
      line(path(name), std::to_string(value));
    }
  }
  std::string take() { return std::move(out_); }

 private:
  std::string path(FieldName name) const {
    std::string text = path_.empty() ? std::string() : path_.back() + ".";
    text += name.text;
    if (name.index >= 0) text += "[" + std::to_string(name.index) + "]";
    return text;
  }
  void line(const std::string& path, const std::string& value) { out_ += path + " " + value + "\n"; }

  std::vector<std::string> path_;
  std::string out_;
};

}  // namespace

std::string debug_text(const GameState& state) {
  Printer printer;
  std::apply([&](const auto&... f) { (walk(printer, FieldName{f.name}, state.*(f.member)), ...); },
             Fields<GameState>::list);
  return printer.take();
}

}  // namespace hd::engine
