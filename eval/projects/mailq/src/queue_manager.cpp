// QueueManager: builds the components and runs their lifecycle (see queue_manager.h).
#include "mailq/queue_manager.h"

#include <chrono>
#include <map>
#include <stdexcept>
#include <utility>
#include <vector>

#include "mailq/log.h"

namespace mailq {

QueueManager::QueueManager(Options opts) : opts_(std::move(opts)) {
  reloader_ = std::make_shared<ConfigReloader>(opts_.configPath, opts_.changelogPath);
  const Config cfg = reloader_->current();

  spool_ = std::make_shared<Spool>(opts_.spoolDir);
  metrics_ = std::make_shared<Metrics>(opts_.metricsPath);
  audit_ = std::make_shared<AuditLog>(opts_.auditPath);
  limiter_ = std::make_shared<HostLimiter>(cfg);
  pool_ = std::make_shared<ConnectionPool>(cfg.smtpPort, cfg.helo);
  delivery_ = std::make_shared<DeliveryPool>();
  retry_ = std::make_shared<RetryScheduler>(*delivery_);
  retry_->attach(*metrics_);
  publisher_ = std::make_shared<EventPublisher>(cfg.brokers);
  bounces_ = std::make_shared<BounceNotifier>(opts_.bounceDir, publisher_);
  bounces_->attach(bus_);
  agent_ = std::make_shared<DeliveryAgent>(pool_, retry_, audit_, limiter_, cfg.maxAttempts);
  agent_->attach(bus_);

  std::weak_ptr<DeliveryAgent> weakAgent = agent_;
  retry_->onDue([weakAgent](const Message &m) {
    if (std::shared_ptr<DeliveryAgent> agent = weakAgent.lock())
      agent->deliver(m);
  });

  admin_ = std::make_unique<AdminHandler>(
      opts_.adminSocket,
      AdminDeps{spool_, pool_, metrics_, audit_, bounces_, retry_});
  admin_->attach(bus_);
}

QueueManager::~QueueManager() {
  try {
    stop();
  } catch (const std::exception &e) {
    logError(std::string("queue: shutdown failed: ") + e.what());
  }
}

void QueueManager::start() {
  if (running_)
    return;
  const Config cfg = reloader_->current();
  std::vector<Message> recovered = spool_->recover();

  bus_.subscribe("delivery.done", [metrics = metrics_, pub = publisher_](const Event &e) {
    metrics->increment("delivered");
    pub->publish("mailq.delivered", e.messageId); // OK: the publisher is closed only after the delivery workers are joined
  });
  bus_.subscribe("delivery.failed", [metrics = metrics_](const Event &) {
    metrics->increment("failed");
  });

  // From here on stop() is responsible for tearing down whatever was started,
  // even if a later step throws.
  running_ = true;
  delivery_->start(cfg.workers);
  retry_->start();
  publisher_->start();
  metrics_->startReporter(std::chrono::seconds(cfg.metricsIntervalSeconds));
  pool_->startReaper(std::chrono::seconds(cfg.maxIdleSeconds));

  std::weak_ptr<HostLimiter> weakLimiter = limiter_;
  reloader_->onReload([this, weakLimiter](const Config &c) {
    audit_->record("-", "config generation " + std::to_string(c.generation) + " applied"); // BUG: use-after-close #reload_audit
    if (std::shared_ptr<HostLimiter> limiter = weakLimiter.lock())
      limiter->configure(c);
    publisher_->reconnect(c.brokers);
  });
  reloader_->start();
  admin_->start();

  // Re-spool what the previous run left behind, then deliver it host by host
  // so each destination gets one session.
  std::map<std::string, std::vector<Message>> byHost;
  for (Message &m : recovered) {
    spool_->enqueue(m);
    byHost[m.domain()].push_back(std::move(m));
  }
  spool_->finishRecovery();
  for (auto &entry : byHost) {
    delivery_->submit([agent = agent_, host = entry.first, batch = std::move(entry.second)] {
      agent->deliverBatch(host, batch);
    });
  }
  logInfo("queue: started with " + std::to_string(recovered.size()) + " recovered messages");
  bus_.emit(Event{"queue.lifecycle", "", "", "started", false});
}

void QueueManager::enqueue(Message m) {
  if (!running_)
    throw std::runtime_error("queue manager is not running");
  if (m.id.empty())
    m.id = makeMessageId();
  spool_->enqueue(m);
  metrics_->increment("enqueued");
  delivery_->submit([agent = agent_, m = std::move(m)] { agent->deliver(m); });
}

void QueueManager::stop() {
  if (!running_.exchange(false))
    return;
  admin_->stop();
  pool_->stopReaper();
  delivery_->stop(); // SAME: retry_submit_race
  pool_->closeAll(); // OK: the delivery workers were joined above and the reaper is stopped
  bounces_->close(); // OK: workers joined, nothing emits delivery.failed any more
  publisher_->close(); // OK: every thread that publishes has been joined; reconnect() checks closed_
  audit_->close(); // SAME: reload_audit
  metrics_->close();
  retry_->stop(); // BUG: use-after-close #retry_stop_metrics
  reloader_->stop();
  spool_->sealCurrent();
  bus_.emit(Event{"queue.lifecycle", "", "", "stopped", false});
}

} // namespace mailq
