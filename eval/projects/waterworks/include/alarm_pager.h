// AlarmPager: connection to the SMS/paging gateway.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

#include "alarm.h"
#include "fd_handle.h"
#include "status.h"

namespace ww {

class AlarmPager {
 public:
  AlarmPager(std::string gateway_host, std::uint16_t port);
  ~AlarmPager();

  Status open();
  // Throws std::runtime_error("pager connection closed") when not open.
  Status page(const Alarm& alarm);
  // Idempotent.
  void close();
  bool is_open() const;

 private:
  std::string host_;
  std::uint16_t port_;
  FdHandle sock_;
  std::atomic<bool> open_{false};
  std::mutex write_mu_;
};

}  // namespace ww
