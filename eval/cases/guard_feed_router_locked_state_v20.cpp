// Market-data feed router: forwards ticks to a replica over a
// repl::ReplicationChannel (send() on a closed channel fails) and records them
// in a std::ofstream. A feeder thread calls onTick() while the main thread
// stops the router. Negative case: every send or write runs under the mutex
// that stop() holds while closing, after a stopped_ check, a LinkState check
// and an is_open() check; stop() closes once; the side channel's local state
// query is taken after its close. No object is used after its close and
// nothing is closed twice.
#include "replication.h"

#include <chrono>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

class FeedRouter {
public:
  FeedRouter(const std::string &peer, const std::string &recordPath);
  void onTick(const std::string &tick);
  void stop();
  explicit operator bool() const;

private:
  mutable std::mutex mu_;
  bool stopped_ = false;
  repl::ReplicationChannel link_;
  std::ofstream record_;
};

FeedRouter::FeedRouter(const std::string &peer, const std::string &recordPath)
    : link_(peer), record_(recordPath, std::ios::app) {}

FeedRouter::operator bool() const {
  std::lock_guard<std::mutex> g(mu_);
  return !stopped_;
}

void FeedRouter::onTick(const std::string &tick) {
  std::lock_guard<std::mutex> g(mu_);
  if (stopped_)
    return;
  if (link_.state() == repl::LinkState::Open)
    link_.send(tick); // OK: stopped_ and state() checked under the mutex stop() holds
  if (record_.is_open())
    record_ << tick << '\n'; // OK: same mutex, stream still open
}

void FeedRouter::stop() {
  std::lock_guard<std::mutex> g(mu_);
  if (stopped_)
    return;
  stopped_ = true;
  if (!link_.IsClosed()) {
    link_.flush();
    link_.close();
  }
  record_.close();
}

void replayBacklog(repl::ReplicationChannel &side, const std::vector<std::string> &backlog) {
  const bool sideOpen = !side.IsClosed() && side.connected();
  for (const std::string &t : backlog) {
    if (sideOpen)
      side.send(t); // OK: nothing closes side between the query and these sends
  }
  side.close();
  const bool stillOpen = !side.IsClosed();
  if (stillOpen)
    side.send("END"); // OK: the query was taken after the close, so this never runs
}

int main() {
  FeedRouter router("md-replica:9000", "/tmp/ticks.rec");
  std::thread feeder([&router] {
    for (int i = 0; router && i < 100000; ++i)
      router.onTick("ESZ5 " + std::to_string(5000 + i % 40)); // OK: onTick() re-checks stopped_ under the lock
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  router.stop();
  router.stop(); // OK: stop() returns when already stopped
  feeder.join();
  router.onTick("ESZ5 5001"); // OK: the router is stopped, onTick() returns
  repl::ReplicationChannel side("md-archive:9001");
  replayBacklog(side, {"ESZ5 4990", "ESZ5 4991"});
  return 0;
}
