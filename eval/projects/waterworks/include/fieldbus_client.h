// FieldbusClient: register reads/writes over the field bus, shared by every
// station, valve actuator and the doser. It redials a broken link by itself;
// disconnect() ends it for good (until reopen()).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "fieldbus_link.h"
#include "frame.h"
#include "status.h"

namespace ww {

class FieldbusClient {
 public:
  FieldbusClient(std::string host, std::uint16_t port, int max_attempts = 3);
  ~FieldbusClient();

  FieldbusClient(const FieldbusClient&) = delete;
  FieldbusClient& operator=(const FieldbusClient&) = delete;

  Status connect();
  // Both throw std::runtime_error("fieldbus client closed") after disconnect().
  Status write_register(std::uint8_t unit, std::uint16_t addr, std::uint16_t value);
  Result<std::vector<std::uint16_t>> read_registers(std::uint8_t unit, std::uint16_t addr,
                                                    std::uint16_t count);
  // Throws std::logic_error("fieldbus client disconnected twice") on a second call.
  void disconnect();
  Status reopen();

  bool connected() const;
  bool is_closed() const;
  std::uint64_t reconnects() const;

 private:
  Result<Frame> transact(const Frame& request);
  Status reconnect_locked();
  void check_open_locked() const;

  mutable std::mutex mu_;
  std::string host_;
  std::uint16_t port_;
  int max_attempts_;
  std::unique_ptr<FieldbusLink> link_;
  bool closed_ = false;
  std::uint16_t next_tid_ = 1;
  std::uint64_t reconnects_ = 0;
};

}  // namespace ww
