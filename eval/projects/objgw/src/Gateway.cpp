// Gateway: wires the components together and serves object requests.
#include "objgw/Gateway.h"

#include "objgw/BackendConnection.h"
#include "objgw/HealthProbe.h"
#include "objgw/Metrics.h"
#include "objgw/ReplicationWorker.h"
#include "objgw/UploadSession.h"

#include <chrono>
#include <functional>
#include <stdexcept>

namespace objgw {

Gateway::Gateway(Config cfg)
    : cfg_(std::move(cfg)), pool_(cfg_.ioTimeoutMs), accessLog_(cfg_.accessLogPath),
      publisher_(cfg_.brokers, cfg_.topic), health_(pool_, hooks_, timer_, opsMu_), assembler_(cfg_.spoolDir) {}

Gateway::~Gateway() {
  stop(); // OK: stop() returns early when the gateway was already stopped
}

void Gateway::attach(Metrics &metrics) {
  metrics_ = &metrics;
  metrics.setSink(&accessLog_);
}

bool Gateway::running() const {
  std::lock_guard<std::mutex> lk(stateMu_);
  return running_;
}

void Gateway::requireRunning() const {
  if (!running())
    throw std::runtime_error("gateway is not running");
}

void Gateway::registerHooks() {
  hooks_.on(HookKind::BackendDown, [this](const HookEvent &ev) {
    accessLog_.write("backend down: " + ev.key);
    if (metrics_)
      metrics_->increment("backend_down");
  });
  hooks_.on(HookKind::ReplicationDone, [this](const HookEvent &) {
    if (metrics_)
      metrics_->increment("replicated");
  });
}

void Gateway::start() {
  std::lock_guard<std::mutex> lk(stateMu_);
  if (running_)
    return;
  for (const BackendSpec &backend : cfg_.backends)
    pool_.add(backend.name, backend.endpoint);
  publisher_.registerHooks(hooks_);
  registerHooks();
  timer_.start();
  if (cfg_.replica) {
    replica_ = BackendConnection::open(*cfg_.replica, cfg_.ioTimeoutMs);
    replication_ = std::make_unique<ReplicationWorker>(replica_, timer_, hooks_, cfg_.replicationRetry);
    replication_->start();
  }
  health_.start(cfg_.healthPeriod);
  timer_.every(cfg_.rotatePeriod, [this] {
    accessLog_.rotate(); // OK: rotate() does nothing on a closed log, and the timer is shut down before the log is closed
  });
  running_ = true;
  accessLog_.write("gateway started with " + std::to_string(cfg_.backends.size()) + " backend(s)");
}

void Gateway::stop() {
  {
    std::lock_guard<std::mutex> lk(stateMu_);
    if (!running_)
      return;
    running_ = false;
  }
  health_.stop();

  // Flush what is queued for Kafka first, then tell subscribers we are going away.
  publisher_.close();
  hooks_.fire(HookKind::Shutdown, HookEvent{"", ""});

  // Unblock the replication thread if it waits on the replica, then stop it.
  if (replica_ && replica_->isOpen())
    replica_->close(); // SAME: replrace
  if (replication_)
    replication_->stop();

  timer_.shutdown();
  {
    std::lock_guard<std::mutex> lk(opsMu_);
    pool_.close(); // OK: health checks are cancelled and the timer is shut down, nothing else uses the pool now
  }
  accessLog_.write("gateway stopped"); // OK: the log is closed only on the next line
  accessLog_.close(); // SAME: metricsrace
}

std::string Gateway::placement(const std::string &key) const {
  const std::size_t slot = std::hash<std::string>{}(key) % cfg_.backends.size();
  return cfg_.backends[slot].name;
}

std::shared_ptr<BackendConnection> Gateway::connectionFor(const std::string &name) {
  std::shared_ptr<BackendConnection> conn = pool_.get(name);
  if (!conn->isOpen())
    conn = pool_.reopen(name);
  return conn;
}

void Gateway::putObject(const std::string &key, const std::string &data) {
  requireRunning();
  {
    std::lock_guard<std::mutex> lk(opsMu_);
    if (!pool_.get(placement(key))->put(key, data)) // BUG: use-after-close
      throw std::runtime_error("backend rejected " + key);
  }
  accessLog_.write("PUT " + key + " " + std::to_string(data.size()));
  if (metrics_)
    metrics_->increment("put");
  hooks_.fire(HookKind::ObjectStored, HookEvent{key, data});
}

std::optional<std::string> Gateway::getObject(const std::string &key) {
  requireRunning();
  std::optional<std::string> value;
  {
    std::lock_guard<std::mutex> lk(opsMu_);
    const std::string name = placement(key);
    std::shared_ptr<BackendConnection> conn = pool_.get(name);
    if (!conn->isOpen()) {
      // Recycled, or closed by a failed health probe: reconnect before reading.
      pool_.reopen(name);
    }
    value = conn->get(key); // BUG: use-after-close
  }
  accessLog_.write("GET " + key + (value ? " hit" : " miss"));
  if (metrics_)
    metrics_->increment(value ? "get_hit" : "get_miss");
  return value;
}

bool Gateway::deleteObject(const std::string &key) {
  requireRunning();
  bool removed = false;
  {
    std::lock_guard<std::mutex> lk(opsMu_);
    removed = connectionFor(placement(key))->remove(key); // OK: connectionFor() replaces a closed connection before it is used
  }
  accessLog_.write("DEL " + key + (removed ? " removed" : " missing"));
  if (removed)
    hooks_.fire(HookKind::ObjectDeleted, HookEvent{key, ""});
  return removed;
}

std::string Gateway::newUploadId() {
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  return "u" + std::to_string(std::chrono::duration_cast<std::chrono::seconds>(now).count()) + "-" +
         std::to_string(++uploadSeq_);
}

UploadSession &Gateway::sessionLocked(const std::string &id) {
  const auto it = sessions_.find(id);
  if (it == sessions_.end())
    throw std::runtime_error("no such upload: " + id);
  return *it->second;
}

std::string Gateway::initUpload(const std::string &key) {
  requireRunning();
  std::string id;
  {
    std::lock_guard<std::mutex> lk(sessionsMu_);
    id = newUploadId();
    sessions_.emplace(id, std::make_unique<UploadSession>(id, key, cfg_.spoolDir));
  }
  timer_.schedule(cfg_.uploadTtl, [this, id] { expireUpload(id); });
  accessLog_.write("MPU " + key + " " + id);
  return id;
}

void Gateway::uploadPart(const std::string &id, int part, const std::string &data) {
  requireRunning();
  std::lock_guard<std::mutex> lk(sessionsMu_);
  sessionLocked(id).appendPart(part, data);
}

void Gateway::sealPart(const std::string &id, int part) {
  requireRunning();
  std::lock_guard<std::mutex> lk(sessionsMu_);
  sessionLocked(id).sealPart(part);
}

std::string Gateway::completeUpload(const std::string &id) {
  requireRunning();
  std::unique_ptr<UploadSession> session;
  {
    std::lock_guard<std::mutex> lk(sessionsMu_);
    const auto it = sessions_.find(id);
    if (it == sessions_.end())
      throw std::runtime_error("no such upload: " + id);
    session = std::move(it->second);
    sessions_.erase(it); // OK: the session was moved out, only the empty slot is destroyed
  }
  session->complete();
  const AssembledObject obj = assembler_.assemble(*session);
  {
    std::lock_guard<std::mutex> lk(opsMu_);
    assembler_.upload(obj, *connectionFor(placement(session->key())), session->key());
  }
  session->removeFiles();
  accessLog_.write("COMPLETE " + session->key() + " " + id + " etag=" + obj.etag);
  publisher_.publish(session->key(), "upload-completed etag=" + obj.etag); // OK: the publisher is closed only by stop(), after which requests are refused
  if (metrics_)
    metrics_->increment("mpu_complete");
  return obj.etag;
}

bool Gateway::dropSession(const std::string &id) {
  const auto it = sessions_.find(id);
  if (it == sessions_.end())
    return false;
  it->second->abort();
  sessions_.erase(it); // BUG: double-close #abortdtor
  return true;
}

void Gateway::abortUpload(const std::string &id) {
  requireRunning();
  std::lock_guard<std::mutex> lk(sessionsMu_);
  if (!dropSession(id))
    throw std::runtime_error("no such upload: " + id);
  accessLog_.write("ABORT " + id);
}

void Gateway::expireUpload(const std::string &id) {
  std::lock_guard<std::mutex> lk(sessionsMu_);
  if (!dropSession(id))
    return; // completed or aborted in time
  accessLog_.write("EXPIRED " + id); // OK: the timer is shut down before the access log is closed
}

void Gateway::recycleBackend(const std::string &name) {
  requireRunning();
  std::lock_guard<std::mutex> lk(opsMu_);
  pool_.recycle(name);
  accessLog_.write("RECYCLE " + name);
  primeConnection(*pool_.get(name)); // BUG: use-after-close #warmup
}

void Gateway::reopenBackend(const std::string &name) {
  requireRunning();
  std::lock_guard<std::mutex> lk(opsMu_);
  const std::shared_ptr<BackendConnection> fresh = pool_.reopen(name);
  primeConnection(*fresh); // OK: reopen() returns the new, open connection
  accessLog_.write("REOPEN " + name);
}

void Gateway::pauseReplication() {
  requireRunning();
  if (!replication_)
    throw std::runtime_error("no replica configured");
  replication_->stop();
  const std::size_t left = replication_->pending(); // OK: size() of a closed queue is still valid
  accessLog_.write("REPLICATION paused, " + std::to_string(left) + " job(s) left");
}

void Gateway::rotateLogs() {
  requireRunning();
  accessLog_.rotate();
}

} // namespace objgw
