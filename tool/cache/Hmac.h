//===- Hmac.h - HMAC-SHA256 over LLVM's SHA-256 -----------------*- C++ -*-===//
//
// Shared result caches sign their entries so that a writer without the
// team's secret cannot plant results (findings hidden) that others trust.
// LLVM has SHA-256 but no HMAC; this is RFC 2104 on top of it.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_HMAC_H
#define ERRLINT_HMAC_H

#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <string>

namespace errlint {

/// HMAC-SHA256 of Message under Key (RFC 2104, RFC 4231's test vectors).
std::array<uint8_t, 32> hmacSha256(llvm::StringRef Key,
                                   llvm::StringRef Message);

/// hmacSha256() in lower-case hex.
std::string hmacSha256Hex(llvm::StringRef Key, llvm::StringRef Message);

/// Compares two strings in time that depends only on their lengths, so that
/// checking a signature does not tell an attacker how much of it was right.
bool constantTimeEquals(llvm::StringRef A, llvm::StringRef B);

} // namespace errlint

#endif
