#include "rules_fixture.hpp"

namespace hd::test {

std::string read_data(const std::string& relative) {
  std::ifstream in(std::string(HD_DATA_ROOT) + "/" + relative);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace hd::test
