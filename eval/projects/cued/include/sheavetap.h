// A sheave encoder's pulse counter, read through the kernel counter
// subsystem (/sys/bus/counter/devices/counterN/count0/count).
#pragma once
#include <string>

namespace cued {

struct SheaveTap {
  explicit SheaveTap(const std::string &counterPath);
  ~SheaveTap();

  /// Current pulse count. Throws std::system_error if the read fails.
  long readCount() const;

  int fd = -1;
  std::string path;
};

} // namespace cued
