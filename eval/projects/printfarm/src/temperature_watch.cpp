// TemperatureWatch: reads the chamber sensor board on its own thread.
#include "printfarm/temperature_watch.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <utility>

#include "printfarm/event_bus.h"

namespace printfarm {

TemperatureWatch::TemperatureWatch(std::string device, double limitC, EventBus &bus)
    : port_(std::move(device), 9600), limit_(limitC), bus_(bus) {}

TemperatureWatch::~TemperatureWatch() {
  stop(); // OK: stop() returns at once once running_ is false
}

bool TemperatureWatch::start() {
  if (running_.load())
    return true;
  if (!port_.open())
    return false;
  running_ = true;
  thread_ = std::thread(&TemperatureWatch::run, this);
  return true;
}

void TemperatureWatch::stop() {
  if (!running_.exchange(false))
    return;
  // Close the port so that the blocked read returns at once instead of waiting out its timeout.
  port_.close(); // SAME: chamber_race
  if (thread_.joinable())
    thread_.join();
}

void TemperatureWatch::run() {
  bool alarmed = false;
  while (running_.load()) {
    std::string line;
    try {
      line = port_.readLine(1500); // BUG: use-after-close #chamber_race
    } catch (const std::runtime_error &e) {
      std::fprintf(stderr, "chamber sensor: %s\n", e.what());
      std::this_thread::sleep_for(std::chrono::seconds(1));
      continue;
    }
    if (line.rfind("T:", 0) != 0)
      continue;
    const double celsius = std::strtod(line.c_str() + 2, nullptr);
    last_ = celsius;
    if (celsius > limit_ && !alarmed) {
      alarmed = true;
      bus_.publish({"chamber-overtemp", "", "{\"celsius\":" + std::to_string(celsius) + "}"});
    } else if (celsius < limit_ - 5.0) {
      alarmed = false; // hysteresis
    }
  }
}

} // namespace printfarm
