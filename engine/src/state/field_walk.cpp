// Stops the build when a struct of the state gains (or loses) a member that its field list
// (field_walk.hpp) does not name: each structured binding below names every member, so it no
// longer compiles once a member is added, and the static_assert ties its length to the list's.
// To add a field: give it a line in Fields<T>::list, then a name here. A rule's slot type is
// guarded the same way beside its rule (HD_ALL_MEMBERS_WALKED, field_walk.hpp).
#include <hd/engine/state/field_walk.hpp>

#include <tuple>

namespace hd::engine {
namespace {

[[maybe_unused]] void every_member_is_walked(GameState& s, UnitState& u, PendingRetreat& r, PendingAdvance& a,
                                             PendingExchange& e, GameResult& g, Hex& h) {
  HD_ALL_MEMBERS_WALKED(GameState, s, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16,
                        s17, s18, s19, s20);
  HD_ALL_MEMBERS_WALKED(UnitState, u, u1, u2, u3, u4, u5, u6, u7, u8, u9, u10, u11, u12, u13, u14, u15, u16,
                        u17, u18, u19, u20, u21, u22, u23, u24, u25);
  HD_ALL_MEMBERS_WALKED(PendingRetreat, r, r1, r2, r3);
  HD_ALL_MEMBERS_WALKED(PendingAdvance, a, a1, a2, a3);
  HD_ALL_MEMBERS_WALKED(PendingExchange, e, e1, e2, e3, e4, e5);
  HD_ALL_MEMBERS_WALKED(GameResult, g, g1, g2, g3);
  HD_ALL_MEMBERS_WALKED(Hex, h, h1, h2);
}

}  // namespace
}  // namespace hd::engine
