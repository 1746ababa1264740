// DeliveryAgent: runs the SMTP dialogue for queued messages.
//
// deliver() takes a pooled connection for the message's domain, sends the
// message and reports the outcome: "delivery.done" on the bus and an audit
// record when the server accepted it, "delivery.failed" (permanent) when it
// refused it or too many attempts failed, a retry through the RetryScheduler
// otherwise. deliverBatch() sends several messages for one host over a single
// session (used for messages recovered from the spool). Connections go back
// to the pool when the session is still usable.
#pragma once
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "mailq/audit_log.h"
#include "mailq/connection_pool.h"
#include "mailq/event_bus.h"
#include "mailq/message.h"
#include "mailq/rate_limiter.h"
#include "mailq/retry_scheduler.h"

namespace mailq {

class DeliveryAgent {
public:
  DeliveryAgent(std::shared_ptr<ConnectionPool> pool,
                std::shared_ptr<RetryScheduler> retry,
                std::shared_ptr<AuditLog> audit,
                std::shared_ptr<HostLimiter> limiter, int maxAttempts);

  void attach(EventBus &bus) { bus_ = &bus; }
  void deliver(const Message &m);
  void deliverBatch(const std::string &host, const std::vector<Message> &batch);

private:
  void reportFailure(const Message &m, const SmtpReply &reply);
  void deferOrGiveUp(const Message &m, const std::string &why);
  void emit(const char *name, const Message &m, const std::string &detail,
            bool permanent);
  static std::chrono::milliseconds backoff(int attempts);

  std::shared_ptr<ConnectionPool> pool_;
  std::shared_ptr<RetryScheduler> retry_;
  std::shared_ptr<AuditLog> audit_;
  std::shared_ptr<HostLimiter> limiter_;
  const int maxAttempts_;
  EventBus *bus_ = nullptr;
};

} // namespace mailq
