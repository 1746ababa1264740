// FieldbusConnection: one Modbus-TCP style connection to the gateway of the blower and
// diverter controllers.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>

#include "status.h"

namespace tubed {

class FieldbusConnection {
 public:
  FieldbusConnection(std::string endpoint, int id);  // endpoint is "host:port"
  ~FieldbusConnection();
  FieldbusConnection(const FieldbusConnection&) = delete;
  FieldbusConnection& operator=(const FieldbusConnection&) = delete;

  Status connect();
  // Code::Closed after close().
  Status write_register(std::uint16_t reg, std::uint16_t value);
  Result<std::uint16_t> read_register(std::uint16_t reg);
  // Must run once: a second call throws std::logic_error (two owners of one socket).
  void close();
  bool closed() const;
  int id() const;

 private:
  Status transact(const std::uint8_t* req, std::size_t req_len, std::uint8_t* resp, std::size_t resp_len);

  std::string endpoint_;
  int id_;
  int fd_ = -1;
  std::uint16_t next_tid_ = 0;
  std::atomic<bool> closed_{false};
};

}  // namespace tubed
