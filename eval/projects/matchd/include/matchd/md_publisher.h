// MarketDataPublisher: sends market-data datagrams to a UDP multicast group.
// publish() after shutdown() throws std::logic_error. shutdown() is
// idempotent. A failed send inside publishSnapshot() closes the socket.
#pragma once
#include <netinet/in.h>

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "matchd/types.h"

namespace matchd {

class MarketDataPublisher {
public:
  MarketDataPublisher(const std::string &groupIp, std::uint16_t port);
  ~MarketDataPublisher();
  MarketDataPublisher(const MarketDataPublisher &) = delete;
  MarketDataPublisher &operator=(const MarketDataPublisher &) = delete;

  bool connected() const;
  void publish(const MdUpdate &u);
  std::size_t publishSnapshot(const std::vector<MdUpdate> &levels);
  void shutdown();
  std::uint64_t sent() const;

private:
  bool sendDatagramLocked(const std::string &payload);
  void closeLocked();

  mutable std::mutex mu_;
  int fd_ = -1;
  sockaddr_in dest_{};
  bool connected_ = false;
  std::uint64_t sent_ = 0;
};

} // namespace matchd
