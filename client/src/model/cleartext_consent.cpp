#include "model/cleartext_consent.hpp"

#include <hd/wire/tls_client.hpp>

namespace hd::client {

CleartextConsent::CleartextConsent(bool tls, const std::string& host, bool agreed)
    : needed_(wire::cleartext_needs_warning(tls, host)), agreed_(agreed) {
  if (needed_) text_ = wire::cleartext_warning(host);
}

bool CleartextConsent::press() {
  if (!warning()) return true;
  if (!asked_) {
    asked_ = true;
    return false;
  }
  agreed_ = true;
  return true;
}

const char* CleartextConsent::word() const {
  if (!needed_) return "none";
  if (agreed_) return "agreed";
  return asked_ ? "asked" : "warned";
}

}  // namespace hd::client
