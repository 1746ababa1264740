// Queries currently forwarded upstream (admin "inflight" command).
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "dnscache/upstream_connection.h"

namespace dnscache {

/// Each entry keeps a reference to the connection carrying the query.
class InflightTable {
public:
  using Token = uint64_t;
  Token add(const std::string &qname, std::shared_ptr<UpstreamConnection> conn);
  void remove(Token token);
  std::size_t size() const;
  std::string describe() const;

private:
  struct Entry {
    std::string qname;
    std::shared_ptr<UpstreamConnection> conn;
    std::chrono::steady_clock::time_point started;
  };
  mutable std::mutex mu_;
  std::unordered_map<Token, Entry> entries_;
  Token next_ = 1;
};

} // namespace dnscache
