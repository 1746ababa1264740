// Local authoritative A records with $TTL and $INCLUDE.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "dnscache/dns_message.h"

namespace dnscache {

class ZoneFile {
public:
  explicit ZoneFile(std::string path);
  bool load();
  /// An authoritative answer for an A query on a local name, or nullopt.
  std::optional<std::string> answer(const DnsMessage &query) const;
  std::size_t size() const;

private:
  struct Record {
    uint32_t ttl;
    std::array<uint8_t, 4> addr;
  };
  using Records = std::unordered_map<std::string, Record>;
  bool loadFile(const std::string &path, int depth, uint32_t &defaultTtl, Records &out);

  std::string path_;
  mutable std::mutex mu_;
  std::shared_ptr<const Records> records_;
};

} // namespace dnscache
