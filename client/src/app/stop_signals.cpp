#include "app/stop_signals.hpp"

#include <csignal>

namespace hd::client {
namespace {

// Written by the signal handler, read by the frame loop: the only type the standard allows here.
volatile std::sig_atomic_t g_stop_requested = 0;

extern "C" void on_stop_signal(int) {
  g_stop_requested = 1;
}

}  // namespace

void install_stop_signal_handlers() {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
}

bool stop_requested() {
  return g_stop_requested != 0;
}

}  // namespace hd::client
