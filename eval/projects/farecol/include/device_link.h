// One connected fare gate or validator. Frames are queued on the device's connection; a
// link that has been closed refuses further pushes, and closing it a second time is a
// programming error reported with std::logic_error.
#pragma once
#include "device_types.h"
#include "netconn.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

namespace farecol {

class DeviceLink {
public:
  using Clock = std::chrono::steady_clock;

  DeviceLink(std::string deviceId, std::string operatorId, DeviceKind kind, net::Connection conn);
  ~DeviceLink();
  DeviceLink(const DeviceLink &) = delete;
  DeviceLink &operator=(const DeviceLink &) = delete;

  const std::string &deviceId() const { return deviceId_; }
  const std::string &operatorId() const { return operatorId_; }
  DeviceKind kind() const { return kind_; }
  const std::string &endpoint() const { return conn_.endpoint(); }

  void push(const std::string &frame);
  void sendCommand(GateCommand cmd);
  void flush();
  void close();
  bool isOpen() const { return open_.load(); }

  void touch(Clock::time_point now);
  Clock::duration idleFor(Clock::time_point now) const;
  std::uint64_t framesSent() const { return framesSent_.load(); }

private:
  void ensureOpen(const char *op) const;

  const std::string deviceId_;
  const std::string operatorId_;
  const DeviceKind kind_;
  net::Connection conn_;
  std::atomic<bool> open_{true};
  std::atomic<std::uint64_t> framesSent_{0};
  std::atomic<Clock::rep> lastSeen_;
};

// Tells the device about something that is not a gate command (maintenance, a new
// endpoint to use, a roster change).
void sendNotice(DeviceLink &link, NoticeKind kind, const std::string &text);

} // namespace farecol
