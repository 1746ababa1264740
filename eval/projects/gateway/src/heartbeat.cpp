// Two pingers with their own connections. Heartbeat's thread tests only the
// atomic running_ before each send, and stop() clears the flag and closes the
// connection before it joins the thread: a ping already past the test is sent
// on the closed connection (bug #hb: the send in the thread, the close in
// stop() is its same-marked line). KeepAlive's stop() joins its thread first and
// closes afterwards (quiet lines: the thread's send and the close).
#include "gateway/heartbeat.h"

namespace gateway {

Heartbeat::Heartbeat(const std::string &endpoint, std::chrono::milliseconds every)
    : conn_(endpoint), every_(every) {}

Heartbeat::~Heartbeat() {
  if (thread_.joinable())
    stop();
}

void Heartbeat::start() {
  running_ = true;
  thread_ = std::thread([this] {
    while (running_.load()) {
      conn_.send("PING"); // BUG: use-after-close #hb
      std::this_thread::sleep_for(every_);
    }
  });
}

void Heartbeat::stop() {
  running_ = false;
  conn_.close(); // SAME: hb
  if (thread_.joinable())
    thread_.join();
}

KeepAlive::KeepAlive(const std::string &endpoint, std::chrono::milliseconds every)
    : conn_(endpoint), every_(every) {}

KeepAlive::~KeepAlive() { stop(); }

void KeepAlive::start() {
  thread_ = std::thread([this] {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!wake_.wait_for(lock, every_, [this] { return stopping_; })) {
      conn_.send("KEEPALIVE"); // OK: stop() joins this thread before it closes
    }
  });
}

void KeepAlive::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable())
    thread_.join();
  conn_.close(); // OK: after the join; close() is idempotent
}

} // namespace gateway
