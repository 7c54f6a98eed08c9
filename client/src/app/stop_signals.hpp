// SIGINT and SIGTERM ask the client to close, exactly as the window's close button does, so the
// WebSocket is closed politely instead of the process vanishing mid-connection.
#pragma once

namespace hd::client {

// Installs the handlers (process-wide; call once, from main's thread).
void install_stop_signal_handlers();

// True once SIGINT or SIGTERM has arrived.
bool stop_requested();

}  // namespace hd::client
