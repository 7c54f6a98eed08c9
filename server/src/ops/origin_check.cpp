#include "ops/origin_check.hpp"

#include <algorithm>
#include <cctype>

namespace hd::server {
namespace {

bool equal_without_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

bool origin_allowed(std::optional<std::string_view> origin, const std::vector<std::string>& allowed_origins) {
  if (!origin) return true;
  return std::any_of(allowed_origins.begin(), allowed_origins.end(),
                     [&](const std::string& allowed) { return equal_without_case(*origin, allowed); });
}

}  // namespace hd::server
