// 16.3, 7.3: each hex's field of view, kept (fields_of_view.hpp).
#include <hd/engine/rules/combat/line_of_sight.hpp>
#include <hd/engine/rules/observation/fields_of_view.hpp>
#include <hd/engine/state/ruleset.hpp>

#include <cstdlib>
#include <mutex>
#include <vector>

namespace hd::engine {

namespace {

std::size_t slot(GridBounds bounds, Hex hex) {
  return static_cast<std::size_t>(hex.column - 1) * static_cast<std::size_t>(bounds.rows) +
         static_cast<std::size_t>(hex.row - 1);
}

// All that 7.3's line of sight reads of a ruleset: whether each hex of the grid and its margin (off
// the map: clear terrain) blocks sight, and each hexside around them.
std::vector<bool> sight_facts(const Ruleset& rules) {
  const GridBounds bounds = rules.map.bounds();
  std::vector<bool> facts;
  facts.reserve(static_cast<std::size_t>(bounds.columns + 2) * static_cast<std::size_t>(bounds.rows + 2) * 7);
  for (int column = 0; column <= bounds.columns + 1; ++column)
    for (int row = 0; row <= bounds.rows + 1; ++row) {
      const Hex hex{column, row};
      facts.push_back(blocks_sight(rules, hex));
      for (Hex next : neighbours(hex)) {
        const auto side = Hexside::between(hex, next);
        facts.push_back(side && blocks_sight(rules, *side));
      }
    }
  return facts;
}

// The fields of view alive in this process, with the sight facts of their map.
struct KeptFields {
  int columns = 0;
  int rows = 0;
  std::vector<bool> facts;
  std::weak_ptr<const FieldsOfView> fields;
};

std::mutex kept_mutex;
std::vector<KeptFields> kept_fields;  // guarded by kept_mutex; a few entries (one per map in use)

}  // namespace

std::shared_ptr<const FieldsOfView> FieldsOfView::shared_for(const Ruleset& rules) {
  const GridBounds bounds = rules.map.bounds();
  std::vector<bool> facts = sight_facts(rules);
  const std::lock_guard<std::mutex> lock(kept_mutex);
  std::erase_if(kept_fields, [](const KeptFields& kept) { return kept.fields.expired(); });
  for (const KeptFields& kept : kept_fields)
    if (kept.columns == bounds.columns && kept.rows == bounds.rows && kept.facts == facts)
      if (auto alive = kept.fields.lock()) return alive;
  auto made = std::make_shared<const FieldsOfView>(bounds);
  kept_fields.push_back(KeptFields{bounds.columns, bounds.rows, std::move(facts), made});
  return made;
}

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
