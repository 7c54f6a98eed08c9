#include "log.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <mutex>

namespace hd::server {
namespace {

std::mutex& log_mutex() {
  static std::mutex mutex;
  return mutex;
}

const char* level_name(LogLevel level) {
  switch (level) {
    case LogLevel::Info:
      return "info";
    case LogLevel::Warning:
      return "warning";
    case LogLevel::Error:
      return "error";
  }
  return "info";
}

// Values are cut to kMaxValueBytes (the cut says how much was left out) and quoted when they hold
// a blank, a quote, '=' or a byte that is not printable ASCII; inside quotes, '"' and '\\' are
// escaped with a backslash and control bytes (CR, LF, ESC ...) written as \xNN, so no value can
// forge a line or drive a terminal (issue 12).
void append_value(std::string& line, std::string_view value) {
  const std::size_t cut = value.size() > kMaxValueBytes ? value.size() - kMaxValueBytes : 0;
  const std::string_view kept = value.substr(0, value.size() - cut);
  const bool plain = !kept.empty() && cut == 0 && std::all_of(kept.begin(), kept.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte > 0x20 && byte < 0x7f && c != '"' && c != '=' && c != '\\';
  });
  if (plain) {
    line += kept;
    return;
  }
  line += '"';
  for (char c : kept) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      line += '\\';
      line += c;
    } else if (byte < 0x20 || byte == 0x7f) {
      static constexpr char kDigits[] = "0123456789abcdef";
      line += "\\x";
      line += kDigits[byte >> 4];
      line += kDigits[byte & 0x0f];
    } else {
      line += c;
    }
  }
  if (cut > 0) line += "...(" + std::to_string(cut) + " more bytes)";
  line += '"';
}

LogSink& log_sink() {
  static LogSink sink = nullptr;
  return sink;
}

}  // namespace

std::string utc_timestamp() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto millis =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900,
                utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, static_cast<int>(millis));
  return buffer;
}

void set_log_sink(LogSink sink) {
  log_sink() = sink;
}

void log_event(LogLevel level, std::string_view event, std::initializer_list<LogField> fields) {
  std::string line = "time=" + utc_timestamp() + " level=" + level_name(level) + " event=";
  append_value(line, event);
  for (const auto& [key, value] : fields) {
    line += ' ';
    line += key;
    line += '=';
    append_value(line, value);
  }
  line += '\n';
  const std::lock_guard lock(log_mutex());
  if (const LogSink sink = log_sink()) return sink(line);
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
}

}  // namespace hd::server
