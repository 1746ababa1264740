// WAL records and their on-disk frame format.
// Frame: [u32 payload length][u32 crc32(payload)][payload], big-endian.
// Payload: [u64 seq][u8 op][u32 key length][key][u32 value length][value].
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace kvlog {

struct WalRecord {
  enum class Op : std::uint8_t { Put = 1, Delete = 2, Marker = 3 };
  std::uint64_t seq = 0;
  Op op = Op::Put;
  std::string key;
  std::string value;
};

class WalCodec {
public:
  static std::string encode(const WalRecord &rec);
  static std::string encodePayload(const WalRecord &rec);
  static bool decodePayload(const std::string &payload, WalRecord &out);
  static std::uint32_t checksum(const std::string &data);
  static std::uint32_t checksumUpdate(std::uint32_t crc, const char *data, std::size_t len);

  static void putU32(std::string &out, std::uint32_t v);
  static void putU64(std::string &out, std::uint64_t v);
  static std::uint32_t getU32(const char *p);
  static std::uint64_t getU64(const char *p);
};

} // namespace kvlog
