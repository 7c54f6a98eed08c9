#include "view/status_text.hpp"

namespace hd::client {
namespace {

constexpr std::size_t kMaxServerText = 96;  // bytes of any one server-supplied string shown

std::string welcome_text(const WelcomeInfo& welcome) {
  return "Welcome from " + printable(welcome.server_name, kMaxServerText) + "  |  server id " +
         printable(welcome.server_id, kMaxServerText) + "  |  protocol v" +
         std::to_string(welcome.protocol_version) + "  |  connection #" +
         std::to_string(welcome.connection_id) + "  |  map " + std::to_string(welcome.map_grid.columns) +
         "x" + std::to_string(welcome.map_grid.rows);
}

std::string refusal_text(const RefusalInfo& refusal) {
  std::string text = "Refused by the server: " + printable(refusal.message, kMaxServerText) + " (" +
                     printable(refusal.code_name, kMaxServerText) + ")";
  if (refusal.server_protocol_version != 0) {
    text += "  |  server speaks protocol v" + std::to_string(refusal.server_protocol_version);
  }
  return text;
}

}  // namespace

std::string status_text(const ClientModel& model) {
  const std::string url = printable(model.server_url(), kMaxServerText);
  switch (model.state()) {
    case ConnectionState::Connecting:
      return "Connecting to " + url + " ...";
    case ConnectionState::Connected:
      return "Connected to " + url + ", waiting for the welcome ...";
    case ConnectionState::Welcomed:
      return welcome_text(*model.welcome());
    case ConnectionState::Refused:
      return refusal_text(*model.refusal());
    case ConnectionState::Failed:
      return "Connection failed: " + printable(model.failure(), 2 * kMaxServerText);
  }
  return {};
}

std::string printable(const std::string& text, std::size_t max_bytes) {
  std::string result;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    result += (byte < 0x20 || byte == 0x7f) ? ' ' : c;
  }
  if (result.size() <= max_bytes) return result;
  std::size_t cut = max_bytes;
  // Back up over UTF-8 continuation bytes (10xxxxxx) so no character is split.
  while (cut > 0 && (static_cast<unsigned char>(result[cut]) & 0xC0) == 0x80)
    --cut;
  return result.substr(0, cut) + "...";
}

}  // namespace hd::client
