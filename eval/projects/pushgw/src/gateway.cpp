// Gateway: builds the components, wires them (the spool submits to submit(),
// the health checker's reconnects go to the router), starts them, and stops
// them in stop(), which the destructor also calls. stop() is idempotent: the
// state moves Created/Running -> Stopping -> Stopped under stateMu_.
// The Kafka producer is shared by the ReceiptPublisher and the HealthChecker;
// the gateway owns its lifecycle and closes it last.
// Partner line of #healthpost: the pool is shut down while the health thread still runs
// (health_->stop() comes two lines later) and may post a reconnect to it
// (BUG line in health_checker.cpp).
// (retry_->stop() before workers_->shutdown() is the other ordering mistake of
// stop(): BUG #retryclose, in retry_scheduler.cpp.)
// Correct: submit() posts only while state_ is Running, checked under stateMu_,
// and stop() moves the state to Stopping under stateMu_ before it shuts the
// pool down; the destructor's stop() returns at once after an explicit stop().
#include "pushgw/gateway.h"

#include <cerrno>
#include <stdexcept>
#include <system_error>
#include <utility>

namespace pushgw {

Gateway::Gateway(GatewayConfig cfg) : cfg_(std::move(cfg)) {
  producer_ = std::shared_ptr<kafka::KafkaProducer>(kafka::createProducer(cfg_.brokers));
  log_ = std::make_unique<DeliveryLog>(cfg_.logPath, cfg_.logMaxBytes);
  workers_ = std::make_unique<WorkerPool>("deliver", cfg_.workers);
  receipts_ = std::make_unique<ReceiptPublisher>(producer_, cfg_.receiptTopic);
  health_ = std::make_unique<HealthChecker>(*workers_, producer_, cfg_.healthTopic,
                                            cfg_.healthInterval);
  factory_ = std::make_unique<ConnectionFactory>(*health_);
  router_ = std::make_unique<Router>(*factory_, *health_, *receipts_, *log_);
  retry_ = std::make_unique<RetryScheduler>(*workers_, *router_, *receipts_,
                                            cfg_.maxAttempts, cfg_.retryDelay);
  reloader_ = std::make_unique<CredentialReloader>(*router_, *factory_, *health_);
  spool_ = std::make_unique<SpoolReader>(
      cfg_.spoolDir, [this](const Notification &n) { return submit(n); },
      cfg_.spoolInterval);
  health_->setReconnect([this](const std::string &tenant) { router_->reconnect(tenant); });
}

Gateway::~Gateway() {
  stop(); // OK: returns at once when the gateway was already stopped
}

void Gateway::start() {
  std::lock_guard<std::mutex> lk(stateMu_);
  if (state_ != State::Created)
    throw std::logic_error("Gateway::start: the gateway was already started");
  if (!log_->open())
    throw std::system_error(errno, std::generic_category(),
                            "open delivery log " + cfg_.logPath);
  CredentialStore store;
  if (!store.load(cfg_.credentialsPath))
    throw std::system_error(errno, std::generic_category(),
                            "open credentials " + cfg_.credentialsPath);
  if (cfg_.canary) {
    auto canary = std::make_unique<ProviderConnection>(cfg_.canaryTenant,
                                                       *cfg_.canary, cfg_.canaryKey);
    canary->open();
    health_->setCanary(std::move(canary));
  }
  for (const auto &[tenant, creds] : store.all())
    reloader_->reloadTenant(creds);
  health_->start();
  retry_->start();
  if (!spool_->start())
    throw std::runtime_error("spool " + cfg_.spoolDir +
                             " is locked by another gateway");
  state_ = State::Running;
}

bool Gateway::submit(const Notification &n) {
  std::lock_guard<std::mutex> lk(stateMu_);
  if (state_ != State::Running)
    return false;
  workers_->post([this, n] { // OK: state_ checked under stateMu_; stop() leaves Running under it before shutting the pool
    if (!router_->deliver(n))
      retry_->schedule(n, 1);
  });
  return true;
}

std::size_t Gateway::reloadCredentials() {
  std::lock_guard<std::mutex> reloadLock(reloadMu_);
  {
    std::lock_guard<std::mutex> lk(stateMu_);
    if (state_ != State::Running)
      throw std::logic_error("reload: the gateway is not running");
  }
  CredentialStore store;
  if (!store.load(cfg_.credentialsPath))
    throw std::system_error(errno, std::generic_category(),
                            "open credentials " + cfg_.credentialsPath);
  return reloader_->reloadAll(store);
}

GatewayStats Gateway::stats() const {
  GatewayStats s;
  s.openConnections = router_->openConnections();
  s.pendingTasks = workers_->pending();
  s.malformedFiles = spool_->malformed();
  return s;
}

void Gateway::stop() {
  {
    std::lock_guard<std::mutex> lk(stateMu_);
    if (state_ == State::Stopping || state_ == State::Stopped)
      return;
    state_ = State::Stopping;
  }
  std::lock_guard<std::mutex> reloadLock(reloadMu_); // waits for a reload in progress
  spool_->stop();         // no new files
  retry_->stop();         // closes the retry queue, joins the retry thread
  workers_->shutdown();   // SAME: healthpost
  health_->stop();        // joins the health thread, closes the canary
  router_->shutdown();    // closes every provider connection
  receipts_->close();     // sends the last batch of receipts
  producer_->close();
  log_->close();
  std::lock_guard<std::mutex> lk(stateMu_);
  state_ = State::Stopped;
}

} // namespace pushgw
