// Server configuration: safe defaults, flags, config files, and clear errors for bad settings.
#include "server_config.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using hd::server::parse_server_config;
using hd::server::ServerConfig;

TEST_CASE("defaults listen on loopback only", "[config]") {
  const auto parsed = parse_server_config({});
  const auto& config = std::get<ServerConfig>(parsed);
  CHECK(config.listen_address == "127.0.0.1");
  CHECK(config.port == 8765);
  CHECK(config.max_message_bytes == 64 * 1024);
}

TEST_CASE("flags set values in both spellings", "[config]") {
  const auto parsed = parse_server_config({"--port", "0", "--database=x/y.sqlite", "--threads", "3"});
  const auto& config = std::get<ServerConfig>(parsed);
  CHECK(config.port == 0);
  CHECK(config.database_path == "x/y.sqlite");
  CHECK(config.threads == 3);
}

TEST_CASE("a config file is read first and flags override it", "[config]") {
  const auto path = std::filesystem::temp_directory_path() / "hd-config-test.conf";
  {
    std::ofstream out(path);
    out << "# comment\nport = 9000\nname = Test Server  # trailing comment\nidle-timeout-seconds=30\n";
  }
  const auto parsed = parse_server_config({"--config", path.string(), "--port", "9100"});
  const auto& config = std::get<ServerConfig>(parsed);
  CHECK(config.port == 9100);
  CHECK(config.server_name == "Test Server");
  CHECK(config.idle_timeout == std::chrono::seconds(30));
  std::filesystem::remove(path);
}

TEST_CASE("bad settings are errors that name the problem", "[config]") {
  CHECK(std::get<std::string>(parse_server_config({"--port", "70000"})).find("port") != std::string::npos);
  CHECK(std::get<std::string>(parse_server_config({"--port", "12a"})).find("12a") != std::string::npos);
  CHECK(std::get<std::string>(parse_server_config({"--colour", "red"})).find("unknown setting") !=
        std::string::npos);
  CHECK(std::get<std::string>(parse_server_config({"--port"})).find("missing value") != std::string::npos);
  CHECK(std::get<std::string>(parse_server_config({"stray"})).find("unexpected argument") !=
        std::string::npos);
  CHECK(std::get<std::string>(parse_server_config({"--max-message-bytes", "10"})).find("max-message-bytes") !=
        std::string::npos);
  CHECK(
      std::get<std::string>(parse_server_config({"--config", "/nonexistent/hd.conf"})).find("cannot read") !=
      std::string::npos);
}

TEST_CASE("limit settings: rate, connections per address, origins, proxies, metrics access", "[config]") {
  const auto path = std::filesystem::temp_directory_path() / "hd-config-limits-test.conf";
  {
    std::ofstream out(path);
    out << "rate-limit-per-second = 5\nrate-limit-burst = 9\nrate-limit-close-after = 4\n"
           "rate-limit-window-seconds = 30\nrefusal-log-interval-seconds = 7\nmax-connections-per-address = "
           "3\n"
           "allowed-origins = https://play.example.org, http://localhost:8080\n"
           "trusted-proxies = 127.0.0.1, ::ffff:10.0.0.2\n";
  }
  const auto parsed = parse_server_config({"--config", path.string(), "--metrics-allowed-from", "10.1.2.3"});
  std::filesystem::remove(path);
  const auto& config = std::get<ServerConfig>(parsed);
  CHECK(config.rate_limit.per_second == 5);
  CHECK(config.rate_limit.burst == 9);
  CHECK(config.rate_limit.close_after == 4);
  CHECK(config.rate_limit.window == std::chrono::seconds(30));
  CHECK(config.refusal_log_interval == std::chrono::seconds(7));
  CHECK(config.max_connections_per_address == 3);
  CHECK(config.allowed_origins ==
        std::vector<std::string>{"https://play.example.org", "http://localhost:8080"});
  CHECK(config.trusted_proxies == std::vector<std::string>{"127.0.0.1", "10.0.0.2"});
  CHECK(config.metrics_allowed_from == std::vector<std::string>{"10.1.2.3"});
}

TEST_CASE("limit defaults: 20 requests a second in bursts of 40, 8 connections per address, no origins",
          "[config]") {
  const auto parsed = parse_server_config({});
  const auto& config = std::get<ServerConfig>(parsed);
  CHECK(config.rate_limit.per_second == 20);
  CHECK(config.rate_limit.burst == 40);
  CHECK(config.rate_limit.close_after == 20);
  CHECK(config.rate_limit.window == std::chrono::seconds(10));
  CHECK(config.refusal_log_interval == std::chrono::seconds(10));
  CHECK(config.max_connections_per_address == 8);
  CHECK(config.allowed_origins.empty());
  CHECK(config.trusted_proxies.empty());
  CHECK(config.metrics_allowed_from == std::vector<std::string>{"127.0.0.1", "::1"});
  // An empty list is allowed: nobody may scrape the metrics.
  CHECK(
      std::get<ServerConfig>(parse_server_config({"--metrics-allowed-from="})).metrics_allowed_from.empty());
}

TEST_CASE("bad limit settings are errors that name them", "[config]") {
  const auto error = [](std::vector<std::string> args) {
    return std::get<std::string>(parse_server_config(args));
  };
  CHECK(error({"--rate-limit-per-second", "0"}).find("rate-limit-per-second") != std::string::npos);
  CHECK(error({"--refusal-log-interval-seconds", "0"}).find("refusal-log-interval-seconds") !=
        std::string::npos);
  CHECK(error({"--max-connections-per-address", "-1"}).find("max-connections-per-address") !=
        std::string::npos);
  CHECK(error({"--allowed-origins", "play.example.org"}).find("invalid origin") != std::string::npos);
  CHECK(error({"--allowed-origins", "https://a.example/path"}).find("invalid origin") != std::string::npos);
  CHECK(error({"--trusted-proxies", "localhost"}).find("invalid IP address") != std::string::npos);
}

TEST_CASE("snapshot-every: a game's state is snapshotted every 50 actions by default; 0 turns it off",
          "[config]") {
  CHECK(std::get<ServerConfig>(parse_server_config({})).snapshot_every == 50);
  CHECK(std::get<ServerConfig>(parse_server_config({"--snapshot-every", "0"})).snapshot_every == 0);
  CHECK(std::get<ServerConfig>(parse_server_config({"--snapshot-every=7"})).snapshot_every == 7);
  CHECK(std::get<std::string>(parse_server_config({"--snapshot-every", "-3"})).find("snapshot-every") !=
        std::string::npos);
}

TEST_CASE("the on/off switches: each has its default, takes on and off, and refuses anything else (issue 15)",
          "[config]") {
  struct Switch {
    const char* name;
    bool ServerConfig::*member;
    bool default_on;
  };
  for (const Switch& flag : {Switch{"queries-off-strand", &ServerConfig::queries_off_strand, true},
                             Switch{"wal-sync-off-strand", &ServerConfig::wal_sync_off_strand, false},
                             Switch{"group-commit", &ServerConfig::group_commit, true}}) {
    INFO(flag.name);
    const std::string option = std::string("--") + flag.name;
    CHECK(std::get<ServerConfig>(parse_server_config({})).*flag.member == flag.default_on);
    CHECK_FALSE(std::get<ServerConfig>(parse_server_config({option, "off"})).*flag.member);
    CHECK(std::get<ServerConfig>(parse_server_config({option + "=on"})).*flag.member);
    CHECK(std::get<std::string>(parse_server_config({option, "sometimes"})).find(flag.name) !=
          std::string::npos);
  }
}

TEST_CASE("builtin-style: the built-in seats seek battle unless told to play uniformly (issue 13)",
          "[config]") {
  CHECK(std::get<ServerConfig>(parse_server_config({})).builtin_battle_seeking);
  CHECK_FALSE(
      std::get<ServerConfig>(parse_server_config({"--builtin-style", "uniform"})).builtin_battle_seeking);
  CHECK(std::get<ServerConfig>(parse_server_config({"--builtin-style=battle"})).builtin_battle_seeking);
  CHECK(std::get<std::string>(parse_server_config({"--builtin-style", "clever"})).find("builtin-style") !=
        std::string::npos);
}

TEST_CASE("dev-dice-seed: none by default; 64 hex digits, on development servers only (issue 14)",
          "[config]") {
  CHECK(std::get<ServerConfig>(parse_server_config({})).dev_dice_seed.empty());
  const std::string seed(64, 'a');
  const auto set = parse_server_config({"--allow-missing-rules", "true", "--dev-dice-seed", seed});
  REQUIRE(std::holds_alternative<ServerConfig>(set));
  CHECK(std::get<ServerConfig>(set).dev_dice_seed == std::string(32, '\xaa'));
  // Never on a server people play on: it needs allow-missing-rules.
  const auto alone = parse_server_config({"--dev-dice-seed", seed});
  REQUIRE(std::holds_alternative<std::string>(alone));
  CHECK(std::get<std::string>(alone).find("allow-missing-rules") != std::string::npos);
  for (const std::string& bad : {std::string(63, 'a'), std::string(66, 'a'), std::string(64, 'g')})
    CHECK(
        std::get<std::string>(parse_server_config({"--allow-missing-rules", "true", "--dev-dice-seed", bad}))
            .find("dev-dice-seed") != std::string::npos);
}

TEST_CASE("games per account: 10 open at once and 100 created a day by default (issue 29, finding 4)",
          "[config]") {
  const auto config = [](std::vector<std::string> args) {
    return std::get<ServerConfig>(parse_server_config(args));
  };
  CHECK(config({}).max_open_games_per_account == 10);
  CHECK(config({}).max_games_created_per_day == 100);
  CHECK(config({"--max-open-games-per-account", "3"}).max_open_games_per_account == 3);
  CHECK(config({"--max-games-created-per-day=0"}).max_games_created_per_day == 0);  // no daily limit
  // At least one open game: 0 would leave no way to create one for others to join.
  CHECK(std::get<std::string>(parse_server_config({"--max-open-games-per-account", "0"}))
            .find("max-open-games-per-account") != std::string::npos);
}

TEST_CASE("open-game-expiry-hours: 72 by default, 0 turns it off, seconds for tests", "[config]") {
  const auto config = [](std::vector<std::string> args) {
    return std::get<ServerConfig>(parse_server_config(args));
  };
  CHECK(config({}).open_game_expiry == std::chrono::hours(72));
  CHECK(config({"--open-game-expiry-hours", "0"}).open_game_expiry.count() == 0);
  CHECK(config({"--open-game-expiry-hours=5"}).open_game_expiry == std::chrono::hours(5));
  CHECK(config({"--open-game-expiry-seconds", "3"}).open_game_expiry == std::chrono::seconds(3));
  CHECK(std::holds_alternative<std::string>(parse_server_config({"--open-game-expiry-hours", "-1"})));
  CHECK(std::holds_alternative<std::string>(parse_server_config({"--open-game-expiry-hours", "x"})));
}

TEST_CASE("deadline watcher: check every 60 s, remind at 75%, an hour of 3600 s unless a test says",
          "[config]") {
  const auto config = [](std::vector<std::string> args) {
    return std::get<ServerConfig>(parse_server_config(args));
  };
  CHECK(config({}).deadline_check == std::chrono::seconds(60));
  CHECK(config({}).deadline_reminder_percent == 75);
  CHECK(config({}).deadline_hour_seconds == 3600);
  CHECK(config({"--deadline-check-seconds", "1"}).deadline_check == std::chrono::seconds(1));
  CHECK(config({"--deadline-reminder-percent=50"}).deadline_reminder_percent == 50);
  CHECK(config({"--deadline-hour-seconds", "2"}).deadline_hour_seconds == 2);
  CHECK(std::holds_alternative<std::string>(parse_server_config({"--deadline-check-seconds", "0"})));
  CHECK(std::holds_alternative<std::string>(parse_server_config({"--deadline-reminder-percent", "100"})));
  CHECK(std::holds_alternative<std::string>(parse_server_config({"--deadline-hour-seconds", "3601"})));
}

TEST_CASE("standing orders: a grace of 60 s and 64 orders per seat unless set (issue 16)", "[config]") {
  const auto config = [](std::vector<std::string> args) {
    return std::get<ServerConfig>(parse_server_config(args));
  };
  CHECK(config({}).standing_order_grace_seconds == 60);
  CHECK(config({}).max_standing_orders_per_seat == 64);
  CHECK(config({"--standing-order-grace-seconds", "2"}).standing_order_grace_seconds == 2);
  CHECK(config({"--max-standing-orders-per-seat=3"}).max_standing_orders_per_seat == 3);
  CHECK(std::holds_alternative<std::string>(parse_server_config({"--standing-order-grace-seconds", "0"})));
  CHECK(std::holds_alternative<std::string>(parse_server_config({"--max-standing-orders-per-seat", "1001"})));
}

TEST_CASE("rooms in memory and catch-up per address: defaults, flags, bad values (issue 29, 5 and 6)",
          "[config]") {
  const auto config = [](std::vector<std::string> args) {
    return std::get<ServerConfig>(parse_server_config(args));
  };
  const ServerConfig defaults = config({});
  CHECK(defaults.room_idle == std::chrono::seconds(300));
  CHECK(defaults.max_rooms_in_memory == 500);
  CHECK(defaults.catch_up_per_address_per_second == 128);
  CHECK(defaults.catch_up_per_address_burst == 1024);
  const ServerConfig set =
      config({"--room-idle-seconds", "2", "--max-rooms-in-memory=7", "--catch-up-per-address-per-second", "5",
              "--catch-up-per-address-burst", "64"});
  CHECK(set.room_idle == std::chrono::seconds(2));
  CHECK(set.max_rooms_in_memory == 7);
  CHECK(set.catch_up_per_address_per_second == 5);
  CHECK(set.catch_up_per_address_burst == 64);
  for (const std::vector<std::string>& bad : {std::vector<std::string>{"--room-idle-seconds", "0"},
                                              {"--max-rooms-in-memory", "0"},
                                              {"--catch-up-per-address-per-second", "0"},
                                              {"--catch-up-per-address-burst", "63"},
                                              {"--max-rooms-in-memory", "x"}}) {
    const auto result = parse_server_config(bad);
    REQUIRE(std::holds_alternative<std::string>(result));
    CHECK(std::get<std::string>(result).find(bad.front().substr(2)) != std::string::npos);
  }
}

TEST_CASE("TLS settings: certificate and key together, a port of their own", "[config][tls]") {
  const auto plain = std::get<ServerConfig>(parse_server_config({}));
  CHECK_FALSE(plain.tls_enabled());
  CHECK(plain.tls_port == 8443);

  const auto tls = std::get<ServerConfig>(
      parse_server_config({"--tls-certificate", "cert.pem", "--tls-private-key", "key.pem", "--tls-port", "0",
                           "--tls-port-file", "tls-port"}));
  CHECK(tls.tls_enabled());
  CHECK(tls.tls_certificate == "cert.pem");
  CHECK(tls.tls_private_key == "key.pem");
  CHECK(tls.tls_port == 0);
  CHECK(tls.tls_port_file == "tls-port");

  const auto error = [](std::vector<std::string> args) {
    return std::get<std::string>(parse_server_config(args));
  };
  CHECK(error({"--tls-certificate", "cert.pem"}) == "tls-certificate and tls-private-key go together");
  CHECK(error({"--tls-private-key", "key.pem"}) == "tls-certificate and tls-private-key go together");
  CHECK(error({"--tls-certificate", "cert.pem", "--tls-private-key", "key.pem", "--port", "9000",
               "--tls-port", "9000"}) ==
        "tls-port must differ from port (the plain listener stays for a proxy)");
  CHECK(error({"--tls-certificate", "", "--tls-private-key", "key.pem"}).find("tls-certificate") !=
        std::string::npos);
  CHECK(error({"--tls-port", "70000"}) == "invalid value '70000' for tls-port");
  CHECK(error({"--tls-port", "x"}) == "invalid value 'x' for tls-port");
  // Two ports of 0 both pick a free one: not the same port.
  CHECK(std::holds_alternative<ServerConfig>(parse_server_config(
      {"--tls-certificate", "c", "--tls-private-key", "k", "--port", "0", "--tls-port", "0"})));
}

TEST_CASE("TLS settings from a config file", "[config][tls]") {
  const auto path = std::filesystem::temp_directory_path() / "hd-config-tls-test.conf";
  std::ofstream(path) << "tls-certificate = /etc/hd/fullchain.pem\ntls-private-key = /etc/hd/privkey.pem\n"
                         "tls-port = 9443\n";
  const auto config = std::get<ServerConfig>(parse_server_config({"--config", path.string()}));
  CHECK(config.tls_certificate == "/etc/hd/fullchain.pem");
  CHECK(config.tls_private_key == "/etc/hd/privkey.pem");
  CHECK(config.tls_port == 9443);
  std::filesystem::remove(path);
}

TEST_CASE("e-mail settings: relay url, sender, login from a file, timeout, queue; bad ones refused",
          "[config][email]") {
  const auto unset = std::get<ServerConfig>(parse_server_config({}));
  CHECK_FALSE(unset.email_enabled());
  CHECK(unset.smtp_timeout == std::chrono::seconds(10));
  CHECK(unset.email_queue_limit == 256);

  const auto password_file = std::filesystem::temp_directory_path() / "hd-config-smtp-password";
  {
    std::ofstream out(password_file);
    out << "s3cret pass\n";
  }
  const auto parsed =
      parse_server_config({"--smtp-url", "smtps://relay.example.org:465", "--smtp-from", "hd@example.org",
                           "--smtp-user", "hd", "--smtp-password-file", password_file.string(),
                           "--smtp-timeout-seconds", "7", "--email-queue-limit", "9"});
  const auto& config = std::get<ServerConfig>(parsed);
  CHECK(config.email_enabled());
  CHECK(config.smtp_url == "smtps://relay.example.org:465");
  CHECK(config.smtp_from == "hd@example.org");
  CHECK(config.smtp_user == "hd");
  CHECK(config.smtp_password == "s3cret pass");
  CHECK(config.smtp_timeout == std::chrono::seconds(7));
  CHECK(config.email_queue_limit == 9);
  for (const char* url :
       {"smtp://127.0.0.1:2525", "smtp://[::1]:25", "smtp://relay", "smtp://relay/hd.example"}) {
    INFO(url);
    CHECK(std::holds_alternative<ServerConfig>(
        parse_server_config({"--smtp-url", url, "--smtp-from", "a@b.c"})));
  }

  const auto error = [](std::vector<std::string> args) {
    const auto result = parse_server_config(args);
    return std::holds_alternative<std::string>(result) ? std::get<std::string>(result)
                                                       : std::string("(none)");
  };
  for (const char* url :
       {"http://relay", "smtp://", "smtp://relay:0", "smtp://relay:70000", "smtp://user:pw@relay",
        "smtp://relay :25", "smtp://[::1", "smtp://relay:", "smtps://relay/a/b"}) {
    INFO(url);
    CHECK(error({"--smtp-url", url, "--smtp-from", "a@b.c"}).find("smtp://host[:port]") != std::string::npos);
  }
  CHECK(error({"--smtp-url", "smtp://relay"}).find("smtp-from") != std::string::npos);
  CHECK(error({"--smtp-from", "not an address"}).find("name@domain") != std::string::npos);
  CHECK(error({"--smtp-from", "a@b.c\r\nBcc: x@y.z"}).find("smtp-from") != std::string::npos);
  CHECK(error({"--smtp-user", "hd"}).find("go together") != std::string::npos);
  CHECK(error({"--smtp-user", "hd", "--smtp-password-file", "/nonexistent/pw"})
            .find("cannot read a password") != std::string::npos);
  CHECK(error({"--smtp-password", "hunter2"}).find("smtp-password-file") != std::string::npos);
  CHECK(error({"--smtp-password", "hunter2"}).find("hunter2") == std::string::npos);  // not echoed
  CHECK(error({"--smtp-timeout-seconds", "0"}).find("smtp-timeout-seconds") != std::string::npos);
  CHECK(error({"--email-queue-limit", "0"}).find("email-queue-limit") != std::string::npos);
  std::filesystem::remove(password_file);
}
