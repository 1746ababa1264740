// SerialPort: raw RS-422 port to a belt PLC. A closed port refuses I/O and
// closing it twice is a programming error.
#pragma once
#include "status.h"
#include <cstddef>
#include <string>

class SerialPort {
 public:
  explicit SerialPort(std::string device);
  ~SerialPort();
  SerialPort(const SerialPort&) = delete;
  SerialPort& operator=(const SerialPort&) = delete;

  Status open();                            // Busy when already open
  void close();                             // throws std::logic_error when not open
  bool isOpen() const;
  void write(const std::string& bytes);     // throws std::runtime_error when closed
  std::string read(std::size_t max);        // throws std::runtime_error when closed
  const std::string& device() const;

 private:
  std::string device_;
  int fd_ = -1;
};
