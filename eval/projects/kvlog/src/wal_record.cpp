// WAL frame encoding and decoding (see wal_record.h for the layout).
#include "kvlog/wal_record.h"

#include <array>

namespace kvlog {
namespace {

std::array<std::uint32_t, 256> makeCrcTable() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k)
      c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
  return table;
}

const std::array<std::uint32_t, 256> &crcTable() {
  static const std::array<std::uint32_t, 256> table = makeCrcTable();
  return table;
}

} // namespace

void WalCodec::putU32(std::string &out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8)
    out.push_back(static_cast<char>((v >> shift) & 0xff));
}

void WalCodec::putU64(std::string &out, std::uint64_t v) {
  for (int shift = 56; shift >= 0; shift -= 8)
    out.push_back(static_cast<char>((v >> shift) & 0xff));
}

std::uint32_t WalCodec::getU32(const char *p) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i)
    v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}

std::uint64_t WalCodec::getU64(const char *p) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i)
    v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}

std::uint32_t WalCodec::checksumUpdate(std::uint32_t crc, const char *data, std::size_t len) {
  const auto &table = crcTable();
  crc = ~crc;
  for (std::size_t i = 0; i < len; ++i)
    crc = table[(crc ^ static_cast<unsigned char>(data[i])) & 0xff] ^ (crc >> 8);
  return ~crc;
}

std::uint32_t WalCodec::checksum(const std::string &data) {
  return checksumUpdate(0, data.data(), data.size());
}

std::string WalCodec::encodePayload(const WalRecord &rec) {
  std::string payload;
  payload.reserve(17 + rec.key.size() + rec.value.size());
  putU64(payload, rec.seq);
  payload.push_back(static_cast<char>(rec.op));
  putU32(payload, static_cast<std::uint32_t>(rec.key.size()));
  payload += rec.key;
  putU32(payload, static_cast<std::uint32_t>(rec.value.size()));
  payload += rec.value;
  return payload;
}

std::string WalCodec::encode(const WalRecord &rec) {
  const std::string payload = encodePayload(rec);
  std::string frame;
  frame.reserve(8 + payload.size());
  putU32(frame, static_cast<std::uint32_t>(payload.size()));
  putU32(frame, checksum(payload));
  frame += payload;
  return frame;
}

bool WalCodec::decodePayload(const std::string &payload, WalRecord &out) {
  if (payload.size() < 17)
    return false;
  const char *p = payload.data();
  out.seq = getU64(p);
  const auto op = static_cast<unsigned char>(p[8]);
  if (op < 1 || op > 3)
    return false;
  out.op = static_cast<WalRecord::Op>(op);
  std::size_t pos = 9;
  const std::uint32_t klen = getU32(p + pos);
  pos += 4;
  if (payload.size() < pos + klen + 4)
    return false;
  out.key.assign(p + pos, klen);
  pos += klen;
  const std::uint32_t vlen = getU32(p + pos);
  pos += 4;
  if (payload.size() != pos + vlen)
    return false;
  out.value.assign(p + pos, vlen);
  return true;
}

} // namespace kvlog
