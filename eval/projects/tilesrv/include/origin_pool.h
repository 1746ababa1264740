// OriginPool: one request stream (net::Connection) per tile origin host,
// opened on first use and trimmed when idle. Not thread-safe; the fetcher
// serialises access.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common.h"
#include "netconn.h"

namespace tilesrv {

class OriginPool {
public:
  struct Link {
    std::string host;
    std::unique_ptr<net::Connection> conn;
    Clock::time_point lastUsed{};
    unsigned requests = 0;
  };

  OriginPool(std::vector<std::string> hosts, std::string primary, std::chrono::seconds idleLimit);
  ~OriginPool();

  OriginPool(const OriginPool &) = delete;
  OriginPool &operator=(const OriginPool &) = delete;

  // Returns the open link to `host`, dialling a new one if there is none.
  Link &acquire(const std::string &host);
  void discard(const std::string &host);
  void trim(Clock::time_point now);
  void closeAll();

  std::size_t openLinks() const;
  const std::vector<std::string> &hosts() const { return hosts_; }
  const std::string &primary() const { return primary_; }

private:
  Link dial(const std::string &host);

  const std::vector<std::string> hosts_;
  const std::string primary_;
  const std::chrono::seconds idleLimit_;
  std::map<std::string, Link> links_;
};

std::string helloFrame(const std::string &host);
std::string keepAliveFrame();
std::string goodbyeFrame();

} // namespace tilesrv
