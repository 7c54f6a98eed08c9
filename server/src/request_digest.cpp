#include "request_digest.hpp"

#include "accounts/password_hashing.hpp"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

namespace hd::server {

std::string request_digest(const hundred_days::v1::ClientEnvelope& request) {
  hundred_days::v1::ClientEnvelope without_id = request;
  without_id.set_request_id(0);
  std::string bytes;
  {
    google::protobuf::io::StringOutputStream stream(&bytes);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);  // map order fixed, so equal requests hash equal
    without_id.SerializeToCodedStream(&coded);
  }
  return sha256_hex(bytes);
}

}  // namespace hd::server
