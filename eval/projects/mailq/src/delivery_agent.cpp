// DeliveryAgent: the SMTP dialogue for queued messages (see delivery_agent.h).
#include "mailq/delivery_agent.h"

#include <algorithm>
#include <exception>
#include <utility>

#include "mailq/log.h"
#include "mailq/smtp_io.h"

namespace mailq {

DeliveryAgent::DeliveryAgent(std::shared_ptr<ConnectionPool> pool,
                             std::shared_ptr<RetryScheduler> retry,
                             std::shared_ptr<AuditLog> audit,
                             std::shared_ptr<HostLimiter> limiter, int maxAttempts)
    : pool_(std::move(pool)), retry_(std::move(retry)), audit_(std::move(audit)),
      limiter_(std::move(limiter)), maxAttempts_(maxAttempts) {}

std::chrono::milliseconds DeliveryAgent::backoff(int attempts) {
  // 1, 2, 4, ... minutes, capped at four hours.
  const int shift = std::min(std::max(attempts - 1, 0), 8);
  const long long minutes = std::min(1LL << shift, 240LL);
  return std::chrono::minutes(minutes);
}

void DeliveryAgent::emit(const char *name, const Message &m,
                         const std::string &detail, bool permanent) {
  if (!bus_)
    return;
  bus_->emit(Event{name, m.id, m.sender, detail, permanent});
}

void DeliveryAgent::deferOrGiveUp(const Message &m, const std::string &why) {
  Message again = m;
  ++again.attempts;
  if (again.attempts >= maxAttempts_) {
    audit_->record(m.id, "gave up after " + std::to_string(again.attempts) +
                             " attempts: " + why);
    emit("delivery.failed", again, why, true);
    return;
  }
  retry_->schedule(again, backoff(again.attempts));
}

void DeliveryAgent::reportFailure(const Message &m, const SmtpReply &reply) {
  const std::string why = std::to_string(reply.code) + " " + reply.text;
  if (reply.permanent()) {
    audit_->record(m.id, "refused by " + m.domain() + ": " + why);
    emit("delivery.failed", m, why, true);
  } else {
    deferOrGiveUp(m, why);
  }
}

void DeliveryAgent::deliver(const Message &m) {
  const std::string host = m.domain();
  if (!limiter_->tryAcquire(host)) {
    retry_->schedule(m, std::chrono::seconds(2));
    return;
  }
  std::shared_ptr<SmtpConnection> conn;
  try {
    conn = pool_->acquire(host);
    SmtpReply r = smtp_io::sendEnvelope(*conn, m);
    if (!r.ok()) {
      reportFailure(m, r);
      if (r.code == 421)
        smtp_io::abortQuietly(*conn);
      else
        pool_->release(host, conn);
      return;
    }
    r = smtp_io::sendData(*conn, m);
    if (r.code == 421) {
      // The server is shutting the session down and did not take the message.
      conn->close();
      deferOrGiveUp(m, std::to_string(r.code) + " " + r.text);
    } else if (r.ok()) {
      audit_->record(m.id, "delivered to " + host + ": " + r.text);
      emit("delivery.done", m, r.text, false);
    } else {
      reportFailure(m, r);
    }
    pool_->release(host, conn); // BUG: use-after-close #release_after_421
  } catch (const std::exception &e) {
    if (conn)
      smtp_io::abortQuietly(*conn); // OK: abortQuietly() closes the connection only if it is still open
    deferOrGiveUp(m, e.what());
  }
}

void DeliveryAgent::deliverBatch(const std::string &host,
                                 const std::vector<Message> &batch) {
  std::shared_ptr<SmtpConnection> conn;
  try {
    conn = pool_->acquire(host);
  } catch (const std::exception &e) {
    for (const Message &m : batch)
      deferOrGiveUp(m, e.what());
    return;
  }
  std::vector<Message> deferred;
  for (const Message &m : batch) {
    SmtpReply r = smtp_io::sendEnvelope(*conn, m); // BUG: use-after-close #batch_421
    if (r.code == 421) {
      // The server is closing the channel: say goodbye, defer the rest.
      conn->quit();
      deferred.push_back(m);
      continue;
    }
    if (!r.ok()) {
      reportFailure(m, r);
      continue;
    }
    r = smtp_io::sendData(*conn, m);
    if (r.ok()) {
      audit_->record(m.id, "delivered to " + host + ": " + r.text);
      emit("delivery.done", m, r.text, false);
    } else {
      reportFailure(m, r);
    }
  }
  for (const Message &m : deferred)
    deferOrGiveUp(m, "421 from " + host);
  if (conn->state() == SmtpConnection::State::Connected)
    pool_->release(host, conn); // OK: only a session that is still connected goes back to the pool
}

} // namespace mailq
