// CryoPoller: polls the compressor's cold-head sensor on its own thread. The
// destructor stops and joins the thread before it closes the compressor
// line, so the close never overlaps a query on the polling thread.
#include "cryo_poller.h"

#include "annunciator.h"

#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

CryoPoller::CryoPoller(std::shared_ptr<NetLine> compressor, Annunciator &board,
                       std::chrono::milliseconds period, double warnKelvin)
    : compressor_(std::move(compressor)), board_(board), period_(period),
      warnKelvin_(warnKelvin), thread_([this] { loop(); }) {}

CryoPoller::~CryoPoller() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
  compressor_->close(); // OK
}

void CryoPoller::loop() {
  bool warned = false;
  std::unique_lock<std::mutex> lock(mu_);
  while (!stop_) {
    lock.unlock();
    double kelvin = NAN;
    try {
      kelvin = std::stod(compressor_->query("T2?")); // OK
    } catch (const std::exception &) {
      // Leave NaN: a missed poll is reported by the housekeeping sample.
    }
    kelvin_ = kelvin;
    if (kelvin > warnKelvin_ && !warned) {
      char text[64];
      std::snprintf(text, sizeof text, "cold head at %.1f K", kelvin);
      board_.raise({Alarm::Severity::Major, "cryo", text});
      warned = true;
    } else if (kelvin <= warnKelvin_) {
      warned = false;
    }
    lock.lock();
    cv_.wait_for(lock, period_, [this] { return stop_; });
  }
}
