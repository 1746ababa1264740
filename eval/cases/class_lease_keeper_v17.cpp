// Distributed-lock lease keeper. LeaseChannel is the connection to the lock
// service; LeaseKeeper renews the lease from a background thread, can fail
// over to another endpoint, and releases the lease on shutdown.
// LeaseChannel semantics (implemented below): renew() throws
// std::runtime_error once the channel is closed; close() is idempotent;
// reopen() makes a closed channel usable again against a new endpoint.
// This file is correct: every use of the channel happens under mu_, and every
// close()/reopen() happens under mu_ as well, so no thread can renew a closed
// channel; release() joins the renew thread before the final close(), and the
// second close() in the destructor is harmless because close() is idempotent.
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

class LeaseChannel {
public:
  explicit LeaseChannel(std::string endpoint) : endpoint_(std::move(endpoint)) {}

  long renew(const std::string &leaseId) {
    if (closed_)
      throw std::runtime_error("lease channel to " + endpoint_ + " closed: " + leaseId);
    return ++epoch_;
  }

  void close() {
    if (closed_)
      return;
    closed_ = true;
  }

  void reopen(std::string endpoint) {
    endpoint_ = std::move(endpoint);
    closed_ = false;
  }

  bool isClosed() const { return closed_; }

private:
  std::string endpoint_;
  long epoch_ = 0;
  bool closed_ = false;
};

class LeaseKeeper {
public:
  LeaseKeeper(std::string endpoint, std::string leaseId)
      : channel_(std::move(endpoint)), leaseId_(std::move(leaseId)) {}

  ~LeaseKeeper() {
    release();
    channel_.close(); // OK: idempotent, and the renew thread is already joined
  }

  void start(std::chrono::milliseconds interval) {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = false;
    renewer_ = std::thread([this, interval] { renewLoop(interval); });
  }

  // Called by the API thread; safe against failover() and release().
  bool renewNow() {
    std::lock_guard<std::mutex> lock(mu_);
    if (channel_.isClosed())
      return false;
    epoch_ = channel_.renew(leaseId_); // OK: checked under the same mutex that guards close()
    return true;
  }

  void failover(const std::string &endpoint) {
    std::lock_guard<std::mutex> lock(mu_);
    channel_.close();
    channel_.reopen(endpoint);
    epoch_ = channel_.renew(leaseId_); // OK: reopened on the line above
  }

  void release() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stopping_ = true;
    }
    wake_.notify_all();
    if (renewer_.joinable())
      renewer_.join();
    std::lock_guard<std::mutex> lock(mu_);
    channel_.close(); // OK: the renew thread has been joined
  }

  long epoch() const {
    std::lock_guard<std::mutex> lock(mu_);
    return epoch_;
  }

private:
  void renewLoop(std::chrono::milliseconds interval) {
    std::unique_lock<std::mutex> lock(mu_);
    while (!stopping_) {
      wake_.wait_for(lock, interval, [this] { return stopping_; });
      if (stopping_)
        break;
      if (!channel_.isClosed())
        epoch_ = channel_.renew(leaseId_); // OK: guarded while holding mu_
    }
  }

  mutable std::mutex mu_;
  std::condition_variable wake_;
  LeaseChannel channel_;
  std::string leaseId_;
  long epoch_ = 0;
  bool stopping_ = false;
  std::thread renewer_;
};

int main() {
  LeaseKeeper keeper("lock-a.internal:7400", "jobs/leader");
  keeper.start(std::chrono::milliseconds(100));
  keeper.renewNow();
  keeper.failover("lock-b.internal:7400");
  std::this_thread::sleep_for(std::chrono::milliseconds(250));
  keeper.release();
  keeper.renewNow(); // OK: returns false, the channel is closed and checked
  return 0;
}
