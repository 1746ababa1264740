// HealthChecker: a thread that, every interval, pings the canary connection,
// runs the registered per-connection probes (under mu_, so a probe removed by
// removeProbe() never runs again), publishes "unhealthy <tenant>" on the Kafka
// producer it shares with the ReceiptPublisher, and posts a reconnect task to
// the worker pool. A probe that fails with std::system_error (broken socket)
// counts as unhealthy; any other exception ends the thread (std::terminate).
// stop() joins the thread, then closes the canary if it is open.
// Bug #healthpost (use-after-close): Gateway::stop() shuts the worker pool
// down before it stops this checker (SAME line in gateway.cpp). While
// workers_->shutdown() waits for the in-flight deliveries, a health tick that
// finds an unhealthy tenant posts to the shut pool: post() throws, the
// exception leaves the thread and std::terminate() kills the gateway in the
// middle of its shutdown.
// Bug (double-close) in the destructor: stop() has already closed the canary
// (Gateway::stop() calls health_->stop(), and the destructor calls it too);
// ProviderConnection::close() is not idempotent, so the second close throws
// std::logic_error out of a destructor: std::terminate().
// Correct: the canary ping and the producer send run on this thread, which stop()
// joins before it closes the canary, and Gateway::stop() joins (health_->stop())
// before it closes the producer.
#include "pushgw/health_checker.h"

#include <cstdio>
#include <set>
#include <system_error>
#include <utility>

namespace pushgw {

HealthChecker::HealthChecker(WorkerPool &pool,
                             std::shared_ptr<kafka::KafkaProducer> producer,
                             std::string topic, std::chrono::milliseconds interval)
    : pool_(pool), producer_(std::move(producer)), topic_(std::move(topic)),
      interval_(interval) {}

HealthChecker::~HealthChecker() {
  stop();
  if (canary_)
    canary_->close(); // BUG: double-close
}

void HealthChecker::setCanary(std::unique_ptr<ProviderConnection> canary) {
  std::lock_guard<std::mutex> lk(mu_);
  canary_ = std::move(canary);
}

void HealthChecker::setReconnect(std::function<void(const std::string &)> reconnect) {
  std::lock_guard<std::mutex> lk(mu_);
  reconnect_ = std::move(reconnect);
}

void HealthChecker::addProbe(std::uint64_t connectionId, std::string tenant,
                             Probe probe) {
  std::lock_guard<std::mutex> lk(mu_);
  probes_[connectionId] = Entry{std::move(tenant), std::move(probe)};
}

void HealthChecker::removeProbe(std::uint64_t connectionId) {
  std::lock_guard<std::mutex> lk(mu_);
  probes_.erase(connectionId);
}

void HealthChecker::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (running_)
    return;
  running_ = true;
  thread_ = std::thread([this] { run(); });
}

void HealthChecker::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (!running_)
      return;
    running_ = false;
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
  if (canary_ && canary_->isOpen())
    canary_->close();
}

void HealthChecker::run() {
  std::unique_lock<std::mutex> lk(mu_);
  while (running_) {
    cv_.wait_for(lk, interval_, [this] { return !running_; });
    if (!running_)
      break;
    if (canary_ && canary_->isOpen() && !canary_->ping()) // OK: stop() joins this thread before it closes the canary
      std::fprintf(stderr, "health: canary connection does not answer\n");
    std::set<std::string> unhealthy;
    for (auto &[id, entry] : probes_) {
      bool ok = false;
      try {
        ok = entry.check();
      } catch (const std::system_error &) {
        ok = false; // broken socket: the tenant needs a reconnect
      }
      if (!ok)
        unhealthy.insert(entry.tenant);
    }
    for (const std::string &tenant : unhealthy) {
      producer_->send(kafka::ProducerRecord{topic_, "unhealthy " + tenant}); // OK: Gateway::stop() joins this thread before it closes the producer
      pool_.post([reconnect = reconnect_, tenant] { reconnect(tenant); }); // BUG: use-after-close #healthpost
    }
  }
}

} // namespace pushgw
