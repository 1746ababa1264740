//===- Hmac.cpp - HMAC-SHA256 over LLVM's SHA-256 -------------------------===//

#include "Hmac.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"

using namespace llvm;

namespace errlint {
namespace {

/// SHA-256 works on 64-byte blocks: the key is padded (or first hashed) to
/// this size.
constexpr size_t BlockSize = 64;

/// The key as one block: hashed when longer than a block, then padded with
/// zeros.
std::array<uint8_t, BlockSize> keyBlock(StringRef Key) {
  std::array<uint8_t, BlockSize> Block{};
  if (Key.size() > BlockSize) {
    std::array<uint8_t, 32> Digest = SHA256::hash(arrayRefFromStringRef(Key));
    std::copy(Digest.begin(), Digest.end(), Block.begin());
  } else {
    std::copy(Key.bytes_begin(), Key.bytes_end(), Block.begin());
  }
  return Block;
}

/// SHA-256 of the key block XOR Pad, followed by Message.
std::array<uint8_t, 32> padHash(const std::array<uint8_t, BlockSize> &Block,
                                uint8_t Pad, ArrayRef<uint8_t> Message) {
  std::array<uint8_t, BlockSize> Padded;
  for (size_t I = 0; I < BlockSize; ++I)
    Padded[I] = Block[I] ^ Pad;
  SHA256 H;
  H.update(Padded);
  H.update(Message);
  return H.final();
}

} // namespace

std::array<uint8_t, 32> hmacSha256(StringRef Key, StringRef Message) {
  std::array<uint8_t, BlockSize> Block = keyBlock(Key);
  std::array<uint8_t, 32> Inner =
      padHash(Block, 0x36, arrayRefFromStringRef(Message));
  return padHash(Block, 0x5c, Inner);
}

std::string hmacSha256Hex(StringRef Key, StringRef Message) {
  std::array<uint8_t, 32> Mac = hmacSha256(Key, Message);
  return toHex(ArrayRef<uint8_t>(Mac.data(), Mac.size()), /*LowerCase=*/true);
}

bool constantTimeEquals(StringRef A, StringRef B) {
  if (A.size() != B.size())
    return false;
  uint8_t Diff = 0;
  for (size_t I = 0; I < A.size(); ++I)
    Diff |= static_cast<uint8_t>(A[I] ^ B[I]);
  return Diff == 0;
}

} // namespace errlint
