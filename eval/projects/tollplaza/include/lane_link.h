// TCP connection to one lane controller. Frames are length-prefixed.
// send() throws std::logic_error once the link is closed (or before it was
// opened); recv() returns false on a closed link. close() is idempotent and
// the destructor closes. open() may be called again after close() to
// reconnect. The link has its own mutex: sends may come from worker threads.
#pragma once
#include "fd.h"
#include "result.h"
#include "types.h"

#include <cstdint>
#include <mutex>
#include <string>

namespace toll {

class LaneLink {
public:
  explicit LaneLink(LaneId lane);
  ~LaneLink();
  LaneLink(const LaneLink &) = delete;
  LaneLink &operator=(const LaneLink &) = delete;

  Result open(const std::string &host, std::uint16_t port);
  void close();
  bool isOpen() const;
  void send(const std::string &frame);
  bool recv(std::string &frame, int timeoutMs);

  LaneId lane() const { return lane_; }
  std::string peer() const;

private:
  void writeAll(const void *data, std::size_t len);
  bool readExact(void *data, std::size_t len, int timeoutMs);

  const LaneId lane_;
  mutable std::mutex mu_;
  std::string peer_;
  Fd sock_;
  bool closed_ = false;
};

} // namespace toll
