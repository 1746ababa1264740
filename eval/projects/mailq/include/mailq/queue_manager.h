// QueueManager: wires the delivery queue together and owns its lifecycle.
//
// The constructor loads the config and builds every component. start()
// recovers the spool, starts the workers, timers and admin socket and emits
// "queue.lifecycle"/"started". enqueue() spools a message and hands it to the
// delivery workers; it throws std::runtime_error when the manager is not
// running. stop() shuts every component down, emits "queue.lifecycle"/
// "stopped", and is idempotent; the destructor calls it.
#pragma once
#include <atomic>
#include <memory>
#include <string>

#include "mailq/admin_handler.h"
#include "mailq/audit_log.h"
#include "mailq/bounce_notifier.h"
#include "mailq/config_reloader.h"
#include "mailq/connection_pool.h"
#include "mailq/delivery_agent.h"
#include "mailq/delivery_pool.h"
#include "mailq/event_bus.h"
#include "mailq/event_publisher.h"
#include "mailq/message.h"
#include "mailq/metrics.h"
#include "mailq/rate_limiter.h"
#include "mailq/retry_scheduler.h"
#include "mailq/spool.h"

namespace mailq {

struct Options {
  std::string configPath = "/etc/mailq/mailq.conf";
  std::string spoolDir = "/var/spool/mailq";
  std::string bounceDir = "/var/spool/mailq/bounces";
  std::string adminSocket = "/run/mailq/admin.sock";
  std::string metricsPath = "/var/log/mailq/metrics.log";
  std::string auditPath = "/var/log/mailq/audit.log";
  std::string changelogPath = "/var/log/mailq/config-changes.log";
};

class QueueManager {
public:
  explicit QueueManager(Options opts);
  ~QueueManager();
  QueueManager(const QueueManager &) = delete;
  QueueManager &operator=(const QueueManager &) = delete;

  void start();
  void enqueue(Message m);
  void stop();
  EventBus &bus() { return bus_; }

private:
  const Options opts_;
  EventBus bus_;
  std::shared_ptr<Spool> spool_;
  std::shared_ptr<Metrics> metrics_;
  std::shared_ptr<AuditLog> audit_;
  std::shared_ptr<HostLimiter> limiter_;
  std::shared_ptr<ConnectionPool> pool_;
  std::shared_ptr<DeliveryPool> delivery_;
  std::shared_ptr<RetryScheduler> retry_;
  std::shared_ptr<EventPublisher> publisher_;
  std::shared_ptr<BounceNotifier> bounces_;
  std::shared_ptr<DeliveryAgent> agent_;
  std::shared_ptr<ConfigReloader> reloader_;
  std::unique_ptr<AdminHandler> admin_;
  std::atomic<bool> running_{false};
};

} // namespace mailq
