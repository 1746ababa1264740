// The delivery log: one line per receipt, written with stdio, rotated to
// <path>.<n> when it grows past maxBytes. close() is idempotent.
// The BUG markers are in src/delivery_log.cpp.
#pragma once
#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>

#include "pushgw/notification.h"

namespace pushgw {

class DeliveryLog {
public:
  DeliveryLog(std::string path, std::size_t maxBytes);
  ~DeliveryLog();
  DeliveryLog(const DeliveryLog &) = delete;
  DeliveryLog &operator=(const DeliveryLog &) = delete;

  bool open();
  void append(const DeliveryReceipt &r);
  void close();

private:
  bool rotateLocked();

  std::mutex mu_;
  const std::string path_;
  const std::size_t maxBytes_;
  std::size_t written_ = 0;
  unsigned generation_ = 0;
  std::FILE *file_ = nullptr;
};

} // namespace pushgw
