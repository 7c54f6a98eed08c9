// Issue 16: keeps the client's saved session (model/saved_session.hpp) in step with the model. At
// start it reads the state file and gives the model this server's session (with --user, which
// logs in afresh, only the games seen; the game open only without --open-game); after each frame it writes
// the file again when what the model would save has changed. No SFML types.
#pragma once

#include "app/client_options.hpp"
#include "model/client_model.hpp"
#include "model/saved_session.hpp"

#include <filesystem>
#include <string>

namespace hd::client {

class SessionKeeper {
 public:
  // Reads `options`' state file (none with --no-state, or when no folder is known) and resumes
  // `model` from it. A file that cannot be read or understood is ignored: the notice goes to the
  // model and to stderr.
  SessionKeeper(const ClientOptions& options, ClientModel& model);

  // Saves the model's session if it changed since the last save (other servers' entries, read
  // again from the file, are kept). A failure is told once on stderr and tried again on change.
  void after_frame(const ClientModel& model);

  // The state file ("" when nothing is kept).
  const std::filesystem::path& file() const { return file_; }

 private:
  std::filesystem::path file_;
  std::string server_;
  SavedSession last_;  // as last read or written
  bool failed_ = false;
};

}  // namespace hd::client
