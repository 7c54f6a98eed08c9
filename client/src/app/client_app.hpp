// The client's window and frame loop: poll input, apply network events to the model, draw.
#pragma once

#include "app/client_options.hpp"

namespace hd::client {

// Exit statuses of hd_client.
inline constexpr int kExitOk = 0;
inline constexpr int kExitError = 1;      // e.g. the screenshot could not be written
inline constexpr int kExitUsage = 2;      // bad arguments or an unloadable font
inline constexpr int kExitNoWelcome = 3;  // --screenshot: refused, failed or timed out

// Opens the window, connects and runs until the window closes (or, with --screenshot, until the
// Welcome has been drawn and saved). Returns one of the exit statuses above.
int run_client(const ClientOptions& options);

}  // namespace hd::client
