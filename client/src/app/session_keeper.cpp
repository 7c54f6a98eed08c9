#include "app/session_keeper.hpp"

#include <iostream>

namespace hd::client {

SessionKeeper::SessionKeeper(const ClientOptions& options, ClientModel& model)
    : server_(options.server_text) {
  if (options.no_state) return;
  const std::filesystem::path dir =
      options.state_dir.empty() ? default_state_dir() : std::filesystem::path(options.state_dir);
  if (dir.empty()) return;
  file_ = dir / kSavedSessionsFile;
  const LoadedSessions loaded = load_saved_sessions(file_);
  if (!loaded.notice.empty()) {
    std::cerr << "hd_client: " << loaded.notice << "\n";
    model.note(loaded.notice);
  }
  const SavedSession* found = loaded.sessions.find(server_);
  if (!found) return;
  last_ = *found;
  if (!options.username.empty()) {
    // --user logs in afresh: no saved token or game is used (the login's session replaces them),
    // but the games each account saw are, once the login says whose they are.
    SavedSession seen_only = *found;
    seen_only.token.clear();
    seen_only.open_game = 0;
    seen_only.spectating = false;
    model.resume_saved(seen_only);
    last_ = model.saved_session();  // nothing to write until the login changes it
    return;
  }
  if (options.open_game != 0) last_.open_game = 0;  // --open-game names the game
  model.resume_saved(last_);                        // written again once it changes
}

void SessionKeeper::after_frame(const ClientModel& model) {
  if (file_.empty()) return;
  SavedSession now = model.saved_session();
  if (now == last_) return;
  LoadedSessions current = load_saved_sessions(file_);  // another client may have saved meanwhile
  current.sessions.put(server_, now);
  const std::string error = save_saved_sessions(current.sessions, file_);
  last_ = std::move(now);
  if (error.empty()) {
    failed_ = false;
  } else if (!failed_) {
    failed_ = true;
    std::cerr << "hd_client: " << error << "\n";
  }
}

}  // namespace hd::client
