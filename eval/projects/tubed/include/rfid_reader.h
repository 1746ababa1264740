// RfidReader: the serial RFID reader chain that reports carrier tags passing a tube gate.
#pragma once

#include <atomic>
#include <chrono>
#include <string>

#include "raii.h"
#include "status.h"

namespace tubed {

struct TagRead {
  std::string tag;
  std::string gate;
  std::chrono::steady_clock::time_point at;
};

class RfidReader {
 public:
  explicit RfidReader(std::string device);
  ~RfidReader();

  Status start();
  // Waits up to 200 ms for a tag; Code::Closed once stopped, Code::Timeout when idle.
  Result<TagRead> read_tag();
  void stop();  // idempotent
  bool running() const;

 private:
  FdHandle fd_;
  std::string device_;
  std::string pending_;
  std::atomic<bool> running_{false};
};

}  // namespace tubed
