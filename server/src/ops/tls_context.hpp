// The server's TLS settings (issue 28): a context for the TLS listener built from a certificate
// chain and a private key in PEM files, TLS 1.2 and later with a modern cipher list, swapped for a
// freshly read one on SIGHUP so that a renewed certificate needs no restart.
#pragma once

#include <boost/asio/ssl/context.hpp>

#include <filesystem>
#include <memory>
#include <mutex>
#include <string>

namespace hd::server {

// A server context from `certificate` (PEM: the certificate, then its chain) and `private_key`
// (PEM, unencrypted). Throws std::runtime_error naming the file and the reason if either cannot be
// read or the key does not match the certificate. Never puts the key's contents in a message.
std::shared_ptr<boost::asio::ssl::context> make_server_tls_context(const std::filesystem::path& certificate,
                                                                   const std::filesystem::path& private_key);

// The context new TLS connections use. Connections keep the context they started with.
class TlsContextStore {
 public:
  // Reads the files now; throws as make_server_tls_context does.
  TlsContextStore(std::filesystem::path certificate, std::filesystem::path private_key);

  // The current context. Safe from any thread.
  std::shared_ptr<boost::asio::ssl::context> current() const;
  // Reads the files again and, if they are usable, makes them current. Returns an error text (the
  // current context is then kept unchanged), or an empty string. Safe from any thread.
  std::string reload();

 private:
  const std::filesystem::path certificate_;
  const std::filesystem::path private_key_;
  mutable std::mutex mutex_;
  std::shared_ptr<boost::asio::ssl::context> current_;
};

}  // namespace hd::server
