// The RS-485 bus shared by the servo lineset controllers.
#pragma once
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace cued {

class DriveBus {
public:
  using Frame = std::vector<std::uint8_t>;

  /// Opens the tty. Throws std::system_error.
  DriveBus(std::string device, int baud);
  ~DriveBus();
  DriveBus(const DriveBus &) = delete;
  DriveBus &operator=(const DriveBus &) = delete;

  /// One request/response exchange with the controller at `address`.
  /// Throws std::runtime_error("drive bus shut down") after shutdown().
  Frame transact(int address, const Frame &request);
  /// A frame to every controller, no reply expected (quick-stop).
  void broadcast(const Frame &request);

  /// Closes the tty. Throws std::logic_error if it is already shut down.
  void shutdown();
  /// Opens the tty again after shutdown(), optionally at another rate.
  void reopen(int baud = 0);
  bool closed() const;
  const std::string &device() const { return device_; }

private:
  int openTty(int baud) const;
  static std::uint16_t crc16(const std::uint8_t *data, std::size_t len);

  mutable std::mutex mu_;
  std::string device_;
  int baud_;
  int fd_ = -1;
};

} // namespace cued
