// Rs485Bus: the shared RS-485 serial bus the sensor buoys hang off.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>

#include "fd_handle.h"
#include "status.h"

class Rs485Bus {
 public:
  explicit Rs485Bus(std::string device);
  ~Rs485Bus();

  Status open(int baud);
  // One request/reply exchange with the buoy at `address`, serialized by the bus mutex.
  // Throws std::runtime_error("rs485 bus released") after release().
  Result<std::string> transact(std::uint8_t address, const std::string& command);
  // Idempotent: closes the serial port the first time, later calls do nothing.
  void release();
  bool released() const;

 private:
  mutable std::mutex mu_;
  std::string device_;
  FdHandle port_;
  bool released_;
};
