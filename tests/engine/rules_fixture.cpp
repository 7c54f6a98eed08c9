#include "rules_fixture.hpp"

#include "build_paths.hpp"

namespace hd::test {

std::string read_data(const std::string& relative) {
  std::ifstream in(hd::test::data_root() + "/" + relative);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace hd::test
