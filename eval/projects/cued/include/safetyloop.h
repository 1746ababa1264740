// The link to the safety PLC: the daemon keeps the loop armed with a
// heartbeat; a trip (from either side) drops every drive to its brakes.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

namespace cued {

class SafetyLoop {
public:
  SafetyLoop();
  ~SafetyLoop();
  SafetyLoop(SafetyLoop &&) noexcept;
  SafetyLoop &operator=(SafetyLoop &&) noexcept;

  void connect(const std::string &plcHost, std::uint16_t port);
  /// Keeps the loop armed; does nothing unless armed.
  void heartbeat();
  /// Reports a trip to the PLC and drops the link.
  void trip(const std::string &reason);
  bool armed() const;
  void disconnect();

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace cued
