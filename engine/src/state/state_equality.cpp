// GameState equality over the field lists of field_walk.hpp.
#include <hd/engine/state/field_walk.hpp>

namespace hd::engine {
namespace {

template <class T>
bool equal(const T& a, const T& b);

bool equal(const std::shared_ptr<const Ruleset>& a, const std::shared_ptr<const Ruleset>& b) {
  if (a == b) return true;
  return a && b && rules_identity(*a) == rules_identity(*b);
}

template <class T>
bool equal(const T& a, const T& b) {
  if constexpr (Walked<T>) {
    return std::apply([&](const auto&... f) { return (equal(a.*(f.member), b.*(f.member)) && ...); },
                      Fields<T>::list);
  } else if constexpr (walk_detail::IsVector<T>::value || walk_detail::IsArray<T>::value) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!equal(a[i], b[i])) return false;
    return true;
  } else if constexpr (walk_detail::IsOptional<T>::value) {
    if (a.has_value() != b.has_value()) return false;
    return !a || equal(*a, *b);
  } else if constexpr (walk_detail::IsMap<T>::value) {
    if (a.size() != b.size()) return false;
    for (auto i = a.begin(), j = b.begin(); i != a.end(); ++i, ++j)
      if (!equal(i->first, j->first) || !equal(i->second, j->second)) return false;
    return true;
  } else {
    return a == b;
  }
}

}  // namespace

bool operator==(const GameState& a, const GameState& b) {
  return equal(a, b);
}

}  // namespace hd::engine
