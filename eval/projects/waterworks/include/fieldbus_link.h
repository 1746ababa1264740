// FieldbusLink: one TCP connection to the Modbus gateway of the field bus.
// A link is used once: after close() it cannot be reconnected; the client
// replaces it with a fresh one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "frame.h"
#include "status.h"

namespace ww {

enum class LinkState { kIdle, kConnected, kClosed };

class FieldbusLink {
 public:
  FieldbusLink(std::string host, std::uint16_t port);
  ~FieldbusLink();

  FieldbusLink(const FieldbusLink&) = delete;
  FieldbusLink& operator=(const FieldbusLink&) = delete;

  Status connect(int timeout_ms);
  // Both throw std::runtime_error("fieldbus link closed") once close() ran.
  Status send_frame(const Frame& frame);
  Result<Frame> receive_frame();
  // Throws std::logic_error when the link is already closed.
  void close();

  bool isOpen() const;
  LinkState state() const;
  const std::string& peer() const;

 private:
  Status read_exact(std::uint8_t* out, std::size_t n);

  std::string host_;
  std::uint16_t port_;
  int fd_ = -1;
  LinkState state_ = LinkState::kIdle;
};

}  // namespace ww
