// A rule's own state in the game: a typed slot kept under its rule number in GameState::rule_state,
// made by the rule's module when the game starts (its `opening` hook) and walked by the field walk
// like every other field, so the state hash, the snapshot, equality and the debug text all see it.
// A slot type is a struct with its Fields<T> list (field_walk.hpp) and a defaulted operator==; its
// leaves are strings, bools, ints, unit indices, armies and sides, and structs, vectors, optionals
// and maps of them.
#pragma once

#include <hd/engine/board/army.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <typeinfo>
#include <utility>
#include <vector>

namespace hd::engine {

using UnitIndex = std::uint16_t;

// A field's name in the walk: the member's name, with the element's index inside a container.
struct FieldName {
  std::string_view text;
  int index = -1;
};

// The field walk's visitors (field_walk.hpp) behind a virtual interface, so that a slot of any type
// can be walked by the hash, the snapshot, the printer: one for walks that read a value out
// (kReads false), one for the snapshot reader that fills it (kReads true).
class SlotWriter {
 public:
  static constexpr bool kReads = false;
  virtual ~SlotWriter() = default;
  virtual void enter(FieldName name) = 0;
  virtual void leave() = 0;
  virtual std::size_t count(FieldName name, std::size_t n) = 0;
  virtual bool presence(FieldName name, bool present) = 0;
  virtual void leaf(FieldName name, const std::string& value) = 0;
  virtual void leaf(FieldName name, const bool& value) = 0;
  virtual void leaf(FieldName name, const int& value) = 0;
  virtual void leaf(FieldName name, const UnitIndex& value) = 0;
  virtual void leaf(FieldName name, const Army& value) = 0;
  virtual void leaf(FieldName name, const Side& value) = 0;
};

class SlotReader {
 public:
  static constexpr bool kReads = true;
  virtual ~SlotReader() = default;
  virtual void enter(FieldName name) = 0;
  virtual void leave() = 0;
  virtual std::size_t count(FieldName name, std::size_t n) = 0;
  virtual bool presence(FieldName name, bool present) = 0;
  virtual void duplicate_key() = 0;
  virtual void mismatch() = 0;
  virtual void leaf(FieldName name, std::string& value) = 0;
  virtual void leaf(FieldName name, bool& value) = 0;
  virtual void leaf(FieldName name, int& value) = 0;
  virtual void leaf(FieldName name, UnitIndex& value) = 0;
  virtual void leaf(FieldName name, Army& value) = 0;
  virtual void leaf(FieldName name, Side& value) = 0;
};

// Defined in field_walk.hpp; a slot's walk is instantiated where its type is added.
template <class V, class T>
void walk(V& v, FieldName name, T& value);

// One rule's slot, whatever its type.
class RuleSlot {
 public:
  explicit RuleSlot(std::string rule) : rule_(std::move(rule)) {}
  virtual ~RuleSlot() = default;
  const std::string& rule() const { return rule_; }
  virtual const std::type_info& type() const = 0;
  virtual std::unique_ptr<RuleSlot> clone() const = 0;
  virtual bool equals(const RuleSlot& other) const = 0;
  virtual void write(SlotWriter& writer) const = 0;
  virtual void read(SlotReader& reader) = 0;

 private:
  std::string rule_;
};

template <class T>
class TypedRuleSlot final : public RuleSlot {
 public:
  explicit TypedRuleSlot(std::string rule) : RuleSlot(std::move(rule)) {}
  const std::type_info& type() const override { return typeid(T); }
  std::unique_ptr<RuleSlot> clone() const override { return std::make_unique<TypedRuleSlot>(*this); }
  bool equals(const RuleSlot& other) const override {
    return other.type() == typeid(T) && other.rule() == rule() &&
           static_cast<const TypedRuleSlot&>(other).value == value;
  }
  void write(SlotWriter& writer) const override { walk(writer, FieldName{"value"}, value); }
  void read(SlotReader& reader) override { walk(reader, FieldName{"value"}, value); }

  T value{};
};

// The slots of the rules in force that keep state, in the order they were added (the order the
// ruleset's modules open the game: book order). Copying a GameState copies every slot.
class RuleSlots {
 public:
  RuleSlots() = default;
  RuleSlots(const RuleSlots& other) { *this = other; }
  RuleSlots(RuleSlots&&) noexcept = default;
  RuleSlots& operator=(const RuleSlots& other) {
    if (this == &other) return *this;
    slots_.clear();
    slots_.reserve(other.slots_.size());
    for (const auto& slot : other.slots_)
      slots_.push_back(slot->clone());
    return *this;
  }
  RuleSlots& operator=(RuleSlots&&) noexcept = default;

  // Adds the slot of `rule`, holding a T made by its default constructor. A rule has one slot.
  template <class T>
  T& add(std::string_view rule) {
    if (find_slot(rule)) throw std::logic_error("rule " + std::string(rule) + " has a state slot already");
    auto slot = std::make_unique<TypedRuleSlot<T>>(std::string(rule));
    T& value = slot->value;
    slots_.push_back(std::move(slot));
    return value;
  }

  // The slot of `rule` as a T, or null if the rule keeps none in this game (not in force).
  template <class T>
  T* find(std::string_view rule) {
    return typed<T>(find_slot(rule));
  }
  template <class T>
  const T* find(std::string_view rule) const {
    return typed<T>(find_slot(rule));
  }

  // The slot of `rule` as a T; a logic error if it has none (a rule's own code asking for its state
  // in a game where the rule is not in force).
  template <class T>
  T& get(std::string_view rule) {
    if (T* value = find<T>(rule)) return *value;
    throw std::logic_error("rule " + std::string(rule) + " keeps no state in this game");
  }
  template <class T>
  const T& get(std::string_view rule) const {
    if (const T* value = find<T>(rule)) return *value;
    throw std::logic_error("rule " + std::string(rule) + " keeps no state in this game");
  }

  const std::vector<std::unique_ptr<RuleSlot>>& all() const { return slots_; }
  std::vector<std::unique_ptr<RuleSlot>>& all() { return slots_; }

  bool operator==(const RuleSlots& other) const {
    if (slots_.size() != other.slots_.size()) return false;
    for (std::size_t i = 0; i < slots_.size(); ++i)
      if (!slots_[i]->equals(*other.slots_[i])) return false;
    return true;
  }

 private:
  RuleSlot* find_slot(std::string_view rule) const {
    for (const auto& slot : slots_)
      if (slot->rule() == rule) return slot.get();
    return nullptr;
  }
  template <class T>
  static T* typed(RuleSlot* slot) {
    if (!slot) return nullptr;
    if (slot->type() != typeid(T))
      throw std::logic_error("rule " + slot->rule() + "'s state slot is of another type");
    return &static_cast<TypedRuleSlot<T>*>(slot)->value;
  }

  std::vector<std::unique_ptr<RuleSlot>> slots_;
};

}  // namespace hd::engine
