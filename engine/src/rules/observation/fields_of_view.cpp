// 16.3, 7.3: each hex's field of view, kept (fields_of_view.hpp).
#include <hd/engine/rules/combat/line_of_sight.hpp>
#include <hd/engine/rules/observation/fields_of_view.hpp>
#include <hd/engine/state/ruleset.hpp>

#include <cstdlib>

namespace hd::engine {

namespace {

std::size_t slot(GridBounds bounds, Hex hex) {
  return static_cast<std::size_t>(hex.column - 1) * static_cast<std::size_t>(bounds.rows) +
         static_cast<std::size_t>(hex.row - 1);
}

}  // namespace

FieldsOfView::FieldsOfView(GridBounds bounds)
    : bounds_(bounds),
      fields_(std::make_unique<std::atomic<const Field*>[]>(static_cast<std::size_t>(bounds.columns) *
                                                            static_cast<std::size_t>(bounds.rows))) {}

FieldsOfView::~FieldsOfView() {
  const auto count = static_cast<std::size_t>(bounds_.columns) * static_cast<std::size_t>(bounds_.rows);
  for (std::size_t i = 0; i < count; ++i)
    delete fields_[i].load(std::memory_order_acquire);
}

bool FieldsOfView::clear(const Ruleset& rules, Hex observer, Hex observed) const {
  const int columns = observed.column - observer.column;
  const int rows = observed.row - observer.row;
  if (!bounds_.contains(observer) || !bounds_.contains(observed) || std::abs(columns) > kReach ||
      std::abs(rows) > kReach || distance(observer, observed) > kReach)
    return line_of_sight_clear(rules, observer, observed);
  return field(rules, observer).test(static_cast<std::size_t>((columns + kReach) * kSpan + rows + kReach));
}

const FieldsOfView::Field& FieldsOfView::field(const Ruleset& rules, Hex observer) const {
  std::atomic<const Field*>& at = fields_[slot(bounds_, observer)];
  if (const Field* known = at.load(std::memory_order_acquire)) return *known;
  auto traced = std::make_unique<Field>();
  for (int columns = -kReach; columns <= kReach; ++columns)
    for (int rows = -kReach; rows <= kReach; ++rows) {
      const Hex other{observer.column + columns, observer.row + rows};
      if (!bounds_.contains(other) || distance(observer, other) > kReach) continue;
      if (line_of_sight_clear(rules, observer, other))
        traced->set(static_cast<std::size_t>((columns + kReach) * kSpan + rows + kReach));
    }
  const Field* expected = nullptr;
  if (at.compare_exchange_strong(expected, traced.get(), std::memory_order_acq_rel)) return *traced.release();
  return *expected;  // another thread traced it first; ours is dropped
}

}  // namespace hd::engine
