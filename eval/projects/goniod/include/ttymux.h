// goniod — the serial terminal multiplexer of the hutch: named tty lines,
// leases (duplicated descriptors) handed to components, and broadcasts.
#pragma once
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace goniod {

// A serial line leased from the multiplexer: move-only, closes once.
class TtyLease {
public:
  TtyLease() = default;
  TtyLease(int fd, std::string device);
  TtyLease(TtyLease &&other) noexcept;
  TtyLease &operator=(TtyLease &&other) noexcept;
  TtyLease(const TtyLease &) = delete;
  TtyLease &operator=(const TtyLease &) = delete;
  ~TtyLease();

  void send(const std::string &line);
  std::string receive();
  void reset();
  int fd() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  const std::string &device() const { return device_; }

private:
  int fd_ = -1;
  std::string device_;
};

class TtyMux {
public:
  TtyMux() = default;
  ~TtyMux();
  TtyMux(const TtyMux &) = delete;
  TtyMux &operator=(const TtyMux &) = delete;

  void add(const std::string &name, const std::string &device);
  TtyLease lease(const std::string &name);
  void hangup(const std::string &name);
  void retire(const std::string &name);
  void reopen(const std::string &name);
  void broadcast(const std::string &text);

private:
  std::mutex mu_;
  // name -> (descriptor, device path)
  std::map<std::string, std::pair<int, std::string>> lines_;
};

} // namespace goniod
