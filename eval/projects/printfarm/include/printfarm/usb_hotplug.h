// Listens to kernel uevents (NETLINK_KOBJECT_UEVENT) for USB serial ttys.
//  - "add": a quick check on the watcher thread (low-latency mode), then the slow part (open
//    and M115 handshake, seconds) on the worker pool: a known device gets its session
//    reconnected, an unknown printer gets a new session.
//  - "remove": the session's port is released at once (see forceReleaseTty()), and
//    "printer-lost" is published.
// start() opens the socket and a wake-up pipe and starts the thread; stop() writes to the
// pipe, joins the thread and only then closes both (idempotent, called by the destructor).
// The worker pool must stay up until stop() has returned: onAdd() submits to it.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "printfarm/unique_fd.h"

namespace printfarm {

class EventBus;
class PrinterSession;
class SessionRegistry;
class WorkerPool;

class UsbHotplugWatcher {
public:
  using SessionFactory =
      std::function<std::shared_ptr<PrinterSession>(const std::string &name, const std::string &device)>;

  UsbHotplugWatcher(SessionRegistry &registry, WorkerPool &pool, EventBus &bus, SessionFactory factory);
  ~UsbHotplugWatcher();
  UsbHotplugWatcher(const UsbHotplugWatcher &) = delete;
  UsbHotplugWatcher &operator=(const UsbHotplugWatcher &) = delete;

  bool start();
  void stop();

private:
  void run();
  void onAdd(const std::string &devnode);
  void onRemove(const std::string &devnode);
  void attach(const std::string &devnode);

  SessionRegistry &registry_;
  WorkerPool &pool_;
  EventBus &bus_;
  SessionFactory factory_;
  UniqueFd sock_;
  UniqueFd wakeRead_;
  UniqueFd wakeWrite_;
  std::thread thread_;
};

} // namespace printfarm
