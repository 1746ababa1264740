// SerialPort: the RS-485 port of one ward's send/receive station. Not thread-safe: the
// StationLink that owns it serializes every call.
#pragma once

#include <string>

#include "status.h"

namespace tubed {

class SerialPort {
 public:
  SerialPort();
  ~SerialPort();
  SerialPort(const SerialPort&) = delete;
  SerialPort& operator=(const SerialPort&) = delete;

  // Closes any previous descriptor, then opens the device (raw mode, 19200 baud).
  Status open(const std::string& device);
  bool isOpen() const;
  // Throws std::runtime_error("serial port closed: ...") when the port is not open.
  void write(const std::string& data);
  // Code::Closed when the port is not open.
  Result<std::string> read_line();
  // Idempotent.
  void close();
  const std::string& device() const;

 private:
  int fd_ = -1;
  std::string device_;
};

}  // namespace tubed
