// PassReader: RFID pass reader on a serial device (one per turnstile).
// readPass() throws once the reader is closed.
#pragma once
#include <atomic>
#include <optional>
#include <string>

#include "status.h"

namespace liftops {

class PassReader {
public:
  explicit PassReader(std::string device);
  ~PassReader();
  PassReader(const PassReader &) = delete;
  PassReader &operator=(const PassReader &) = delete;

  Status open();
  Status configure(int baud);
  std::optional<std::string> readPass(int timeoutMs);
  void close();
  bool isOpen() const { return fd_.load() >= 0; }

private:
  std::string device_;
  std::atomic<int> fd_{-1};
};

} // namespace liftops
