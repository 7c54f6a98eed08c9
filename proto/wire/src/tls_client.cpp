#include <hd/wire/tls_client.hpp>

#include <boost/asio/ip/address.hpp>
#include <boost/asio/ssl/error.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <stdexcept>

namespace hd::wire {
namespace {

namespace ssl = boost::asio::ssl;

// `host` without the brackets of an IPv6 literal ("[::1]" -> "::1").
std::string_view unbracketed(std::string_view host) {
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') return host.substr(1, host.size() - 2);
  return host;
}

bool is_ip_literal(std::string_view host) {
  boost::system::error_code error;
  boost::asio::ip::make_address(std::string(unbracketed(host)), error);
  return !error;
}

}  // namespace

std::shared_ptr<ssl::context> make_client_tls_context(const std::string& ca_file) {
  auto context = std::make_shared<ssl::context>(ssl::context::tls_client);
  SSL_CTX_set_min_proto_version(context->native_handle(), TLS1_2_VERSION);
  context->set_verify_mode(ssl::verify_peer);
  boost::system::error_code error;
  if (ca_file.empty()) {
    context->set_default_verify_paths(error);
    if (error)
      throw std::runtime_error("cannot load the system's certificate authorities: " + error.message());
    return context;
  }
  if (!std::filesystem::is_regular_file(ca_file))
    throw std::runtime_error("cannot read the CA file " + ca_file + ": no such file");
  context->load_verify_file(ca_file, error);
  if (error) throw std::runtime_error("cannot read the CA file " + ca_file + ": " + error.message());
  return context;
}

std::string prepare_client_tls(ssl_st* ssl, const std::string& host) {
  const std::string name(unbracketed(host));
  if (is_ip_literal(name)) {
    if (X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), name.c_str()) != 1)
      return "cannot check the certificate against the address " + name;
    return "";
  }
  if (SSL_set_tlsext_host_name(ssl, name.c_str()) != 1) return "cannot set the TLS server name " + name;
  SSL_set_hostflags(ssl, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
  if (SSL_set1_host(ssl, name.c_str()) != 1) return "cannot check the certificate against the name " + name;
  return "";
}

std::string describe_tls_failure(ssl_st* ssl, const boost::system::error_code& error) {
  const long result = ssl ? SSL_get_verify_result(ssl) : X509_V_OK;
  if (result == X509_V_OK) return error.message();
  const std::string detail = X509_verify_cert_error_string(result);
  switch (result) {
    case X509_V_ERR_HOSTNAME_MISMATCH:
    case X509_V_ERR_IP_ADDRESS_MISMATCH:
      return "the server's certificate is not valid for this host (" + detail + ")";
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT:
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    case X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
    case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT:
    case X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
      return "the server's certificate is not signed by a trusted authority (" + detail +
             "; --ca-file names a private one)";
    case X509_V_ERR_CERT_HAS_EXPIRED:
    case X509_V_ERR_CERT_NOT_YET_VALID:
      return "the server's certificate is out of its validity dates (" + detail + ")";
    default:
      return "the server's certificate was refused (" + detail + ")";
  }
}

bool is_loopback_host(std::string_view host) {
  std::string lower(host);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower == "localhost" || lower == "localhost.") return true;
  boost::system::error_code error;
  const auto address = boost::asio::ip::make_address(std::string(unbracketed(lower)), error);
  return !error && address.is_loopback();
}

bool cleartext_needs_warning(bool tls, std::string_view host) {
  return !tls && !is_loopback_host(host);
}

std::string cleartext_warning(std::string_view host) {
  return "warning: the connection to " + std::string(host) +
         " is not encrypted (ws://): your password and session token would travel in clear text. "
         "Use wss:// for a server across a network.";
}

}  // namespace hd::wire
