// The S3-like gateway: routes object requests to the storage backends, spools
// multipart uploads, replicates, publishes notifications and logs accesses.
//
// start() connects the backends and the replica and starts the background
// work; stop() shuts everything down (idempotent; the destructor calls it).
// Request methods throw std::runtime_error when the gateway is not running.
// Request methods may be called from several threads; stop() must not run
// concurrently with them (main() calls it once its request loop has ended).
#pragma once
#include "objgw/AccessLog.h"
#include "objgw/BackendPool.h"
#include "objgw/Config.h"
#include "objgw/HealthChecker.h"
#include "objgw/LifecycleHooks.h"
#include "objgw/NotificationPublisher.h"
#include "objgw/PartAssembler.h"
#include "objgw/TaskTimer.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace objgw {

class BackendConnection;
class Metrics;
class ReplicationWorker;
class UploadSession;

class Gateway {
public:
  explicit Gateway(Config cfg);
  ~Gateway();
  Gateway(const Gateway &) = delete;
  Gateway &operator=(const Gateway &) = delete;

  // Counters go to `metrics`; its reporter forwards snapshots to the access log.
  void attach(Metrics &metrics);

  void start();
  void stop();
  bool running() const;

  void putObject(const std::string &key, const std::string &data);
  std::optional<std::string> getObject(const std::string &key);
  bool deleteObject(const std::string &key);

  std::string initUpload(const std::string &key);
  void uploadPart(const std::string &id, int part, const std::string &data);
  void sealPart(const std::string &id, int part);
  std::string completeUpload(const std::string &id);
  void abortUpload(const std::string &id);

  void recycleBackend(const std::string &name);
  void reopenBackend(const std::string &name);
  void pauseReplication();
  void rotateLogs();

private:
  void requireRunning() const;
  void registerHooks();
  std::string placement(const std::string &key) const;
  std::shared_ptr<BackendConnection> connectionFor(const std::string &name);
  UploadSession &sessionLocked(const std::string &id);
  bool dropSession(const std::string &id);
  void expireUpload(const std::string &id);
  std::string newUploadId();

  Config cfg_;
  BackendPool pool_;
  AccessLog accessLog_;
  LifecycleHooks hooks_;
  NotificationPublisher publisher_;
  TaskTimer timer_;
  HealthChecker health_;
  PartAssembler assembler_;
  std::shared_ptr<BackendConnection> replica_;
  std::unique_ptr<ReplicationWorker> replication_;
  Metrics *metrics_ = nullptr;

  mutable std::mutex stateMu_;
  bool running_ = false;
  std::mutex opsMu_; // serializes every use of the pool's connections
  std::mutex sessionsMu_;
  std::map<std::string, std::unique_ptr<UploadSession>> sessions_;
  unsigned long uploadSeq_ = 0;
};

} // namespace objgw
