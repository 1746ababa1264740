// AdminHandler: operator commands on a UNIX-domain socket, one command per
// line and one reply line per command:
//   drain          seal the current spool file and sync the spool
//   rotate         start a new spool file
//   kick HOST      close the idle connection to HOST
//   reopen-logs    reopen the metrics and audit files after logrotate
//   bounces off    stop writing bounce notices
//   stats          one-line status (also dumps a metrics snapshot)
//   export PATH    copy this run's queue to PATH
//   quit           end the admin session
// start() binds the socket and starts the accept thread; commands run on that
// thread. stop() shuts the listening socket down, joins the thread and closes
// the socket; it is idempotent, and the destructor calls it.
#pragma once
#include <atomic>
#include <memory>
#include <string>
#include <thread>

#include "mailq/audit_log.h"
#include "mailq/bounce_notifier.h"
#include "mailq/connection_pool.h"
#include "mailq/event_bus.h"
#include "mailq/metrics.h"
#include "mailq/retry_scheduler.h"
#include "mailq/spool.h"

namespace mailq {

struct AdminDeps {
  std::shared_ptr<Spool> spool;
  std::shared_ptr<ConnectionPool> pool;
  std::shared_ptr<Metrics> metrics;
  std::shared_ptr<AuditLog> audit;
  std::shared_ptr<BounceNotifier> bounces;
  std::shared_ptr<RetryScheduler> retry;
};

class AdminHandler {
public:
  AdminHandler(std::string socketPath, AdminDeps deps);
  ~AdminHandler();
  AdminHandler(const AdminHandler &) = delete;
  AdminHandler &operator=(const AdminHandler &) = delete;

  void attach(EventBus &bus) { bus_ = &bus; }
  void start();
  void stop();
  // Runs one command line and returns the reply (without newline).
  std::string execute(const std::string &line);

private:
  void run(int listenFd);
  void handleClient(int fd);

  const std::string socketPath_;
  AdminDeps deps_;
  EventBus *bus_ = nullptr;
  int listenFd_ = -1;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

} // namespace mailq
