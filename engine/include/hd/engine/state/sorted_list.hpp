// Ascending lists of values kept in a rule's state slot (units marked out of command, inactive
// commanders, armies whose HQ is inactive): one way to ask and to change them.
#pragma once

#include <algorithm>
#include <vector>

namespace hd::engine {

// True if the ascending list holds `value`.
template <class T>
bool sorted_contains(const std::vector<T>& values, T value) {
  return std::binary_search(values.begin(), values.end(), value);
}

// Puts `value` in (`marked`) or out of the ascending list, which stays ascending and holds it once.
template <class T>
void sorted_mark(std::vector<T>& values, T value, bool marked) {
  const auto at = std::lower_bound(values.begin(), values.end(), value);
  const bool present = at != values.end() && *at == value;
  if (marked && !present) values.insert(at, value);
  if (!marked && present) values.erase(at);
}

}  // namespace hd::engine
