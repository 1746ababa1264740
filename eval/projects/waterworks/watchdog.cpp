// Watchdog: its thread reads the safety PLC heartbeat register once a period
// until stop() is requested; stop() joins the thread and is idempotent.
#include "watchdog.h"

#include <utility>

#include "registers.h"

namespace ww {

Watchdog::Watchdog(std::shared_ptr<FieldbusClient> bus, std::uint8_t unit,
                   std::chrono::milliseconds period)
    : bus_(std::move(bus)), unit_(unit), period_(period) {}

Watchdog::~Watchdog() {
  stop(); // OK: stop() only joins a thread that is still joinable
}

void Watchdog::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (thread_.joinable()) return;
  stop_requested_ = false;
  thread_ = std::thread([this] { loop(); });
}

void Watchdog::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    stop_requested_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

bool Watchdog::running() const {
  std::lock_guard<std::mutex> lk(mu_);
  return thread_.joinable() && !stop_requested_;
}

std::uint64_t Watchdog::missed() const { return missed_.load(); }

void Watchdog::loop() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!stop_requested_) {
    lk.unlock();
    Result<std::vector<std::uint16_t>> beat = bus_->read_registers(unit_, kHeartbeatRegister, 1); // BUG: use-after-close #watchdog_race
    if (beat.ok() && !beat.value().empty())
      last_beat_.store(beat.value().front());
    else
      ++missed_;
    lk.lock();
    cv_.wait_for(lk, period_, [this] { return stop_requested_; });
  }
}

}  // namespace ww
