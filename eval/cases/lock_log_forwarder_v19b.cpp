// Log forwarder of a sidecar: a worker thread pops lines from a BlockingQueue
// and sends them to the aggregator over an UplinkStream. stop() sets stopping_
// and closes the uplink under mu_. heartbeat() sends under mu_ and is correct;
// the worker reads stopping_ under mu_ but sends after releasing it, so stop()
// can close the uplink between the check and the send.
#include <condition_variable>
#include <deque>
#include <iostream>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

// BlockingQueue: push() returns false once closed; pop() keeps returning the
// queued items after close() and returns false when closed and empty.
// close() is idempotent. Thread-safe.
class BlockingQueue {
public:
  bool push(std::string item) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return false;
    items_.push_back(std::move(item));
    cv_.notify_one();
    return true;
  }
  bool pop(std::string &out) {
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait(lk, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return false;
    out = std::move(items_.front());
    items_.pop_front();
    return true;
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    closed_ = true;
    cv_.notify_all();
  }

private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> items_;
  bool closed_ = false;
};

// UplinkStream: send() throws std::runtime_error once closed; close() twice
// throws std::logic_error. Not thread-safe: callers serialize.
class UplinkStream {
public:
  explicit UplinkStream(std::string addr) : addr_(std::move(addr)) {}
  void send(const std::string &line) {
    if (closed_)
      throw std::runtime_error("uplink " + addr_ + " closed");
    bytes_ += line.size();
  }
  void close() {
    if (closed_)
      throw std::logic_error("uplink closed twice");
    closed_ = true;
  }

private:
  std::string addr_;
  bool closed_ = false;
  std::size_t bytes_ = 0;
};

class LogForwarder {
public:
  explicit LogForwarder(std::string addr) : uplink_(std::move(addr)) {}
  void start();
  void submit(std::string line) { queue_.push(std::move(line)); }
  void heartbeat();
  void stop();

private:
  std::mutex mu_;
  bool stopping_ = false;
  BlockingQueue queue_;
  UplinkStream uplink_;
  std::thread worker_;
};

void LogForwarder::start() {
  worker_ = std::thread([this] {
    std::string line;
    while (queue_.pop(line)) { // OK: pop() drains a closed queue by design
      bool stop;
      {
        std::lock_guard<std::mutex> lk(mu_);
        stop = stopping_;
      }
      if (stop)
        break;
      uplink_.send(line); // BUG: use-after-close #fwdrace
    }
  });
}

void LogForwarder::heartbeat() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopping_)
    return;
  uplink_.send("-- heartbeat --"); // OK: checked and sent under mu_
}

void LogForwarder::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_)
      return;
    stopping_ = true;
    uplink_.close(); // SAME: fwdrace
  }
  queue_.close();
  if (worker_.joinable())
    worker_.join();
}

int main() {
  LogForwarder fwd("logs-agg.internal:24224");
  fwd.start();
  for (int i = 0; i < 1000; ++i)
    fwd.submit("GET /healthz 204 " + std::to_string(i));
  fwd.heartbeat();
  fwd.stop();
  fwd.stop(); // OK: returns early once stopping_ is set
  return 0;
}
