// Structured logs: one line per event on stderr, "time=... level=... event=... key=value ...".
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace hd::server {

enum class LogLevel { Info, Warning, Error };

using LogField = std::pair<std::string_view, std::string>;

// The longest value written; longer ones are cut (user text: names, messages, errors).
inline constexpr std::size_t kMaxValueBytes = 200;

// Writes one event line. Thread-safe; values with spaces, quotes or control bytes are quoted and
// escaped, and every value is cut to kMaxValueBytes (log.cpp).
void log_event(LogLevel level, std::string_view event, std::initializer_list<LogField> fields = {});

// Where finished lines go (each ends with one '\n'): stderr unless replaced; nullptr restores it.
// For tools and fuzz targets that check or drop the lines; set it before any thread logs.
using LogSink = void (*)(std::string_view line);
void set_log_sink(LogSink sink);

// Now in UTC to the millisecond, as each line's time= has it: "2026-12-03T08:45:00.123Z".
std::string utc_timestamp();

}  // namespace hd::server
