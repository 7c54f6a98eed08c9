// Structured logs: one line per event on stderr, "time=... level=... event=... key=value ...".
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace hd::server {

enum class LogLevel { Info, Warning, Error };

using LogField = std::pair<std::string_view, std::string>;

// Writes one event line. Thread-safe; values with spaces or quotes are quoted.
void log_event(LogLevel level, std::string_view event, std::initializer_list<LogField> fields = {});

}  // namespace hd::server
