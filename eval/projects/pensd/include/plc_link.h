// PlcLink: Modbus/TCP session with one PLC on a feed barge (blower or doser).
// A dropped session (Disconnected) is re-established on the next write or by
// reconnect(); a closed session (Closed) is final for the night.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>

#include "status.h"

namespace plc_reg {
constexpr std::uint16_t kBlowerSpeed = 40001;
constexpr std::uint16_t kDoserRate = 40010;
constexpr std::uint16_t kDoserPurge = 40011;
constexpr std::uint16_t kDoserRevs = 40012;
constexpr std::uint16_t kAugerRun = 40015;
constexpr std::uint16_t kDrainValve = 40020;
}  // namespace plc_reg

class PlcLink {
 public:
  enum class State { Disconnected, Connected, Closed };

  PlcLink(std::string host, std::uint16_t port);
  ~PlcLink();

  PlcLink(const PlcLink&) = delete;
  PlcLink& operator=(const PlcLink&) = delete;

  Status connect();
  // Drops the socket and dials again. Throws std::runtime_error("plc link closed") once closed.
  Status reconnect();
  // Throws std::runtime_error("plc link closed") once closed; redials a dropped session first.
  Status write_register(std::uint16_t reg, std::uint16_t value);
  Result<std::uint16_t> read_register(std::uint16_t reg);
  // Throws std::logic_error("plc link already closed") on a second call.
  void close();
  // Closes the session unless it is already closed; returns whether it closed it.
  bool close_if_open();

  State state() const;
  bool is_closed() const;
  const std::string& host() const;

 private:
  Status dial_locked();
  void drop_locked();
  void require_open_locked(const char* op) const;

  mutable std::mutex mu_;
  std::string host_;
  std::uint16_t port_;
  int fd_;
  State state_;
  std::uint16_t txn_;
};
