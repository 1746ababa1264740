// ScadaUplink: line-oriented TCP feed of plant events to the SCADA master.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

#include "event_dispatcher.h"
#include "fd_handle.h"
#include "status.h"

namespace ww {

class ScadaUplink {
 public:
  ScadaUplink(std::string master_host, std::uint16_t port);
  ~ScadaUplink();

  Status connect();
  // Throws std::runtime_error("scada uplink closed") when not connected.
  Status forward(const Event& e);
  // Drops the current socket and dials again.
  Status reconnect();
  // Idempotent.
  void disconnect();
  bool connected() const;

 private:
  std::string host_;
  std::uint16_t port_;
  FdHandle sock_;
  std::atomic<bool> connected_{false};
  std::mutex mu_;
};

}  // namespace ww
