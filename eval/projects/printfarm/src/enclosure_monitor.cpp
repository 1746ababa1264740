// EnclosureMonitor: polls the enclosure controller; stopping_ and the port share mu_.
#include "printfarm/enclosure_monitor.h"

#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <utility>

#include "printfarm/event_bus.h"
#include "printfarm/tty_tools.h"

namespace printfarm {

EnclosureMonitor::EnclosureMonitor(std::string device, EventBus &bus)
    : port_(std::move(device), 57600), bus_(bus) {}

EnclosureMonitor::~EnclosureMonitor() {
  stop(); // OK: stop() returns at once when already stopped
}

bool EnclosureMonitor::start() {
  std::lock_guard<std::mutex> lock(mu_);
  if (thread_.joinable() || stopping_)
    return false;
  if (!port_.open())
    std::fprintf(stderr, "enclosure: %s not there yet, will retry\n", port_.device().c_str());
  thread_ = std::thread(&EnclosureMonitor::run, this);
  return true;
}

void EnclosureMonitor::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_)
      return;
    stopping_ = true;
    if (port_.isOpen())
      port_.close(); // OK: the monitor thread checks stopping_ under this same lock before each use of the port
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

bool EnclosureMonitor::setLights(bool on) {
  std::lock_guard<std::mutex> lock(mu_);
  if (stopping_ || !port_.isOpen())
    return false;
  port_.write(on ? "LIGHT 1\n" : "LIGHT 0\n"); // OK: stopping_ and isOpen() checked under mu_
  return true;
}

bool EnclosureMonitor::setFans(int percent) {
  std::lock_guard<std::mutex> lock(mu_);
  if (stopping_ || smokeAlarm_ || !port_.isOpen())
    return false;
  port_.write("FAN " + std::to_string(percent) + "\n"); // OK: stopping_ and isOpen() checked under mu_
  return true;
}

void EnclosureMonitor::run() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!stopping_) {
    cv_.wait_for(lock, std::chrono::seconds(1), [this] { return stopping_; });
    if (stopping_)
      break;
    if (!port_.isOpen() && !port_.reopen())
      continue; // controller unplugged: try again next second
    bool newAlarm = false;
    try {
      port_.write("STATUS\n"); // OK: stopping_ checked under mu_, which stop() holds while it closes the port
      const std::string reply = port_.readLine(500); // OK: same lock held since the stopping_ check
      // The controller answers e.g. "T:31.5 H:40 SMOKE:0 FAN:30".
      const bool smoke = reply.find("SMOKE:1") != std::string::npos;
      if (smoke && !smokeAlarm_) {
        port_.write("FAN 100\n"); // OK: still under mu_, after the stopping_ check
        newAlarm = true;
      }
      smokeAlarm_ = smoke;
    } catch (const std::runtime_error &) {
      // Unplugged or wedged: free the tty node now and reopen on a later tick.
      forceReleaseTty(port_);
      port_.abandon();
      continue;
    }
    if (newAlarm) {
      lock.unlock(); // handlers may call setFans()/setLights()
      bus_.publish({"enclosure-alarm", "", "{\"smoke\":true}"});
      lock.lock();
    }
  }
}

} // namespace printfarm
