// Where the client's one connection to the server stands.
#pragma once

namespace hd::client {

enum class ConnectionState {
  Connecting,  // resolving, connecting or in the WebSocket handshake
  Connected,   // WebSocket open, Hello sent, waiting for the answer
  Welcomed,    // the server accepted the Hello
  Refused,     // the server refused the Hello (see ClientModel::refusal)
  Failed,      // the connection could not be made or was lost (see ClientModel::failure)
};

}  // namespace hd::client
