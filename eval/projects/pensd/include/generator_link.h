// GeneratorLink: Modbus link to the diesel generator controller, with a
// heartbeat thread the controller needs to stay in remote mode.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

#include "fd_handle.h"
#include "power_source.h"
#include "status.h"

class GeneratorLink : public PowerSource {
 public:
  GeneratorLink(std::string host, std::uint16_t unit);
  ~GeneratorLink() override;  // teardown()

  const char* name() const override;
  Result<double> output_kw() override;  // throws std::runtime_error("generator link torn down")
  void close() override;                // teardown()
  bool alive() const override;
  Result<double> read_rpm();
  // Idempotent: stops the heartbeat and closes the Modbus socket the first time.
  void teardown();

 private:
  Result<double> read_input_locked(std::uint16_t reg);
  void heartbeat_loop();

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::string host_;
  std::uint16_t unit_;
  FdHandle modbus_;
  std::atomic<bool> beating_;
  bool torn_down_;
  std::thread heartbeat_;
};
