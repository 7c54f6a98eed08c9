// The client's network thread against the real server on loopback: no window needed.
#include "model/client_model.hpp"
#include "net/connection.hpp"
#include "net/event_queue.hpp"
#include "net/server_url.hpp"

#include <hd/wire/protocol_version.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <server_process.hpp>
#include <thread>

using hd::client::ClientModel;
using hd::client::ConnectionState;

namespace {

// Feeds the queue's events to the model until `done` holds or `timeout` passes, like the frame loop.
template <typename Done>
bool pump_until(hd::client::EventQueue& events, ClientModel& model, Done done, std::chrono::seconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    for (const auto& event : events.take_all())
      model.apply(event);
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

}  // namespace

TEST_CASE("the client connects, says Hello and is welcomed by the real server", "[e2e]") {
  hd::test::ServerProcess server;
  const auto url = hd::client::parse_server_url(server.url());
  REQUIRE(url);

  ClientModel model(server.url());
  hd::client::EventQueue events;
  hd::client::Connection connection(*url, events);
  REQUIRE(pump_until(
      events, model,
      [&] {
        return model.state() != ConnectionState::Connecting && model.state() != ConnectionState::Connected;
      },
      std::chrono::seconds(10)));

  INFO("failure: " << model.failure());
  REQUIRE(model.state() == ConnectionState::Welcomed);
  const auto& welcome = *model.welcome();
  CHECK(welcome.protocol_version == hd::wire::kProtocolVersion);
  CHECK_FALSE(welcome.server_name.empty());
  CHECK(welcome.server_id.size() == 32);
  CHECK(std::all_of(welcome.server_id.begin(), welcome.server_id.end(),
                    [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }));
  CHECK(welcome.connection_id >= 1);
  CHECK(welcome.map_grid.columns == 57);
  CHECK(welcome.map_grid.rows == 67);

  // A clean close is quick, and the client reports nothing for a close it asked for.
  const auto before_stop = std::chrono::steady_clock::now();
  connection.stop();
  CHECK(std::chrono::steady_clock::now() - before_stop < std::chrono::seconds(3));
  for (const auto& event : events.take_all())
    model.apply(event);
  CHECK(model.state() == ConnectionState::Welcomed);
}

TEST_CASE("two clients get different connection ids from the same server", "[e2e]") {
  hd::test::ServerProcess server;
  const auto url = hd::client::parse_server_url(server.url());
  REQUIRE(url);
  ClientModel first(server.url());
  ClientModel second(server.url());
  hd::client::EventQueue first_events;
  hd::client::EventQueue second_events;
  hd::client::Connection first_connection(*url, first_events);
  hd::client::Connection second_connection(*url, second_events);
  auto welcomed = [](const ClientModel& model) { return [&model] { return model.welcome().has_value(); }; };
  REQUIRE(pump_until(first_events, first, welcomed(first), std::chrono::seconds(10)));
  REQUIRE(pump_until(second_events, second, welcomed(second), std::chrono::seconds(10)));
  CHECK(first.welcome()->connection_id != second.welcome()->connection_id);
  CHECK(first.welcome()->server_id == second.welcome()->server_id);
}

TEST_CASE("a server that is not there is reported as a failure, not a hang", "[e2e]") {
  // Start a server to learn a free port, then stop it so the port refuses connections.
  std::string url_text;
  {
    hd::test::ServerProcess server;
    url_text = server.url();
  }
  const auto url = hd::client::parse_server_url(url_text);
  REQUIRE(url);
  ClientModel model(url_text);
  hd::client::EventQueue events;
  hd::client::Connection connection(*url, events);
  REQUIRE(pump_until(
      events, model, [&] { return model.state() == ConnectionState::Failed; }, std::chrono::seconds(10)));
  CHECK_THAT(model.failure(), Catch::Contains("cannot connect"));
}
