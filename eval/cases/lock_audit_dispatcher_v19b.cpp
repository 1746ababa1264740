// Audit-event dispatcher of an API gateway: request threads call emit() or
// emitUrgent(); a flusher thread batches events to the AuditSink. stop() sets
// stopping_ and closes the sink while holding mu_.
// Negative case: every sink_ use checks stopping_ under mu_, the same mutex
// stop() holds while it sets stopping_ and closes the sink, so no send can run
// after (or concurrently with) the close, and the close itself runs once.
#include <chrono>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

// AuditSink: forwards events to the audit store. send() throws
// std::runtime_error once closed; close() twice throws std::logic_error.
// Not thread-safe by itself: callers serialize access.
class AuditSink {
public:
  explicit AuditSink(std::string target) : target_(std::move(target)) {}
  void send(const std::string &event) {
    if (closed_)
      throw std::runtime_error("audit sink " + target_ + " is closed");
    ++sent_;
  }
  void close() {
    if (closed_)
      throw std::logic_error("audit sink closed twice");
    closed_ = true;
  }

private:
  std::string target_;
  bool closed_ = false;
  std::size_t sent_ = 0;
};

class AuditDispatcher {
public:
  explicit AuditDispatcher(std::string target) : sink_(std::move(target)) {}
  ~AuditDispatcher() { stop(); }
  void start();
  void emit(const std::string &event);
  void emitUrgent(const std::string &event);
  void stop();

private:
  static constexpr std::size_t kBatch = 64;
  void flushLoop();

  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  std::vector<std::string> pending_;
  AuditSink sink_;
  std::thread flusher_;
};

void AuditDispatcher::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopping_ || flusher_.joinable())
    return;
  flusher_ = std::thread([this] { flushLoop(); });
}

void AuditDispatcher::emit(const std::string &event) {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopping_)
    return;
  pending_.push_back(event);
  if (pending_.size() >= kBatch)
    cv_.notify_one();
}

void AuditDispatcher::emitUrgent(const std::string &event) {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopping_) {
    std::cerr << "audit: dropped urgent event after stop: " << event << '\n';
    return;
  }
  sink_.send(event); // OK: stopping_ checked under mu_, which stop() holds to close
}

void AuditDispatcher::flushLoop() {
  std::unique_lock<std::mutex> lk(mu_);
  for (;;) {
    cv_.wait_for(lk, std::chrono::milliseconds(250),
                 [this] { return stopping_ || pending_.size() >= kBatch; });
    if (stopping_)
      return;
    for (const std::string &event : pending_)
      sink_.send(event); // OK: stopping_ re-checked under mu_ after every wait
    pending_.clear();
  }
}

void AuditDispatcher::stop() {
  std::thread flusher;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_)
      return;
    stopping_ = true;
    for (const std::string &event : pending_)
      sink_.send(event); // still open, mu_ held
    pending_.clear();
    sink_.close(); // OK: runs once, the flag is set under the same lock
    flusher = std::move(flusher_);
  }
  cv_.notify_all();
  if (flusher.joinable())
    flusher.join();
}

int main() {
  AuditDispatcher audit("audit-store.internal:9400");
  audit.start();
  std::vector<std::thread> requests;
  for (int i = 0; i < 4; ++i)
    requests.emplace_back([&audit, i] {
      for (int n = 0; n < 100; ++n)
        audit.emit("req " + std::to_string(i) + "/" + std::to_string(n));
      audit.emitUrgent("auth failure from worker " + std::to_string(i));
    });
  audit.stop();
  for (std::thread &t : requests)
    t.join();
  return 0;
}
