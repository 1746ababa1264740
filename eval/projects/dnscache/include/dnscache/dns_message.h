// Minimal DNS wire-format parsing and construction.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace dnscache {

constexpr uint16_t kTypeA = 1;
constexpr uint16_t kTypeNS = 2;
constexpr uint16_t kClassIN = 1;
constexpr int kRcodeNoError = 0;
constexpr int kRcodeFormErr = 1;
constexpr int kRcodeServFail = 2;
constexpr int kRcodeNxDomain = 3;

struct DnsQuestion {
  std::string name; // lower case, no trailing dot ("" is the root)
  uint16_t qtype = 0;
  uint16_t qclass = 0;
};

class DnsMessage {
public:
  static std::optional<DnsMessage> parse(const std::string &wire);

  uint16_t id() const;
  bool isResponse() const;
  bool truncated() const;
  int rcode() const;
  const DnsQuestion &question() const { return question_; }
  const std::string &wire() const { return wire_; }
  std::string cacheKey() const;
  /// Smallest TTL of the answer and authority records (0 if there are none).
  uint32_t minTtl() const;

  static uint16_t readId(const std::string &wire);
  static std::string withId(std::string wire, uint16_t id);
  static std::string makeError(const std::string &query, int rcode);
  static std::string makeA(const std::string &query, const std::array<uint8_t, 4> &addr,
                           uint32_t ttl);
  static std::string makeQuery(uint16_t id, const std::string &name, uint16_t qtype);
  /// Returns response unchanged if it fits in limit bytes, otherwise the header
  /// and question with TC set.
  static std::string truncateForUdp(const std::string &response, std::size_t limit);

private:
  std::string wire_;
  DnsQuestion question_;
  std::size_t questionEnd_ = 0;
};

} // namespace dnscache
