// CDN edge cache purge fan-out. Each EdgeNode owns a PurgeChannel to its POP
// through a shared_ptr; the PurgeCoordinator keeps only weak_ptr references so
// that decommissioned nodes disappear on their own, and a health checker holds
// a shared_ptr copy for its probe callback.
// PurgeChannel semantics: send() throws std::runtime_error once closed;
// close() is idempotent.
// Negative case: every send after a possible close either goes through a
// weak_ptr::lock() plus isClosed() check, or goes to a channel that replaced
// the closed one; the probe callback checks isClosed() and runs on the same
// thread as the close.
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace cdn {

class PurgeChannel {
public:
  explicit PurgeChannel(std::string pop) : pop_(std::move(pop)) {}
  void send(const std::string &pattern) {
    if (closed_)
      throw std::runtime_error("purge channel to " + pop_ + " is closed");
    sent_.push_back(pattern);
  }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }
  const std::string &pop() const { return pop_; }

private:
  std::string pop_;
  std::vector<std::string> sent_;
  bool closed_ = false;
};

class EdgeNode {
public:
  explicit EdgeNode(const std::string &pop) : channel_(std::make_shared<PurgeChannel>(pop)) {}
  ~EdgeNode() { channel_->close(); }

  std::shared_ptr<PurgeChannel> channel() const { return channel_; }

  // Re-handshake with the POP after a TLS key rotation.
  void rekey() {
    channel_->close();
    channel_ = std::make_shared<PurgeChannel>(channel_->pop());
    channel_->send("HELLO"); // OK: sends on the new channel
  }

private:
  std::shared_ptr<PurgeChannel> channel_;
};

class PurgeCoordinator {
public:
  void track(const std::shared_ptr<PurgeChannel> &ch) { channels_[ch->pop()] = ch; }

  int purge(const std::string &pattern) {
    int delivered = 0;
    for (auto it = channels_.begin(); it != channels_.end();) {
      std::shared_ptr<PurgeChannel> ch = it->second.lock();
      if (!ch || ch->isClosed()) {
        it = channels_.erase(it);
        continue;
      }
      ch->send(pattern); // OK: locked and checked isClosed()
      ++delivered;
      ++it;
    }
    return delivered;
  }

private:
  std::map<std::string, std::weak_ptr<PurgeChannel>> channels_;
};

class HealthChecker {
public:
  void watch(std::shared_ptr<PurgeChannel> ch) {
    probes_.push_back([ch] {
      if (ch->isClosed())
        return false;
      ch->send("PROBE"); // OK: isClosed() checked just before, same thread
      return true;
    });
  }
  int runProbes() {
    int healthy = 0;
    for (auto &p : probes_)
      healthy += p() ? 1 : 0;
    return healthy;
  }

private:
  std::vector<std::function<bool()>> probes_;
};

} // namespace cdn

int purgeAfterDeploy() {
  cdn::PurgeCoordinator coordinator;
  cdn::HealthChecker health;
  auto fra = std::make_unique<cdn::EdgeNode>("fra1");
  auto sin = std::make_unique<cdn::EdgeNode>("sin2");
  coordinator.track(fra->channel());
  coordinator.track(sin->channel());
  health.watch(sin->channel());

  coordinator.purge("/assets/app.*.js");
  sin.reset();
  coordinator.purge("/index.html"); // OK: skips the closed sin2 channel
  health.runProbes(); // OK: the probe sees sin2 closed and skips it

  fra->rekey();
  coordinator.track(fra->channel());
  return coordinator.purge("/api/*"); // OK: only the rekeyed fra1 channel is live
}
