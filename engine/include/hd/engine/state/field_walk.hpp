// One walk over the fields of a GameState (docs/architecture.md, "One walk over the state"). Each
// struct of the state lists its fields once, by name, in `Fields<T>::list`; the state hash, the
// snapshot, equality and the debug printer all walk these lists, so a field is in all of them or in
// none. field_walk.cpp stops the build when a struct gains a member its list does not name.
#pragma once

#include <hd/engine/state/game_state.hpp>

#include <array>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

namespace hd::engine {

// One named member of T.
template <class T, class M>
struct Field {
  std::string_view name;
  M T::*member;
};
template <class T, class M>
constexpr Field<T, M> field(std::string_view name, M T::*member) {
  return {name, member};
}

// Specialised below for every struct of the state.
template <class T>
struct Fields;

template <>
struct Fields<Hex> {
  static constexpr auto list = std::make_tuple(field("column", &Hex::column), field("row", &Hex::row));
};

template <>
struct Fields<UnitState> {
  using U = UnitState;
  static constexpr auto list = std::make_tuple(
      field("id", &U::id), field("army", &U::army), field("type", &U::type), field("command", &U::command),
      field("full_strength", &U::full_strength), field("reduced_strength", &U::reduced_strength),
      field("movement", &U::movement), field("reduced", &U::reduced), field("status", &U::status),
      field("hex", &U::hex), field("arrival_turn", &U::arrival_turn), field("entry_hexes", &U::entry_hexes),
      field("half_movement_entry", &U::half_movement_entry), field("unstacked_entry", &U::unstacked_entry),
      field("secret_option", &U::secret_option), field("entry_choice", &U::entry_choice),
      field("setup_hex", &U::setup_hex),
      field("setup_radius", &U::setup_radius), field("setup_unstacked", &U::setup_unstacked),
      field("moved", &U::moved), field("fought", &U::fought), field("must_fight", &U::must_fight),
      field("may_not_fire", &U::may_not_fire), field("advanced", &U::advanced),
      field("displaced_by_combat", &U::displaced_by_combat));
};

template <>
struct Fields<PendingRetreat> {
  using P = PendingRetreat;
  static constexpr auto list =
      std::make_tuple(field("unit", &P::unit), field("combat", &P::combat), field("may_stay", &P::may_stay));
};

template <>
struct Fields<PendingAdvance> {
  using P = PendingAdvance;
  static constexpr auto list = std::make_tuple(field("side", &P::side), field("candidates", &P::candidates),
                                               field("vacated", &P::vacated));
};

template <>
struct Fields<PendingExchange> {
  using P = PendingExchange;
  static constexpr auto list =
      std::make_tuple(field("side", &P::side), field("combat", &P::combat), field("loss", &P::loss),
                      field("candidates", &P::candidates), field("vacated", &P::vacated));
};

template <>
struct Fields<GameResult> {
  using R = GameResult;
  static constexpr auto list =
      std::make_tuple(field("winner", &R::winner), field("level", &R::level), field("text", &R::text));
};

template <>
struct Fields<GameState> {
  using S = GameState;
  static constexpr auto list = std::make_tuple(
      field("rules", &S::rules), field("turn", &S::turn), field("phasing", &S::phasing),
      field("phase", &S::phase), field("units", &S::units),
      field("eliminated_strength", &S::eliminated_strength), field("demoralized", &S::demoralized),
      field("disintegrated", &S::disintegrated), field("control", &S::control),
      field("entries_this_phase", &S::entries_this_phase), field("pending_retreats", &S::pending_retreats),
      field("pending_advance", &S::pending_advance), field("pending_exchange", &S::pending_exchange),
      field("combats_this_phase", &S::combats_this_phase), field("exited_strength", &S::exited_strength),
      field("result", &S::result), field("actions_applied", &S::actions_applied),
      field("steps_begun", &S::steps_begun), field("dice_this_step", &S::dice_this_step),
      field("rule_state", &S::rule_state));
};

// The number of fields T's list names.
template <class T>
constexpr std::size_t field_count() {
  return std::tuple_size_v<std::remove_const_t<decltype(Fields<T>::list)>>;
}

// Stops the build when `Type` gains (or loses) a member its Fields list does not name: the
// structured binding names every member, so it no longer compiles once one is added, and the
// static_assert ties its length to the list's. Used in a function that is never called
// (field_walk.cpp; beside each rule's slot type).
#define HD_ALL_MEMBERS_WALKED(Type, object, ...)                                               \
  do {                                                                                         \
    [[maybe_unused]] auto& [__VA_ARGS__] = object;                                             \
    static_assert(std::tuple_size_v<decltype(std::tie(__VA_ARGS__))> == field_count<Type>(),   \
                  #Type ": every member must be in Fields<" #Type ">::list (field_walk.hpp)"); \
  } while (false)

template <class T>
concept Walked = requires {
  Fields<T>::list;
};

// The last value of each enum of the state (a snapshot refuses anything beyond it).
constexpr Army last_value(Army) {
  return Army::Allied;
}
constexpr Side last_value(Side) {
  return Side::Coalition;
}
constexpr UnitType last_value(UnitType) {
  return UnitType::SupplyTrain;
}
constexpr UnitStatus last_value(UnitStatus) {
  return UnitStatus::Hidden;
}
constexpr Phase last_value(Phase) {
  return Phase::Setup;
}

namespace walk_detail {
template <class T>
struct IsVector : std::false_type {};
template <class E>
struct IsVector<std::vector<E>> : std::true_type {};
template <class T>
struct IsOptional : std::false_type {};
template <class E>
struct IsOptional<std::optional<E>> : std::true_type {};
template <class T>
struct IsArray : std::false_type {};
template <class E, std::size_t N>
struct IsArray<std::array<E, N>> : std::true_type {};
template <class T>
struct IsMap : std::false_type {};
template <class K, class M>
struct IsMap<std::map<K, M>> : std::true_type {};
}  // namespace walk_detail

// A visitor V seen through the slots' virtual interfaces (rule_slots.hpp), so that each rule's slot
// is walked by the same hash, snapshot, printer as the rest of the state.
template <class V>
class ErasedWriter final : public SlotWriter {
 public:
  explicit ErasedWriter(V& v) : v_(v) {}
  void enter(FieldName name) override { v_.enter(name); }
  void leave() override { v_.leave(); }
  std::size_t count(FieldName name, std::size_t n) override { return v_.count(name, n); }
  bool presence(FieldName name, bool present) override { return v_.presence(name, present); }
  void leaf(FieldName name, const std::string& value) override { v_.leaf(name, value); }
  void leaf(FieldName name, const bool& value) override { v_.leaf(name, value); }
  void leaf(FieldName name, const int& value) override { v_.leaf(name, value); }
  void leaf(FieldName name, const UnitIndex& value) override { v_.leaf(name, value); }
  void leaf(FieldName name, const Army& value) override { v_.leaf(name, value); }
  void leaf(FieldName name, const Side& value) override { v_.leaf(name, value); }

 private:
  V& v_;
};

template <class V>
class ErasedReader final : public SlotReader {
 public:
  explicit ErasedReader(V& v) : v_(v) {}
  void enter(FieldName name) override { v_.enter(name); }
  void leave() override { v_.leave(); }
  std::size_t count(FieldName name, std::size_t n) override { return v_.count(name, n); }
  bool presence(FieldName name, bool present) override { return v_.presence(name, present); }
  void duplicate_key() override { v_.duplicate_key(); }
  void mismatch() override { v_.mismatch(); }
  void leaf(FieldName name, std::string& value) override { v_.leaf(name, value); }
  void leaf(FieldName name, bool& value) override { v_.leaf(name, value); }
  void leaf(FieldName name, int& value) override { v_.leaf(name, value); }
  void leaf(FieldName name, UnitIndex& value) override { v_.leaf(name, value); }
  void leaf(FieldName name, Army& value) override { v_.leaf(name, value); }
  void leaf(FieldName name, Side& value) override { v_.leaf(name, value); }

 private:
  V& v_;
};

// Walks `value` (a GameState, or any part of one) with a visitor that has:
//   static constexpr bool kReads;                 true: the walk fills `value` from the visitor
//   void enter(FieldName); void leave();           around a struct's fields
//   std::size_t count(FieldName, std::size_t n);   a container's size (a reader returns the new one)
//   bool presence(FieldName, bool present);        an optional's presence (likewise)
//   void leaf(FieldName, L& value);                a number, bool, enum, string or the ruleset
// and a reader also duplicate_key() (a map's key twice) and mismatch() (the rule slots are not those
// of the game). A reader walks a non-const value; a writer may walk a const one.
// The rule slots (rule_slots.hpp) are walked as their count, then each slot's rule and value; a
// reader fills the slots the state already has (restore_state copies the game's own) and calls
// mismatch() if the count or a rule differs.
template <class V, class T>
void walk(V& v, FieldName name, T& value) {
  using U = std::remove_const_t<T>;
  if constexpr (Walked<U>) {
    v.enter(name);
    std::apply([&](const auto&... f) { (walk(v, FieldName{f.name}, value.*(f.member)), ...); },
               Fields<U>::list);
    v.leave();
  } else if constexpr (walk_detail::IsVector<U>::value) {
    const std::size_t n = v.count(name, value.size());
    if constexpr (V::kReads) value.resize(n);
    for (std::size_t i = 0; i < value.size(); ++i)
      walk(v, FieldName{name.text, static_cast<int>(i)}, value[i]);
  } else if constexpr (walk_detail::IsArray<U>::value) {
    for (std::size_t i = 0; i < value.size(); ++i)
      walk(v, FieldName{name.text, static_cast<int>(i)}, value[i]);
  } else if constexpr (walk_detail::IsOptional<U>::value) {
    const bool present = v.presence(name, value.has_value());
    if constexpr (V::kReads) {
      if (present && !value) value.emplace();
      if (!present) value.reset();
    }
    if (value) walk(v, name, *value);
  } else if constexpr (std::is_same_v<U, RuleSlots>) {
    const std::size_t n = v.count(name, value.all().size());
    if constexpr (V::kReads) {
      if (n != value.all().size()) return v.mismatch();
    }
    for (std::size_t i = 0; i < value.all().size(); ++i) {
      auto& slot = *value.all()[i];
      v.enter(FieldName{name.text, static_cast<int>(i)});
      if constexpr (V::kReads) {
        std::string rule;
        v.leaf(FieldName{"rule"}, rule);
        if (rule != slot.rule()) return v.mismatch();
        ErasedReader<V> reader(v);
        slot.read(reader);
      } else {
        v.leaf(FieldName{"rule"}, slot.rule());
        ErasedWriter<V> writer(v);
        slot.write(writer);
      }
      v.leave();
    }
  } else if constexpr (walk_detail::IsMap<U>::value) {
    const std::size_t n = v.count(name, value.size());
    if constexpr (V::kReads) {
      value.clear();
      for (std::size_t i = 0; i < n; ++i) {
        typename U::key_type key{};
        typename U::mapped_type mapped{};
        v.enter(FieldName{name.text, static_cast<int>(i)});
        walk(v, FieldName{"key"}, key);
        walk(v, FieldName{"value"}, mapped);
        v.leave();
        if (!value.emplace(key, mapped).second) v.duplicate_key();
      }
    } else {
      int i = 0;
      for (auto& [key, mapped] : value) {
        v.enter(FieldName{name.text, i++});
        walk(v, FieldName{"key"}, key);
        walk(v, FieldName{"value"}, mapped);
        v.leave();
      }
    }
  } else {
    v.leaf(name, value);
  }
}

}  // namespace hd::engine
