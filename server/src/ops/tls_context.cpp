#include "ops/tls_context.hpp"

#include <openssl/ssl.h>
#include <stdexcept>

namespace hd::server {
namespace {

namespace ssl = boost::asio::ssl;

// TLS 1.2 suites: forward secrecy and AEAD only (Mozilla's "intermediate" list). TLS 1.3 uses
// OpenSSL's default suites, all of which are AEAD.
constexpr const char* kTls12Ciphers =
    "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:"
    "ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305";

}  // namespace

std::shared_ptr<ssl::context> make_server_tls_context(const std::filesystem::path& certificate,
                                                      const std::filesystem::path& private_key) {
  auto context = std::make_shared<ssl::context>(ssl::context::tls_server);
  SSL_CTX* native = context->native_handle();
  SSL_CTX_set_min_proto_version(native, TLS1_2_VERSION);
  context->set_options(ssl::context::default_workarounds | ssl::context::no_compression |
                       ssl::context::single_dh_use);
  if (SSL_CTX_set_cipher_list(native, kTls12Ciphers) != 1)
    throw std::runtime_error("the TLS cipher list is not supported by this OpenSSL");
  boost::system::error_code error;
  context->use_certificate_chain_file(certificate.string(), error);
  if (error)
    throw std::runtime_error("cannot use the TLS certificate " + certificate.string() + ": " +
                             error.message());
  context->use_private_key_file(private_key.string(), ssl::context::pem, error);
  if (error)
    throw std::runtime_error("cannot use the TLS private key " + private_key.string() + ": " +
                             error.message());
  if (SSL_CTX_check_private_key(native) != 1)
    throw std::runtime_error("the TLS private key " + private_key.string() +
                             " does not match the certificate " + certificate.string());
  return context;
}

TlsContextStore::TlsContextStore(std::filesystem::path certificate, std::filesystem::path private_key)
    : certificate_(std::move(certificate)),
      private_key_(std::move(private_key)),
      current_(make_server_tls_context(certificate_, private_key_)) {}

std::shared_ptr<ssl::context> TlsContextStore::current() const {
  std::lock_guard lock(mutex_);
  return current_;
}

std::string TlsContextStore::reload() {
  try {
    auto fresh = make_server_tls_context(certificate_, private_key_);
    std::lock_guard lock(mutex_);
    current_ = std::move(fresh);
    return "";
  } catch (const std::exception& error) {
    return error.what();
  }
}

}  // namespace hd::server
