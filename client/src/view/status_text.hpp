// The words of the status bar, from the model. Pure text; the status bar view draws it.
#pragma once

#include "model/client_model.hpp"

#include <string>

namespace hd::client {

// One line describing the connection: whom we are connecting to, the server's welcome (name, id,
// protocol version, connection id, map size), its refusal, or why the connection failed.
std::string status_text(const ClientModel& model);

// Text from the server made safe to show: control characters become spaces and the result is cut
// (on a UTF-8 character boundary) to at most `max_bytes` bytes, with "..." when cut.
std::string printable(const std::string& text, std::size_t max_bytes);

}  // namespace hd::client
