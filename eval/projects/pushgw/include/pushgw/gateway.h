// The gateway: owns every component, wires them together, starts them and
// shuts them down in Gateway::stop() (and the destructors).
// The BUG/SAME markers are in src/gateway.cpp.
#pragma once
#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "messaging.h"
#include "pushgw/connection_factory.h"
#include "pushgw/credential_reloader.h"
#include "pushgw/credentials.h"
#include "pushgw/delivery_log.h"
#include "pushgw/health_checker.h"
#include "pushgw/receipt_publisher.h"
#include "pushgw/retry_scheduler.h"
#include "pushgw/router.h"
#include "pushgw/spool_reader.h"
#include "pushgw/worker_pool.h"

namespace pushgw {

struct GatewayConfig {
  std::string spoolDir = "spool";
  std::string credentialsPath = "credentials.conf";
  std::string logPath = "delivery.log";
  std::size_t logMaxBytes = 64u << 20;
  std::string brokers = "localhost:9092";
  std::string receiptTopic = "push.receipts";
  std::string healthTopic = "push.health";
  std::size_t workers = 8;
  int maxAttempts = 5;
  std::chrono::milliseconds retryDelay{500};
  std::chrono::milliseconds healthInterval{5000};
  std::chrono::milliseconds spoolInterval{1000};
  std::optional<Endpoint> canary;
  std::string canaryTenant = "canary";
  std::string canaryKey;
};

struct GatewayStats {
  std::size_t openConnections = 0;
  std::size_t pendingTasks = 0;
  std::size_t malformedFiles = 0;
};

class Gateway {
public:
  explicit Gateway(GatewayConfig cfg);
  ~Gateway();
  Gateway(const Gateway &) = delete;
  Gateway &operator=(const Gateway &) = delete;

  void start();
  /// false when the gateway is not running (the request is not taken).
  bool submit(const Notification &n);
  std::size_t reloadCredentials();
  GatewayStats stats() const;
  /// Idempotent.
  void stop();

private:
  enum class State { Created, Running, Stopping, Stopped };

  GatewayConfig cfg_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::unique_ptr<DeliveryLog> log_;
  std::unique_ptr<WorkerPool> workers_;
  std::unique_ptr<ReceiptPublisher> receipts_;
  std::unique_ptr<HealthChecker> health_;
  std::unique_ptr<ConnectionFactory> factory_;
  std::unique_ptr<Router> router_;
  std::unique_ptr<RetryScheduler> retry_;
  std::unique_ptr<CredentialReloader> reloader_;
  std::unique_ptr<SpoolReader> spool_;

  mutable std::mutex stateMu_;
  State state_ = State::Created;
  std::mutex reloadMu_;
};

} // namespace pushgw
