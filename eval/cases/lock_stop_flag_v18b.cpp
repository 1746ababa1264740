// Outbound forwarding for a chat backend. An Outbox delivers messages to a
// downstream service; forwarders push into it from their worker threads and
// close it in stop(). HeartbeatForwarder checks its stopping_ flag and
// publishes while holding the mutex under which stop() sets the flag and
// closes the outbox, so it never publishes on a closed outbox.
// BatchForwarder checks the flag under the lock but publishes after releasing
// it, so stop() can close the outbox in between.
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

// Outbox: publish() throws std::runtime_error once closed; close() is
// idempotent. Internally synchronized.
class Outbox {
public:
  explicit Outbox(std::string name) : name_(std::move(name)) {}
  void publish(const std::string &msg) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("outbox " + name_ + " is closed");
    delivered_.push_back(msg);
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
  }
  bool closed() const {
    std::lock_guard<std::mutex> lock(mu_);
    return closed_;
  }

private:
  std::string name_;
  mutable std::mutex mu_;
  std::vector<std::string> delivered_;
  bool closed_ = false;
};

class HeartbeatForwarder {
public:
  explicit HeartbeatForwarder(Outbox &out) : out_(out) {}
  void start() { worker_ = std::thread([this] { run(); }); }
  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stopping_ = true;
      out_.close(); // OK: the worker publishes only under mu_ after checking stopping_
    }
    cv_.notify_all();
    worker_.join();
  }

private:
  void run() {
    std::unique_lock<std::mutex> lock(mu_);
    for (long seq = 0;; ++seq) {
      cv_.wait_for(lock, std::chrono::milliseconds(10), [this] { return stopping_; });
      if (!stopping_)
        out_.publish("heartbeat " + std::to_string(seq)); // OK: flag checked under the closer's lock
      else
        return;
    }
  }

  Outbox &out_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  std::thread worker_;
};

class BatchForwarder {
public:
  explicit BatchForwarder(Outbox &out) : out_(out) {}
  void start() { worker_ = std::thread([this] { run(); }); }
  void enqueue(std::string msg) {
    std::lock_guard<std::mutex> lock(mu_);
    pending_.push_back(std::move(msg));
    cv_.notify_one();
  }
  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stopping_ = true;
      out_.close(); // SAME: batchpub
    }
    cv_.notify_all();
    worker_.join();
  }

private:
  void run() {
    for (;;) {
      std::string batch;
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [this] { return stopping_ || !pending_.empty(); });
        if (stopping_)
          return;
        while (!pending_.empty()) {
          batch += pending_.front() + "\n";
          pending_.pop_front();
        }
      }
      out_.publish(batch); // BUG: use-after-close #batchpub
    }
  }

  Outbox &out_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> pending_;
  bool stopping_ = false;
  std::thread worker_;
};

// Single-threaded replay: publishes until the source runs dry, then closes.
static void replayBacklog(Outbox &out, std::deque<std::string> &backlog) {
  while (!out.closed()) {
    if (backlog.empty()) {
      out.close();
      continue;
    }
    out.publish(backlog.front()); // OK: the loop condition re-checks closed()
    backlog.pop_front();
  }
}

int main() {
  Outbox presence("presence"), chat("chat"), replay("replay");
  HeartbeatForwarder hb(presence);
  BatchForwarder batches(chat);
  hb.start();
  batches.start();
  for (int i = 0; i < 100; ++i)
    batches.enqueue("msg " + std::to_string(i));
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  hb.stop();
  batches.stop();

  std::deque<std::string> backlog = {"old 1", "old 2", "old 3"};
  replayBacklog(replay, backlog);
  return 0;
}
