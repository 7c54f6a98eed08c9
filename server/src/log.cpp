#include "log.hpp"

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

void append_value(std::string& line, std::string_view value) {
  const bool quote = value.empty() || value.find_first_of(" \"=\t\n") != std::string_view::npos;
  if (!quote) {
    line += value;
    return;
  }
  line += '"';
  for (char c : value) {
    if (c == '"' || c == '\\') line += '\\';
    line += (c == '\n' || c == '\t') ? ' ' : c;
  }
  line += '"';
}

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

}  // namespace

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
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
}

}  // namespace hd::server
