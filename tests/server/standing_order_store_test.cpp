// The standing orders' table (migrations/0016, games/standing_order_store.hpp): orders kept per
// game and unit, and whether a game has any (what GameStandingOrders::may_play asks of a room
// waiting for a retreat or an advance, issue 16).
#include "games/standing_order_store.hpp"

#include "database.hpp"
#include "migrations.hpp"
#include "temp_database.hpp"

#include <catch2/catch.hpp>

using namespace hd::server;
namespace v1 = hundred_days::v1;

TEST_CASE("standing orders are kept per game and unit; any() tells a game with orders from one without",
          "[orders]") {
  Database db = Database::open(hd::test::fresh_database_path("hd-standing-orders"));
  apply_migrations(db, embedded_migrations());
  db.execute("INSERT INTO accounts (id, username, password_hash, created_unix) VALUES (1, 'a', 'x', 0)");
  for (const char* id : {"7", "8"})
    db.execute(std::string("INSERT INTO games (id, scenario, title, force_options, optional_rules, status, "
                           "public_listing, invite_code, spectator_view, spectator_delay, dice_seed, "
                           "seed_commitment, creator_account, created_unix) VALUES (") +
               id + ", 's', 't', '', '', 2, 1, 'i" + id + "', 0, 0, '', '', 1, 0)");
  StandingOrderStore store(db);
  CHECK_FALSE(store.any(7));
  CHECK_FALSE(store.any(8));

  StandingOrder order;
  order.unit = 12;
  order.seat = v1::SEAT_PRUSSIAN;
  order.retreat_hexes = {{17, 40}, {18, 40}};
  order.retreat_toward = hd::engine::Hex{20, 41};
  order.advance = true;
  store.put(7, order);
  CHECK(store.any(7));
  CHECK_FALSE(store.any(8));
  const StandingOrderBook book = store.load(7);
  REQUIRE(book.size() == 1);
  const StandingOrder& kept = book.at(12);
  CHECK(kept.seat == v1::SEAT_PRUSSIAN);
  CHECK(kept.retreat_hexes == std::vector<hd::engine::Hex>{{17, 40}, {18, 40}});
  CHECK(kept.retreat_toward == hd::engine::Hex{20, 41});
  CHECK(kept.advance);

  store.clear(7, 12);
  CHECK_FALSE(store.any(7));
  CHECK(store.load(7).empty());
}
