// The farm's enclosure controller: an Arduino on its own USB-serial port that drives the
// extraction fans and the lights and reads the smoke detector.
//
// A monitor thread polls "STATUS" every second and publishes "enclosure-alarm" on the bus
// when the controller reports smoke. stop() sets stopping_ and closes the port while holding
// mu_, the mutex the monitor thread holds whenever it checks stopping_ and talks to the port,
// so the thread never touches a closed port. stop() is idempotent; the destructor calls it.
// setLights()/setFans() return false when stopping, when the port is not open, or (fans)
// during a smoke alarm, when the fans stay at 100%.
#pragma once
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "printfarm/serial_port.h"

namespace printfarm {

class EventBus;

class EnclosureMonitor {
public:
  EnclosureMonitor(std::string device, EventBus &bus);
  ~EnclosureMonitor();
  EnclosureMonitor(const EnclosureMonitor &) = delete;
  EnclosureMonitor &operator=(const EnclosureMonitor &) = delete;

  bool start();
  void stop();
  bool setLights(bool on);
  bool setFans(int percent);

private:
  void run();

  SerialPort port_;
  EventBus &bus_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  bool smokeAlarm_ = false;
  std::thread thread_;
};

} // namespace printfarm
