// SHA-256 (OpenSSL's libcrypto), as lowercase hex: what the build cache is keyed by and checked
// with, and how a trace names the student file it was made from.
#pragma once

#include <string>
#include <string_view>

namespace scanscope {

std::string sha256_hex(std::string_view bytes);

}  // namespace scanscope
