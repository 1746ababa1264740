// DoorMonitor: follows door / access-reader points, raises door-forced and
// door-held-open alarms, and reports every access event to the registered
// callbacks (the access log on the message bus among them). Events are
// queued by ingest() on the main loop and evaluated on the monitor's thread.
#pragma once
#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "alarm.h"
#include "mailbox.h"
#include "messaging.h"
#include "point.h"

namespace bmsd {

class Diagnostics;

struct DoorEvent {
  enum class Kind { Opened, Closed, Forced, HeldOpen, MonitorOffline };
  std::string door;
  std::string controllerId;
  Kind kind = Kind::Closed;
  std::chrono::system_clock::time_point at;

  static DoorEvent monitorOffline(std::chrono::system_clock::time_point at);
};

std::string doorEventToJson(const DoorEvent &e);

class DoorMonitor {
public:
  using AlarmCallback = std::function<void(const Alarm &)>;
  using AccessCallback = std::function<void(const DoorEvent &)>;

  DoorMonitor(Diagnostics &diag, std::size_t queueDepth,
              std::chrono::seconds heldOpenLimit);
  ~DoorMonitor();
  DoorMonitor(const DoorMonitor &) = delete;
  DoorMonitor &operator=(const DoorMonitor &) = delete;

  void onAlarm(AlarmCallback cb);
  void onAccessEvent(AccessCallback cb);
  void attachAccessLog(std::shared_ptr<kafka::KafkaProducer> producer,
                       std::string topic);

  void start();
  void ingest(const PointValue &pv);
  void stop();

private:
  struct DoorState {
    bool open = false;
    bool heldAlarmed = false;
    std::chrono::system_clock::time_point openedAt;
  };

  void run();
  void evaluate(const DoorEvent &e);
  void checkHeldOpen(std::chrono::system_clock::time_point now);
  void fireAlarm(const Alarm &a);
  void notifyAccess(const DoorEvent &e);

  Diagnostics &diag_;
  const std::chrono::seconds heldOpenLimit_;
  std::vector<AlarmCallback> alarmCallbacks_;
  std::vector<AccessCallback> accessCallbacks_;
  BoundedMailbox<DoorEvent> events_;
  std::map<std::string, DoorState> doors_;
  std::thread worker_;
};

} // namespace bmsd
