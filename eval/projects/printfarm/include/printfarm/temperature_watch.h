// The chamber thermocouple board: a small USB-serial device that prints one "T:<celsius>"
// line per second. A reader thread keeps the last reading and publishes "chamber-overtemp"
// on the bus when the chamber gets hotter than the limit (the coordinator then pauses the
// farm). start() opens the port and starts the thread; stop() ends it (idempotent, called by
// the destructor).
#pragma once
#include <atomic>
#include <string>
#include <thread>

#include "printfarm/serial_port.h"

namespace printfarm {

class EventBus;

class TemperatureWatch {
public:
  TemperatureWatch(std::string device, double limitC, EventBus &bus);
  ~TemperatureWatch();
  TemperatureWatch(const TemperatureWatch &) = delete;
  TemperatureWatch &operator=(const TemperatureWatch &) = delete;

  bool start();
  void stop();
  double lastReading() const { return last_.load(); }

private:
  void run();

  SerialPort port_;
  const double limit_;
  EventBus &bus_;
  std::atomic<bool> running_{false};
  std::atomic<double> last_{0.0};
  std::thread thread_;
};

} // namespace printfarm
