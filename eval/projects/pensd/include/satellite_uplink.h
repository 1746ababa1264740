// SatelliteUplink: the site's satellite modem link to the shore office.
#pragma once

#include <cstddef>
#include <mutex>
#include <string>

#include "fd_handle.h"
#include "status.h"

class SatelliteUplink {
 public:
  explicit SatelliteUplink(std::string modem_device);
  ~SatelliteUplink();

  Status open();
  Status send(const std::string& message);  // throws std::runtime_error("uplink closed")
  void close();                             // idempotent; safe from any thread
  bool is_open() const;
  std::size_t sent() const;

 private:
  mutable std::mutex mu_;
  std::string device_;
  FdHandle modem_;
  bool open_;
  std::size_t sent_;
};
