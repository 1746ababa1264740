// Backend pool of a TCP proxy. Each Backend owns a connected socket
// descriptor; Backend::send() writes to it and Backend::close() closes it.
// close() does not reset fd_, so a second close() closes the same descriptor
// number again, and send() after close() writes to a stale descriptor. The
// proxy indexes the same shared Backend objects in two containers: byName_
// (for admin and health checks) and rotation_ (round-robin forwarding).
// evict() removes a backend from both containers before closing it;
// retire() closes it and only erases it from byName_.
#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

class Backend {
public:
  Backend(std::string name, int fd) : name_(std::move(name)), fd_(fd) {}
  void send(const std::string &req) { (void)::send(fd_, req.data(), req.size(), MSG_NOSIGNAL); }
  void close() { ::close(fd_); }
  const std::string &name() const { return name_; }

private:
  std::string name_;
  int fd_;
};

class Proxy {
public:
  void add(const std::string &name, int fd);
  void forward(const std::string &req);
  void sendTo(const std::string &name, const std::string &req);
  void retire(const std::string &name);
  void evict(const std::string &name);
  void shutdown();

private:
  std::map<std::string, std::shared_ptr<Backend>> byName_;
  std::vector<std::shared_ptr<Backend>> rotation_;
  size_t next_ = 0;
};

void Proxy::add(const std::string &name, int fd) {
  auto b = std::make_shared<Backend>(name, fd);
  byName_[name] = b;
  rotation_.push_back(b);
}

void Proxy::forward(const std::string &req) {
  if (rotation_.empty())
    return;
  rotation_[next_++ % rotation_.size()]->send(req); // SAME: rerouted
}

void Proxy::sendTo(const std::string &name, const std::string &req) {
  auto it = byName_.find(name);
  if (it != byName_.end())
    it->second->send(req);
}

// Health checker: the backend stopped answering probes.
void Proxy::retire(const std::string &name) {
  auto it = byName_.find(name);
  if (it == byName_.end())
    return;
  it->second->close();
  byName_.erase(it);
}

// Admin API: take a backend out of service.
void Proxy::evict(const std::string &name) {
  auto it = byName_.find(name);
  if (it == byName_.end())
    return;
  std::shared_ptr<Backend> victim = it->second;
  byName_.erase(it);
  rotation_.erase(std::remove(rotation_.begin(), rotation_.end(), victim), rotation_.end());
  victim->close();
}

void Proxy::shutdown() {
  for (auto &b : rotation_)
    b->close(); // SAME: closedtwice
  rotation_.clear();
  byName_.clear();
}

void onProbeFailed(Proxy &proxy, const std::string &name, const std::string &inflight) {
  proxy.retire(name);
  proxy.sendTo(name, inflight); // OK: retire() erased the name, sendTo() finds nothing
  // Re-route the in-flight request to another backend.
  proxy.forward(inflight); // BUG: use-after-close #rerouted
}

void onAdminDrain(Proxy &proxy, const std::string &name, const std::string &inflight) {
  proxy.evict(name);
  proxy.forward(inflight); // OK: evict() removed the backend from the rotation too
}

void stopProxy(Proxy &proxy) {
  proxy.shutdown(); // BUG: double-close #closedtwice
}
