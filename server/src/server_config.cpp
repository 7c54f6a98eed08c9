#include "server_config.hpp"

#include "ops/client_address.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <map>
#include <optional>

namespace hd::server {
namespace {

std::optional<long long> parse_integer(const std::string& text, long long min, long long max) {
  long long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    return std::nullopt;
  }
  return value;
}

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

// A comma-separated list with blanks trimmed and empty items dropped ("" is the empty list).
std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = std::min(text.find(',', start), text.size());
    const std::string item = trim(text.substr(start, comma - start));
    if (!item.empty()) items.push_back(item);
    start = comma + 1;
  }
  return items;
}

// An origin as browsers send it: http:// or https://, a host, an optional port, no path.
bool looks_like_origin(const std::string& origin) {
  for (const std::string scheme : {"http://", "https://"}) {
    if (origin.rfind(scheme, 0) != 0) continue;
    const std::string rest = origin.substr(scheme.size());
    return !rest.empty() && rest.find_first_of("/?# ") == std::string::npos;
  }
  return false;
}

// Applies one setting; returns an error message or an empty string.
std::string apply_setting(ServerConfig& config, const std::string& key, const std::string& value) {
  const auto integer = [&](long long min, long long max) -> std::optional<long long> {
    return parse_integer(value, min, max);
  };
  const auto bad = [&]() { return "invalid value '" + value + "' for " + key; };
  if (key == "listen") {
    if (value.empty()) return bad();
    config.listen_address = value;
  } else if (key == "port") {
    const auto v = integer(0, 65535);
    if (!v) return bad();
    config.port = static_cast<std::uint16_t>(*v);
  } else if (key == "database") {
    if (value.empty()) return bad();
    config.database_path = value;
  } else if (key == "port-file") {
    config.port_file = value;
  } else if (key == "tls-certificate") {
    if (value.empty()) return bad();
    config.tls_certificate = value;
  } else if (key == "tls-private-key") {
    if (value.empty()) return bad();
    config.tls_private_key = value;
  } else if (key == "tls-port") {
    const auto v = integer(0, 65535);
    if (!v) return bad();
    config.tls_port = static_cast<std::uint16_t>(*v);
  } else if (key == "tls-port-file") {
    config.tls_port_file = value;
  } else if (key == "name") {
    if (value.empty() || value.size() > 64) return bad();
    config.server_name = value;
  } else if (key == "max-message-bytes") {
    const auto v = integer(1024, 16 * 1024 * 1024);
    if (!v) return bad();
    config.max_message_bytes = static_cast<std::size_t>(*v);
  } else if (key == "write-queue-limit") {
    const auto v = integer(1, 100000);
    if (!v) return bad();
    config.write_queue_limit = static_cast<std::size_t>(*v);
  } else if (key == "handshake-timeout-seconds") {
    const auto v = integer(1, 3600);
    if (!v) return bad();
    config.handshake_timeout = std::chrono::seconds(*v);
  } else if (key == "idle-timeout-seconds") {
    const auto v = integer(1, 86400);
    if (!v) return bad();
    config.idle_timeout = std::chrono::seconds(*v);
  } else if (key == "shutdown-grace-ms") {
    const auto v = integer(0, 600000);
    if (!v) return bad();
    config.shutdown_grace = std::chrono::milliseconds(*v);
  } else if (key == "threads") {
    const auto v = integer(1, 64);
    if (!v) return bad();
    config.threads = static_cast<int>(*v);
  } else if (key == "data-root") {
    if (value.empty()) return bad();
    config.data_root = value;
  } else if (key == "argon2-operations") {
    const auto v = integer(1, 100);
    if (!v) return bad();
    config.argon2_operations = static_cast<unsigned long long>(*v);
  } else if (key == "argon2-memory-kib") {
    const auto v = integer(8, 4 * 1024 * 1024);
    if (!v) return bad();
    config.argon2_memory_kib = static_cast<std::size_t>(*v);
  } else if (key == "session-lifetime-days") {
    const auto v = integer(1, 3650);
    if (!v) return bad();
    config.session_lifetime = std::chrono::seconds(*v * 86400);
  } else if (key == "rate-limit-per-second") {
    const auto v = integer(1, 100000);
    if (!v) return bad();
    config.rate_limit.per_second = static_cast<std::uint32_t>(*v);
  } else if (key == "rate-limit-burst") {
    const auto v = integer(1, 100000);
    if (!v) return bad();
    config.rate_limit.burst = static_cast<std::uint32_t>(*v);
  } else if (key == "rate-limit-close-after") {
    const auto v = integer(1, 100000);
    if (!v) return bad();
    config.rate_limit.close_after = static_cast<std::uint32_t>(*v);
  } else if (key == "rate-limit-window-seconds") {
    const auto v = integer(1, 3600);
    if (!v) return bad();
    config.rate_limit.window = std::chrono::seconds(*v);
  } else if (key == "refusal-log-interval-seconds") {
    const auto v = integer(1, 3600);
    if (!v) return bad();
    config.refusal_log_interval = std::chrono::seconds(*v);
  } else if (key == "game-link-base") {
    if (value.find_first_of(" \t\r\n\"\\") != std::string::npos || value.ends_with("/")) return bad();
    config.game_link_base = value;
  } else if (key == "webhook-queue-limit") {
    const auto v = integer(1, 100000);
    if (!v) return bad();
    config.webhook_queue_limit = static_cast<std::size_t>(*v);
  } else if (key == "webhook-ca-file") {
    config.webhook_ca_file = value;
  } else if (key == "webhook-allow-private") {
    if (value != "true" && value != "false") return bad();
    config.webhook_allow_private = value == "true";
  } else if (key == "webhook-timeout-seconds") {
    const auto v = integer(1, 60);
    if (!v) return bad();
    config.webhook_timeout = std::chrono::seconds(*v);
  } else if (key == "snapshot-every") {
    const auto v = integer(0, 1000000);
    if (!v) return bad();
    config.snapshot_every = static_cast<std::uint64_t>(*v);
  } else if (key == "allow-missing-rules") {
    if (value != "true" && value != "false") return bad();
    config.allow_missing_rules = value == "true";
  } else if (key == "finished-games-in-memory") {
    const auto v = integer(0, 100000);
    if (!v) return bad();
    config.finished_games_in_memory = static_cast<std::size_t>(*v);
  } else if (key == "room-idle-seconds") {
    const auto v = integer(1, 86400 * 30);
    if (!v) return bad();
    config.room_idle = std::chrono::seconds(*v);
  } else if (key == "max-rooms-in-memory") {
    const auto v = integer(1, 1000000);
    if (!v) return bad();
    config.max_rooms_in_memory = static_cast<std::size_t>(*v);
  } else if (key == "catch-up-per-address-per-second") {
    const auto v = integer(1, 1000000);
    if (!v) return bad();
    config.catch_up_per_address_per_second = static_cast<std::uint32_t>(*v);
  } else if (key == "catch-up-per-address-burst") {
    const auto v = integer(64, 1000000);  // at least one whole catch-up (kCatchUpTail)
    if (!v) return bad();
    config.catch_up_per_address_burst = static_cast<std::uint32_t>(*v);
  } else if (key == "max-open-games-per-account") {
    const auto v = integer(1, 100000);
    if (!v) return bad();
    config.max_open_games_per_account = static_cast<std::size_t>(*v);
  } else if (key == "max-games-created-per-day") {
    const auto v = integer(0, 1000000);
    if (!v) return bad();
    config.max_games_created_per_day = static_cast<std::size_t>(*v);
  } else if (key == "open-game-expiry-hours") {
    const auto v = integer(0, 24 * 3650);
    if (!v) return bad();
    config.open_game_expiry = std::chrono::seconds(*v * 3600);
  } else if (key == "open-game-expiry-seconds") {  // tests: expiry within a test's time
    const auto v = integer(0, 86400 * 3650);
    if (!v) return bad();
    config.open_game_expiry = std::chrono::seconds(*v);
  } else if (key == "max-unattended-games-per-account" || key == "login-failures-per-account" ||
             key == "login-failures-per-address" || key == "hashing-queue-limit" ||
             key == "waiting-requests-limit") {
    const auto v = integer(key == "max-unattended-games-per-account" ? 0 : 1, 100000);
    if (!v) return bad();
    const auto n = static_cast<std::size_t>(*v);
    if (key == "max-unattended-games-per-account") config.max_unattended_games_per_account = n;
    if (key == "login-failures-per-account") config.login_failures_per_account = n;
    if (key == "login-failures-per-address") config.login_failures_per_address = n;
    if (key == "hashing-queue-limit") config.hashing_queue_limit = n;
    if (key == "waiting-requests-limit") config.waiting_requests_limit = n;
  } else if (key == "login-throttle-seconds") {
    const auto v = integer(1, 86400);
    if (!v) return bad();
    config.login_throttle_window = std::chrono::seconds(*v);
  } else if (key == "rate-limit-per-address-per-second") {
    const auto v = integer(1, 1000000);
    if (!v) return bad();
    config.address_rate_limit.per_second = static_cast<std::uint32_t>(*v);
  } else if (key == "rate-limit-per-address-burst") {
    const auto v = integer(1, 1000000);
    if (!v) return bad();
    config.address_rate_limit.burst = static_cast<std::uint32_t>(*v);
  } else if (key == "max-connections-per-address") {
    const auto v = integer(1, 100000);
    if (!v) return bad();
    config.max_connections_per_address = static_cast<std::size_t>(*v);
  } else if (key == "allowed-origins") {
    std::vector<std::string> origins = split_list(value);
    for (const auto& origin : origins) {
      if (!looks_like_origin(origin))
        return "invalid origin '" + origin + "' for " + key + " (want https://host[:port])";
    }
    config.allowed_origins = std::move(origins);
  } else if (key == "trusted-proxies" || key == "metrics-allowed-from") {
    std::vector<std::string> addresses = split_list(value);
    for (auto& address : addresses) {
      const auto normal = normal_ip_address(address);
      if (!normal) return "invalid IP address '" + address + "' for " + key;
      address = *normal;
    }
    (key == "trusted-proxies" ? config.trusted_proxies : config.metrics_allowed_from) = std::move(addresses);
  } else {
    return "unknown setting '" + key + "'";
  }
  return "";
}

std::string load_config_file(ServerConfig& config, const std::string& path) {
  std::ifstream in(path);
  if (!in) return "cannot read config file " + path;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::string text = trim(line.substr(0, line.find('#')));
    if (text.empty()) continue;
    const auto equals = text.find('=');
    if (equals == std::string::npos) return path + ":" + std::to_string(number) + ": expected key = value";
    const std::string error =
        apply_setting(config, trim(text.substr(0, equals)), trim(text.substr(equals + 1)));
    if (!error.empty()) return path + ":" + std::to_string(number) + ": " + error;
  }
  return "";
}

}  // namespace

std::string server_usage() {
  return "usage: hd_server [--config FILE] [--listen ADDRESS] [--port N] [--database FILE]\n"
         "                 [--port-file FILE] [--name TEXT] [--max-message-bytes N]\n"
         "                 [--write-queue-limit N] [--handshake-timeout-seconds N]\n"
         "                 [--idle-timeout-seconds N] [--shutdown-grace-ms N] [--threads N]\n"
         "                 [--data-root DIR] [--argon2-operations N] [--argon2-memory-kib N]\n"
         "                 [--session-lifetime-days N] [--rate-limit-per-second N]\n"
         "                 [--rate-limit-burst N] [--rate-limit-close-after N]\n"
         "                 [--rate-limit-window-seconds N] [--refusal-log-interval-seconds N]\n"
         "                 [--max-connections-per-address N]\n"
         "                 [--allowed-origins LIST] [--trusted-proxies LIST]\n"
         "                 [--metrics-allowed-from LIST] [--snapshot-every N]\n"
         "                 [--allow-missing-rules true|false]\n"
         "                 [--max-unattended-games-per-account N] [--finished-games-in-memory N]\n"
         "                 [--max-open-games-per-account N] [--max-games-created-per-day N]\n"
         "                 [--open-game-expiry-hours N]\n"
         "                 [--login-failures-per-account N]\n"
         "                 [--login-failures-per-address N] [--login-throttle-seconds N]\n"
         "                 [--hashing-queue-limit N] [--waiting-requests-limit N]\n"
         "                 [--rate-limit-per-address-per-second N] [--rate-limit-per-address-burst N]\n"
         "                 [--room-idle-seconds N] [--max-rooms-in-memory N]\n"
         "                 [--catch-up-per-address-per-second N] [--catch-up-per-address-burst N]\n"
         "                 [--tls-certificate FILE --tls-private-key FILE] [--tls-port N]\n"
         "                 [--tls-port-file FILE] [--game-link-base TEXT]\n"
         "                 [--webhook-queue-limit N] [--webhook-timeout-seconds N]\n"
         "                 [--webhook-ca-file FILE] [--webhook-allow-private true|false]\n"
         "A config file holds the same keys as 'key = value' lines; flags override it.\n"
         "See docs/server.md.\n";
}

ConfigResult parse_server_config(const std::vector<std::string>& args) {
  // Split into (key, value) pairs first so that --config is applied before the other flags.
  std::vector<std::pair<std::string, std::string>> flags;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.rfind("--", 0) != 0 || arg.size() == 2) return "unexpected argument '" + arg + "'";
    const auto equals = arg.find('=');
    if (equals != std::string::npos) {
      flags.emplace_back(arg.substr(2, equals - 2), arg.substr(equals + 1));
    } else if (i + 1 < args.size()) {
      flags.emplace_back(arg.substr(2), args[++i]);
    } else {
      return "missing value for " + arg;
    }
  }
  ServerConfig config;
  for (const auto& [key, value] : flags) {
    if (key != "config") continue;
    const std::string error = load_config_file(config, value);
    if (!error.empty()) return error;
  }
  for (const auto& [key, value] : flags) {
    if (key == "config") continue;
    const std::string error = apply_setting(config, key, value);
    if (!error.empty()) return error;
  }
  if (config.tls_certificate.empty() != config.tls_private_key.empty())
    return "tls-certificate and tls-private-key go together";
  if (config.tls_enabled() && config.tls_port != 0 && config.tls_port == config.port)
    return "tls-port must differ from port (the plain listener stays for a proxy)";
  return config;
}

}  // namespace hd::server
