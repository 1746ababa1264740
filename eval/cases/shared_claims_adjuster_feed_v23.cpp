// Insurance claims: claim intake forwards assessed claims to the adjusters'
// gateway over one GatewayLink shared (shared_ptr copies) by the intake,
// deferred callbacks queued on a Dispatcher, and a heartbeat thread.
// GatewayLink is thread-safe; send()/flush() throw std::runtime_error once
// close() was called; close() itself is idempotent.  Defects: end-of-day closes the gateway while the
// heartbeat thread is still sending, and before the deferred senior-adjuster
// callbacks have been drained.
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace claims {

class GatewayLink {
public:
  explicit GatewayLink(std::string endpoint) : endpoint_(std::move(endpoint)) {}
  void send(const std::string &msg) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      throw std::runtime_error("gateway closed: " + endpoint_);
    outbox_.push_back(msg);
  }
  void flush() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      throw std::runtime_error("gateway closed: cannot flush " + endpoint_);
    outbox_.clear();
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    closed_ = true;
    outbox_.clear();
  }

private:
  std::string endpoint_;
  std::mutex mu_;
  std::vector<std::string> outbox_;
  bool closed_ = false;
};

struct Claim {
  std::string id;
  std::string policy;
  double amount;
};

class Dispatcher {
public:
  void later(std::function<void()> fn) {
    std::lock_guard<std::mutex> lk(mu_);
    pending_.push_back(std::move(fn));
  }
  void drain() {
    std::vector<std::function<void()>> batch;
    {
      std::lock_guard<std::mutex> lk(mu_);
      batch.swap(pending_);
    }
    for (auto &fn : batch)
      fn();
  }

private:
  std::mutex mu_;
  std::vector<std::function<void()>> pending_;
};

class ClaimIntake {
public:
  ClaimIntake(std::shared_ptr<GatewayLink> gateway, Dispatcher &d)
      : gateway_(std::move(gateway)), dispatcher_(d) {}

  void submit(const Claim &c) {
    if (c.amount > 25000.0) {
      // Large claims go to a senior adjuster once the fraud batch has run.
      auto gw = gateway_;
      dispatcher_.later([gw, c] {
        gw->send("SENIOR " + c.id + " " + c.policy); // SAME: deferred_senior
      });
      return;
    }
    gateway_->send("ROUTINE " + c.id);
  }

  void endOfDay() {
    gateway_->flush();
    gateway_->close(); // SAME: hb_race
  }

private:
  std::shared_ptr<GatewayLink> gateway_;
  Dispatcher &dispatcher_;
};

class Heartbeat {
public:
  explicit Heartbeat(std::shared_ptr<GatewayLink> conn) : conn_(std::move(conn)) {}
  ~Heartbeat() { stop(); }

  void start() {
    running_ = true;
    worker_ = std::thread([this] {
      while (running_) {
        conn_->send("PING"); // BUG: use-after-close #hb_race
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
      }
    });
  }
  void stop() {
    running_ = false;
    if (worker_.joinable())
      worker_.join();
  }

private:
  std::shared_ptr<GatewayLink> conn_;
  std::atomic<bool> running_{false};
  std::thread worker_;
};

} // namespace claims

int main() {
  auto audit = std::make_shared<claims::GatewayLink>("audit.claims.internal:7410");
  claims::Heartbeat auditHb(audit);
  auditHb.start();
  audit->send("OPEN-DAY");
  auditHb.stop();
  audit->close(); // OK: the heartbeat was joined before the close

  auto gateway = std::make_shared<claims::GatewayLink>("adjusters.claims.internal:7400");
  claims::Dispatcher dispatcher;
  claims::ClaimIntake intake(gateway, dispatcher);
  claims::Heartbeat hb(gateway);
  hb.start();

  intake.submit({"CL-88120", "HOME-55102", 3200.0});
  intake.submit({"CL-88121", "AUTO-10933", 41000.0});
  dispatcher.drain(); // OK: the gateway is still open
  intake.submit({"CL-88122", "HOME-55877", 76000.0});

  intake.endOfDay();
  dispatcher.drain(); // BUG: use-after-close #deferred_senior
  hb.stop();
  return 0;
}
