// Fog of war in the game model (16.3, issue 14): a Unit the server marks unobserved, with the turn
// it was last seen in, lands in the model with both marks, stands in the stack of the hex where it
// was last seen and is named "last seen <turn>"; a piece never seen (no hex) is on no hex; a piece
// shown as it stands has no last-seen words. Fed hand-built snapshots and updates, as the server
// sends them (proto/wire/src/game_convert.cpp).
#include "model/game_model.hpp"
#include "proto_builders.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

namespace pb = hundred_days::v1;
using hd::test::coord;
using hd::client::GameModel;
using hd::client::UpdateFit;
using hd::engine::Hex;

namespace {

pb::Unit* add_unit(pb::GameView& view, std::uint32_t index, const std::string& id, pb::Army army) {
  pb::Unit* unit = view.add_units();
  unit->set_index(index);
  unit->set_id(id);
  unit->set_army(army);
  unit->set_type(pb::UNIT_TYPE_INFANTRY);
  unit->set_strength(6);
  unit->set_movement(4);
  unit->set_status(pb::UNIT_STATUS_ON_MAP);
  unit->set_arrival_turn(-1);
  return unit;
}

// The French seat's snapshot on turn 2 (16 June 1600): Bach (French) in 1745; Perp (Allied) seen in
// 1947 at 1400 and not observed now; Pack (Allied) never seen (no hex); Picton (Allied) in 1948,
// observed.
pb::GameSnapshot fog_snapshot() {
  pb::GameSnapshot snapshot;
  snapshot.set_game_id(12);
  snapshot.set_sequence(3);
  snapshot.add_my_seats(pb::SEAT_FRENCH);
  auto* scenario = snapshot.mutable_scenario();
  scenario->set_id("quatre-bras");
  for (const char* label : {"16 June 1400", "16 June 1500", "16 June 1600"})
    scenario->add_turns()->set_label(label);
  pb::GameView& view = *snapshot.mutable_view();
  view.set_turn(2);
  view.set_phasing(pb::SIDE_FRENCH);
  view.set_phase(pb::PHASE_MOVEMENT);
  *add_unit(view, 0, "Bach", pb::ARMY_FRENCH)->mutable_hex() = coord(17, 45);
  pb::Unit* perp = add_unit(view, 1, "Perp", pb::ARMY_ALLIED);
  *perp->mutable_hex() = coord(19, 47);
  perp->set_unobserved(true);
  perp->set_last_seen_turn(0);
  add_unit(view, 2, "Pack", pb::ARMY_ALLIED)->set_unobserved(true);
  *add_unit(view, 3, "Picton", pb::ARMY_ALLIED)->mutable_hex() = coord(19, 48);
  return snapshot;
}

}  // namespace

TEST_CASE("16.3: an unobserved enemy piece keeps its marks and stands where last seen") {
  GameModel model;
  model.apply_snapshot(fog_snapshot());
  const pb::Unit* perp = model.unit(1);
  REQUIRE(perp);
  CHECK(perp->unobserved());
  REQUIRE(perp->has_last_seen_turn());
  CHECK(perp->last_seen_turn() == 0);
  CHECK(model.units_at(Hex{19, 47}) == std::vector<std::uint32_t>{1});
  CHECK(model.last_seen(*perp) == std::optional<std::string>("last seen 16 June 1400"));

  // Never seen: in the model, unobserved, but on no hex of the map.
  const pb::Unit* pack = model.unit(2);
  REQUIRE(pack);
  CHECK(pack->unobserved());
  CHECK_FALSE(pack->has_last_seen_turn());
  for (const auto& [hex, units] : model.stacks())
    CHECK(std::find(units.begin(), units.end(), 2u) == units.end());
  CHECK(model.stacks().size() == 3);  // 1745, 1947 and 1948

  // Shown as they stand: no last-seen words.
  const pb::Unit* picton = model.unit(3);
  REQUIRE(picton);
  CHECK_FALSE(picton->unobserved());
  CHECK_FALSE(model.last_seen(*picton));
  CHECK_FALSE(model.last_seen(*model.unit(0)));
}

TEST_CASE("16.3: an update's view brings and clears the last-seen marks") {
  GameModel model;
  model.apply_snapshot(fog_snapshot());
  pb::GameUpdate update;
  update.set_game_id(12);
  update.set_sequence(4);
  *update.mutable_view() = model.view();
  // Picton passes out of sight after 1500 (seen last in 1948, now elsewhere); Perp is observed again
  // in 2047.
  pb::Unit& picton = *update.mutable_view()->mutable_units(3);
  picton.set_unobserved(true);
  picton.set_last_seen_turn(1);
  pb::Unit& perp = *update.mutable_view()->mutable_units(1);
  perp.set_unobserved(false);
  perp.clear_last_seen_turn();
  *perp.mutable_hex() = coord(20, 47);
  REQUIRE(model.apply_update(update) == UpdateFit::Applied);
  CHECK(model.unit(3)->unobserved());
  CHECK(model.unit(3)->last_seen_turn() == 1);
  CHECK(model.last_seen(*model.unit(3)) == std::optional<std::string>("last seen 16 June 1500"));
  CHECK(model.units_at(Hex{19, 48}) == std::vector<std::uint32_t>{3});
  CHECK_FALSE(model.unit(1)->unobserved());
  CHECK_FALSE(model.last_seen(*model.unit(1)));
  CHECK(model.units_at(Hex{20, 47}) == std::vector<std::uint32_t>{1});
  CHECK(model.units_at(Hex{19, 47}).empty());
}

TEST_CASE("16.3: a last-seen turn the scenario's track lacks is named T<n>, and no turn says just that") {
  GameModel model;
  pb::GameSnapshot snapshot = fog_snapshot();
  snapshot.mutable_view()->mutable_units(1)->set_last_seen_turn(7);
  model.apply_snapshot(snapshot);
  CHECK(model.last_seen(*model.unit(1)) == std::optional<std::string>("last seen T8"));
  CHECK(model.turn_name(1) == "16 June 1500");
  snapshot.mutable_view()->mutable_units(1)->clear_last_seen_turn();
  model.apply_snapshot(snapshot);
  CHECK(model.last_seen(*model.unit(1)) == std::optional<std::string>("last seen"));
}

TEST_CASE("16.3 the observed area: toggled on it is asked, kept, and asked again after each update",
          "[client][16.3][fog]") {
  GameModel model;
  model.apply_snapshot(fog_snapshot(), std::nullopt);
  CHECK_FALSE(model.observed_area_shown());
  CHECK(model.refresh_queries().empty());  // French movement: nothing asked while it is off

  const auto asked = model.toggle_observed_area();
  REQUIRE(asked.size() == 1);
  REQUIRE(asked[0].has_query_observed_area());
  CHECK(asked[0].query_observed_area().game_id() == 12);
  CHECK(model.observed_area_shown());
  CHECK_FALSE(model.observed_area());  // until the answer arrives

  pb::ObservedArea area;
  area.set_game_id(12);
  area.set_distance(10);
  *area.add_hexes() = coord(17, 44);
  *area.add_hexes() = coord(17, 45);
  pb::ObservedArea other = area;
  other.set_game_id(13);
  model.apply_observed_area(other);  // another game's: not kept
  CHECK_FALSE(model.observed_area());
  model.apply_observed_area(area);
  REQUIRE(model.observed_area());
  CHECK(model.observed_area()->hexes_size() == 2);
  CHECK(model.observed_area()->distance() == 10);

  // Re-asked with the other queries after each snapshot or update (ClientModel sends these).
  const auto again = model.refresh_queries();
  REQUIRE(again.size() == 1);
  CHECK(again[0].has_query_observed_area());

  // Toggled off: forgotten, not asked, and a late answer is not kept.
  CHECK(model.toggle_observed_area().empty());
  CHECK_FALSE(model.observed_area_shown());
  CHECK_FALSE(model.observed_area());
  CHECK(model.refresh_queries().empty());
  model.apply_observed_area(area);
  CHECK_FALSE(model.observed_area());
}
