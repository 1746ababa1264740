// One printer of the farm.
//
//  - The serial port lives in a std::optional so that connect()/reconnect() can construct a
//    fresh SerialPort in place when the board re-enumerates after a USB drop-out.
//  - sendGcode() throws std::runtime_error("printer session closed") once the session is
//    closed, and whenever the port is not open (SerialPort::write() throws).
//    emergencyStop() and queryStatus() never throw: they do nothing unless connected.
//  - A job's G-code is copied into the session's JobSpool (beginJob/appendJobData); the spool
//    is archived by finishJob() (the operator confirmed the bed is clear), archived under
//    "cancelled" by cancelJob(), and dropped or kept by abortJob().
//  - close() is idempotent (closing a closed session does nothing); the destructor calls it.
//  - All state is guarded by mu_. Bus handlers are unsubscribed before mu_ is taken in
//    close(), so a handler never waits on a session that waits on the bus.
// Sessions must be created with std::make_shared (the estop handler holds a weak_ptr).
#pragma once
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "printfarm/event_bus.h"
#include "printfarm/handshake.h"
#include "printfarm/job_spool.h"
#include "printfarm/print_job.h"
#include "printfarm/serial_port.h"

namespace printfarm {

enum class PrinterState { Disconnected, Handshaking, Idle, Printing, Paused, Error, Closed };
const char *toString(PrinterState state);

class PrinterSession : public std::enable_shared_from_this<PrinterSession> {
public:
  PrinterSession(std::string name, std::string device, std::string usbfsNode,
                 std::string spoolDir, std::string archiveDir, EventBus &bus);
  ~PrinterSession();
  PrinterSession(const PrinterSession &) = delete;
  PrinterSession &operator=(const PrinterSession &) = delete;

  bool connect();
  bool reconnect();
  void sendGcode(const std::string &line);
  void emergencyStop();
  bool queryStatus();

  bool beginJob(const PrintJob &job);
  void appendJobData(const std::string &data);
  void finishJob();
  void cancelJob();
  void abortJob(const std::string &why);
  void closeSpool();
  void recoverFromStall();

  // Runs fn on the serial port under the session lock (firmware tools, hotplug).
  template <typename F>
  void withPort(F &&fn) {
    std::lock_guard<std::mutex> lock(mu_);
    if (port_)
      fn(*port_);
  }

  void close();
  bool isOpen() const;
  PrinterState state() const;
  std::string currentJob() const;
  const std::string &name() const { return name_; }
  const std::string &device() const { return device_; }

private:
  void writeLine(const std::string &line); // mu_ held
  void subscribeEvents();
  void unsubscribeEvents();

  const std::string name_;
  const std::string device_;
  const std::string usbfsNode_;
  const std::string archiveDir_;
  EventBus &bus_;

  mutable std::mutex mu_;
  std::optional<SerialPort> port_;
  JobSpool spool_;
  FirmwareInfo firmware_;
  PrinterState state_ = PrinterState::Disconnected;
  std::string currentJob_;

  std::mutex subsMu_;
  std::vector<EventBus::SubscriptionId> subs_;
};

} // namespace printfarm
