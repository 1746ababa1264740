// A metrics pusher's thread checks an atomic `stopping_` flag and sends;
// shutdown() sets the flag and closes the channel with no lock and before
// joining the thread. The thread may have passed the check already when the
// close runs (bug). shutdownJoined() sets the flag, joins the thread and only
// then closes, so no send can follow the close (correct).
#include "messaging.h"

#include <atomic>
#include <chrono>
#include <thread>

class MetricsPusher {
public:
  explicit MetricsPusher(EventChannel &channel) : channel_(channel) {
    thread_ = std::thread([this] { loop(); });
  }

  void shutdown() {
    stopping_ = true;
    channel_.close(); // SAME: push
    thread_.join();
  }

private:
  void loop() {
    while (!stopping_) {
      channel_.send("cpu=0.42"); // BUG: use-after-close #push
      std::this_thread::sleep_for(std::chrono::seconds(1));
    }
  }

  EventChannel &channel_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

class JoinedPusher {
public:
  explicit JoinedPusher(EventChannel &channel) : channel_(channel) {
    thread_ = std::thread([this] { loop(); });
  }

  void shutdownJoined() {
    stopping_ = true;
    thread_.join();
    channel_.close(); // OK
  }

private:
  void loop() {
    while (!stopping_) {
      channel_.send("mem=0.77"); // OK
      std::this_thread::sleep_for(std::chrono::seconds(1));
    }
  }

  EventChannel &channel_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};
