// A water-level limnimeter on a serial line: one reading per line, metres above datum.
#pragma once
#include <string>

class LimnimeterTty {
public:
  explicit LimnimeterTty(std::string device);
  ~LimnimeterTty();
  LimnimeterTty(const LimnimeterTty &) = delete;
  LimnimeterTty &operator=(const LimnimeterTty &) = delete;

  bool open();
  bool isOpen() const { return fd_ >= 0; }
  /// Blocks for the next reading. Throws std::runtime_error when the tty is closed.
  double readLevel();
  /// Throws std::logic_error when the tty is already closed.
  void close();
  const std::string &device() const { return device_; }

private:
  std::string device_;
  int fd_ = -1;
};
