// The server's settings, from an optional config file and then command-line flags (flags win).
#pragma once

#include "ops/request_rate_limiter.hpp"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

namespace hd::server {

struct ServerConfig {
  std::string listen_address = "127.0.0.1";  // never 0.0.0.0 unless asked for
  std::uint16_t port = 8765;                 // 0 picks a free port (see port_file)
  std::filesystem::path database_path = "data/hundred-days.sqlite";
  std::filesystem::path port_file;  // if set, the bound port is written here
  std::string server_name = "Hundred Days";
  std::size_t max_message_bytes = 64 * 1024;       // largest WebSocket message accepted, bytes
  std::size_t write_queue_limit = 64;              // messages queued to a slow client before it is dropped
  std::chrono::seconds handshake_timeout{10};      // HTTP request and WebSocket handshake
  std::chrono::seconds idle_timeout{60};           // silence before a ping; dropped if unanswered
  std::chrono::milliseconds shutdown_grace{3000};  // time open connections get to close on shutdown
  int threads = 2;                                 // I/O threads
  std::filesystem::path data_root = "scenarios";   // the scenarios folder: map/, armies/, tables/, scenarios
  unsigned long long argon2_operations = 2;        // Argon2id passes (libsodium "interactive": 2)
  std::size_t argon2_memory_kib = 64 * 1024;       // Argon2id memory, KiB (interactive: 64 MiB)
  std::chrono::seconds session_lifetime{30 * 86400};  // an unused session token expires after this
  RateLimit rate_limit;                           // requests per connection (see request_rate_limiter.hpp)
  std::chrono::seconds refusal_log_interval{10};  // one refusal line per address and kind per interval
  std::size_t max_connections_per_address = 8;    // WebSocket connections open at once per client address
  std::vector<std::string> allowed_origins;       // web origins that may open a WebSocket (none by default)
  std::vector<std::string> trusted_proxies;       // peers whose X-Real-IP header names the client
  std::uint64_t snapshot_every = 50;              // a game's state is snapshotted every N actions (0: never)
  // Development only: create and load games whose rules in force lack a module in the engine; such
  // games are marked "not by the book" everywhere they are shown.
  bool allow_missing_rules = false;
  // Development only (tests; needs allow_missing_rules): every game's dice seed, 32 bytes, instead of
  // a random one, so that two games given the same actions roll the same dice (issue 14's
  // non-interference pairs). Empty: a random seed per game, as always in production.
  std::string dev_dice_seed;
  // How the built-in seats play (issue 13): battle-seeking (the default), or uniform random moves (tests
  // that only need a long game played quickly).
  bool builtin_battle_seeking = true;
  // Issue 15: the hub handles the requests waiting for it in batches that share one commit (group
  // commit, app/hub.hpp); off, each request commits on its own (the behaviour before; measuring).
  bool group_commit = true;
  // Issue 15: a query's answer is worked out on the I/O threads beside the hub's strand
  // (Hub::answer_later); off, on the strand (the behaviour before; measuring).
  bool queries_off_strand = true;
  // Issue 15: on, a batch's COMMIT does not wait for the disk; a thread of its own syncs the WAL
  // and what the batch sends is handed on after that (Hub::sync_wal_off_strand). Off (the default:
  // on this project's 2-core machine it made smaller batches and cost throughput, docs/
  // performance.md), the COMMIT waits for the disk on the hub's strand. Only with group_commit.
  bool wal_sync_off_strand = false;
  // Issue 12 (docs/server.md, Limits): games with no human seat running at once per creating account.
  std::size_t max_unattended_games_per_account = 1;
  // Issue 29, finding 4 (docs/server.md, Limits): open (not yet started) games per creating account,
  // and games an account may create within any 24 hours (0: no daily limit).
  std::size_t max_open_games_per_account = 10;
  std::size_t max_games_created_per_day = 100;
  // Issue 29, finding 4: an open game nobody started within this time is closed (expired); 0: never.
  // open-game-expiry-hours; open-game-expiry-seconds is for tests.
  std::chrono::seconds open_game_expiry{72 * 3600};
  // Issue 16 (docs/games.md "Deadlines"): how often the deadline watcher looks at the games with a
  // turn deadline (deadline-check-seconds), when a player turn's reminder goes (this percent of its
  // hours passed: deadline-reminder-percent), and the length of a deadline's hour in seconds
  // (deadline-hour-seconds: 3600; smaller only on a test server, it shortens every deadline).
  std::chrono::seconds deadline_check{60};
  std::int64_t deadline_reminder_percent = 75;
  std::int64_t deadline_hour_seconds = 3600;
  // Issue 16 (docs/games.md "Standing orders"): how long a seat may have no connection on a game
  // before the server follows its standing orders for a pending retreat or advance
  // (standing-order-grace-seconds), and how many orders a seat may keep in one game
  // (max-standing-orders-per-seat).
  std::int64_t standing_order_grace_seconds = 60;
  std::size_t max_standing_orders_per_seat = 64;
  std::size_t finished_games_in_memory = 32;  // finished games nobody has open kept loaded (LRU)
  // Issue 29, finding 5 (docs/server.md, "Rooms in memory"): a running or finished game nobody has
  // named in a request for room-idle-seconds leaves memory, and at most max-rooms-in-memory rooms
  // are kept (the least recently used that may leave go first; open games and games with no human
  // seat always stay). Rooms reload from the database on demand.
  std::chrono::seconds room_idle{300};
  std::size_t max_rooms_in_memory = 500;
  // Issue 29, finding 6: catch-up updates (a resume's tail, at most 64 each) sent per client
  // address: a token bucket; a resume that would overdraw it is refused RATE_LIMITED.
  std::uint32_t catch_up_per_address_per_second = 128;
  std::uint32_t catch_up_per_address_burst = 1024;
  std::size_t login_failures_per_account = 5;   // failed log-ins for one name within the window ...
  std::size_t login_failures_per_address = 20;  // ... or from one client address, then LOGIN_THROTTLED
  std::chrono::seconds login_throttle_window{300};
  std::size_t hashing_queue_limit = 32;     // password hashing jobs waiting server-wide; more: BUSY
  std::size_t waiting_requests_limit = 32;  // requests waiting behind one connection's log-in; more: BUSY
  RateLimit address_rate_limit{60, 120, 0, std::chrono::seconds{10}};  // requests per client address
  // Issue 28 (docs/deploy.md, "TLS in the server"): with a certificate and its key, a second
  // listener on tls_port (same listen address) speaks TLS 1.2+ (wss://, https:// for /healthz and
  // /metrics); the plain listener on `port` stays for a proxy in front. SIGHUP re-reads both files.
  std::filesystem::path tls_certificate;  // PEM, the server's certificate then its chain
  std::filesystem::path tls_private_key;  // PEM, unencrypted
  std::uint16_t tls_port = 8443;          // 0 picks a free port (see tls_port_file)
  std::filesystem::path tls_port_file;    // if set, the TLS listener's bound port is written here
  bool tls_enabled() const { return !tls_certificate.empty(); }
  // Issue 16 (docs/server.md, "Webhooks"): the start of the link back into a game a webhook carries,
  // "<game_link_base>/game/<id>" (empty: hundreddays://<listen>:<port>); the messages waiting to be
  // sent at most (then the oldest is dropped); how long one POST may take.
  std::string game_link_base;
  std::size_t webhook_queue_limit = 256;
  std::chrono::seconds webhook_timeout{5};
  std::filesystem::path webhook_ca_file;  // PEM authorities trusted for https webhooks beside the system's
  // Send webhooks to loopback and private addresses too (notify/public_address.hpp); off, an
  // account cannot make the server POST into its own host or network.
  bool webhook_allow_private = false;
  // Issue 16 (docs/server.md, "E-mail"): the SMTP relay e-mail goes through (smtp://host[:port] or
  // smtps://host[:port]; empty: no e-mail, SetEmail is refused NOT_ALLOWED), the sender address
  // (required with a url), an optional login (user and a file holding the password: never a
  // password on the command line), how long one message may take, and the messages waiting at most.
  std::string smtp_url;
  std::string smtp_from;
  std::string smtp_user;
  std::filesystem::path smtp_password_file;
  std::string smtp_password;  // read from smtp_password_file by parse_server_config; never logged
  std::chrono::seconds smtp_timeout{10};
  std::size_t email_queue_limit = 256;
  bool email_enabled() const { return !smtp_url.empty(); }
  // Client addresses that may GET /metrics.
  std::vector<std::string> metrics_allowed_from{"127.0.0.1", "::1"};
};

// Either a usable configuration or a message saying what was wrong.
using ConfigResult = std::variant<ServerConfig, std::string>;

// Parses `--key value` / `--key=value` flags; `--config FILE` loads `key = value` lines first.
// Keys: listen, port, database, port-file, name, max-message-bytes, write-queue-limit,
// handshake-timeout-seconds, idle-timeout-seconds, shutdown-grace-ms, threads, data-root,
// argon2-operations, argon2-memory-kib, session-lifetime-days, rate-limit-per-second,
// rate-limit-burst, rate-limit-close-after, rate-limit-window-seconds, refusal-log-interval-seconds,
// max-connections-per-address,
// allowed-origins, trusted-proxies, metrics-allowed-from (lists: comma-separated, may be empty),
// snapshot-every, allow-missing-rules (true or false), builtin-style (battle or uniform),
// max-unattended-games-per-account, max-open-games-per-account, max-games-created-per-day,
// finished-games-in-memory, login-failures-per-account, login-failures-per-address, login-throttle-seconds,
// hashing-queue-limit, waiting-requests-limit, rate-limit-per-address-per-second,
// rate-limit-per-address-burst, room-idle-seconds, max-rooms-in-memory, catch-up-per-address-per-second,
// catch-up-per-address-burst, tls-certificate, tls-private-key (both or neither), tls-port, tls-port-file,
// game-link-base, webhook-queue-limit, webhook-timeout-seconds, webhook-ca-file, webhook-allow-private,
// smtp-url, smtp-from (required with smtp-url), smtp-user and smtp-password-file (both or neither; the file
// is read here), smtp-timeout-seconds, email-queue-limit.
ConfigResult parse_server_config(const std::vector<std::string>& args);

// The usage text printed for --help and on errors.
std::string server_usage();

}  // namespace hd::server
