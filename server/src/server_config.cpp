#include "server_config.hpp"

#include "notify/email_message.hpp"
#include "ops/client_address.hpp"

#include <hd/wire/secret_commitment.hpp>

#include <algorithm>
#include <cctype>
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

// Why `url` is no SMTP relay url, or "": smtp:// or smtps://, a host (or [IPv6]), an optional
// :port of 1-65535, nothing after it but an optional "/domain" (libcurl's EHLO name), no user
// information, spaces or control characters.
std::string smtp_url_problem(const std::string& url) {
  const std::string shape = "an smtp url is smtp://host[:port] or smtps://host[:port]";
  std::string rest;
  if (url.starts_with("smtp://")) {
    rest = url.substr(7);
  } else if (url.starts_with("smtps://")) {
    rest = url.substr(8);
  } else {
    return shape;
  }
  for (const char c : rest)
    if (!(std::isalnum(static_cast<unsigned char>(c)) ||
          std::string_view(".-:[]/").find(c) != std::string_view::npos))
      return shape + ", of letters, digits, '.', '-', ':' and [] only (no user information)";
  const std::string authority = rest.substr(0, rest.find('/'));
  const std::string path = rest.size() > authority.size() ? rest.substr(authority.size() + 1) : "";
  if (path.find_first_of("/:[]") != std::string::npos) return shape;
  std::string host = authority;
  std::string port;
  if (authority.starts_with("[")) {
    const auto close = authority.find(']');
    if (close == std::string::npos || close == 1) return shape;
    host = authority.substr(0, close + 1);
    const std::string after = authority.substr(close + 1);
    if (!after.empty() && !after.starts_with(":")) return shape;
    if (!after.empty()) port = after.substr(1);
    if (after == ":") return shape;
  } else if (const auto colon = authority.find(':'); colon != std::string::npos) {
    host = authority.substr(0, colon);
    port = authority.substr(colon + 1);
    if (port.empty()) return shape;
  }
  if (host.empty() || (!host.starts_with("[") && host.find_first_of("[]") != std::string::npos))
    return shape + ", with a host";
  if (!port.empty() && !parse_integer(port, 1, 65535)) return shape + ", with a port of 1-65535";
  return "";
}

// The password in `path`: its first line, which must not be empty.
std::optional<std::string> read_password_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) return std::nullopt;
  if (line.ends_with("\r")) line.pop_back();
  if (line.empty()) return std::nullopt;
  return line;
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
  } else if (key == "smtp-url") {
    if (!value.empty()) {
      if (const std::string problem = smtp_url_problem(value); !problem.empty())
        return "invalid value '" + value + "' for " + key + ": " + problem;
    }
    config.smtp_url = value;
  } else if (key == "smtp-from") {
    if (const auto problem = email_address_problem(value))
      return "invalid value '" + value + "' for " + key + ": " + *problem;
    config.smtp_from = value;
  } else if (key == "smtp-user") {
    if (value.empty() || value.find_first_of("\r\n") != std::string::npos) return bad();
    config.smtp_user = value;
  } else if (key == "smtp-password-file") {
    if (value.empty()) return bad();
    config.smtp_password_file = value;
  } else if (key == "smtp-password") {
    return "smtp-password is not a setting: a password on the command line shows in ps; put it in a "
           "file readable by the server only and name that file with smtp-password-file";
  } else if (key == "smtp-timeout-seconds") {
    const auto v = integer(1, 300);
    if (!v) return bad();
    config.smtp_timeout = std::chrono::seconds(*v);
  } else if (key == "email-queue-limit") {
    const auto v = integer(1, 100000);
    if (!v) return bad();
    config.email_queue_limit = static_cast<std::size_t>(*v);
  } else if (key == "snapshot-every") {
    const auto v = integer(0, 1000000);
    if (!v) return bad();
    config.snapshot_every = static_cast<std::uint64_t>(*v);
  } else if (key == "allow-missing-rules") {
    if (value != "true" && value != "false") return bad();
    config.allow_missing_rules = value == "true";
  } else if (key == "dev-dice-seed") {
    const auto bytes = wire::from_hex(value);
    if (!bytes || bytes->size() != 32) return bad();
    config.dev_dice_seed = *bytes;
  } else if (key == "builtin-style") {
    if (value != "battle" && value != "uniform") return bad();
    config.builtin_battle_seeking = value == "battle";
  } else if (key == "group-commit") {
    if (value != "on" && value != "off") return bad();
    config.group_commit = value == "on";
  } else if (key == "queries-off-strand") {
    if (value != "on" && value != "off") return bad();
    config.queries_off_strand = value == "on";
  } else if (key == "wal-sync-off-strand") {
    if (value != "on" && value != "off") return bad();
    config.wal_sync_off_strand = value == "on";
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
  } else if (key == "deadline-check-seconds") {
    const auto v = integer(1, 3600);
    if (!v) return bad();
    config.deadline_check = std::chrono::seconds(*v);
  } else if (key == "deadline-reminder-percent") {
    const auto v = integer(1, 99);
    if (!v) return bad();
    config.deadline_reminder_percent = *v;
  } else if (key == "deadline-hour-seconds") {  // tests: a deadline's hour shortened, 3600 in play
    const auto v = integer(1, 3600);
    if (!v) return bad();
    config.deadline_hour_seconds = *v;
  } else if (key == "standing-order-grace-seconds") {
    const auto v = integer(1, 86400);
    if (!v) return bad();
    config.standing_order_grace_seconds = *v;
  } else if (key == "max-standing-orders-per-seat") {
    const auto v = integer(1, 1000);
    if (!v) return bad();
    config.max_standing_orders_per_seat = static_cast<std::size_t>(*v);
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
         "                 [--allow-missing-rules true|false] [--dev-dice-seed HEX64]\n"
         "                 [--builtin-style battle|uniform] [--group-commit on|off]\n"
         "                 [--queries-off-strand on|off] [--wal-sync-off-strand on|off]\n"
         "                 [--max-unattended-games-per-account N] [--finished-games-in-memory N]\n"
         "                 [--max-open-games-per-account N] [--max-games-created-per-day N]\n"
         "                 [--open-game-expiry-hours N] [--deadline-check-seconds N]\n"
         "                 [--deadline-reminder-percent N] [--deadline-hour-seconds N]\n"
         "                 [--standing-order-grace-seconds N] [--max-standing-orders-per-seat N]\n"
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
         "                 [--smtp-url URL --smtp-from ADDRESS] [--smtp-user NAME]\n"
         "                 [--smtp-password-file FILE] [--smtp-timeout-seconds N]\n"
         "                 [--email-queue-limit N]\n"
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
  if (!config.dev_dice_seed.empty() && !config.allow_missing_rules)
    return "dev-dice-seed is for development servers only: it needs allow-missing-rules true";
  if (config.tls_certificate.empty() != config.tls_private_key.empty())
    return "tls-certificate and tls-private-key go together";
  if (config.tls_enabled() && config.tls_port != 0 && config.tls_port == config.port)
    return "tls-port must differ from port (the plain listener stays for a proxy)";
  if (config.email_enabled() && config.smtp_from.empty())
    return "smtp-url needs smtp-from, the address e-mail is sent from";
  if (config.smtp_user.empty() != config.smtp_password_file.empty())
    return "smtp-user and smtp-password-file go together";
  if (!config.smtp_password_file.empty()) {
    const auto password = read_password_file(config.smtp_password_file);
    if (!password)
      return "cannot read a password from smtp-password-file " + config.smtp_password_file.string() +
             " (its first line, not empty)";
    config.smtp_password = *password;
  }
  return config;
}

}  // namespace hd::server
