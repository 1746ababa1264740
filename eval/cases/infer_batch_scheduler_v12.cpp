// Export service with its own BatchScheduler (stores std::function jobs and
// runs them on its worker threads) and a Replicator whose apply() and second
// shutdown() throw, while resume() just returns once it is shut down.
// Bugs: exportAll() submits a job that sends on the producer and closes the
// producer before joining the scheduler, so the close races with the send on
// a worker thread; failover() shuts the replicator down on lag and again at
// the end; promote() applies a WAL segment after shutting the replicator
// down. resume() after shutdown() is fine: it returns early.
#include "messaging.h"
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class BatchScheduler {
public:
  explicit BatchScheduler(unsigned N) {
    for (unsigned I = 0; I < N; ++I)
      Workers.emplace_back([this] { loop(); });
  }
  void submit(std::function<void()> Job) {
    std::lock_guard<std::mutex> L(Mu);
    Jobs.push_back(std::move(Job));
    Cv.notify_one();
  }
  void join() {
    {
      std::lock_guard<std::mutex> L(Mu);
      Stopping = true;
    }
    Cv.notify_all();
    for (std::thread &T : Workers)
      T.join();
  }

private:
  void loop() {
    for (;;) {
      std::function<void()> Job;
      {
        std::unique_lock<std::mutex> L(Mu);
        Cv.wait(L, [this] { return Stopping || !Jobs.empty(); });
        if (Jobs.empty())
          return;
        Job = std::move(Jobs.front());
        Jobs.pop_front();
      }
      Job();
    }
  }
  std::mutex Mu;
  std::condition_variable Cv;
  std::deque<std::function<void()>> Jobs;
  bool Stopping = false;
  std::vector<std::thread> Workers;
};

class Replicator {
public:
  void resume() {
    if (ShutDown)
      return;
    Paused = false;
  }
  void pause() { Paused = true; }
  void shutdown() {
    if (ShutDown)
      throw std::logic_error("Replicator::shutdown called twice");
    ShutDown = true;
  }
  void apply(const std::string &Wal) {
    if (ShutDown)
      throw std::logic_error("Replicator::apply after shutdown: " + Wal);
    Applied = Wal;
  }
  long lagMillis() const { return Paused ? 0 : 250; }

private:
  bool Paused = false;
  bool ShutDown = false;
  std::string Applied;
};

void exportAll(const std::vector<std::string> &Rows) {
  kafka::KafkaProducer Producer("kafka-1:9092");
  BatchScheduler Pool(2);
  for (const std::string &Row : Rows)
    Pool.submit([&Producer, Row] {
      Producer.send({"export", Row}); // BUG: use-after-close #race
    });
  Producer.close(); // SAME: race
  Pool.join();
}

void promote(Replicator &R, const std::string &LastWal) {
  R.shutdown();
  R.apply(LastWal); // BUG: use-after-close
}

void failover(Replicator &R, long MaxLag) {
  R.pause();
  R.resume();
  if (R.lagMillis() > MaxLag)
    R.shutdown();
  R.resume(); // OK: resume() returns early once the replicator is shut down
  R.shutdown(); // BUG: double-close
}

int main() {
  exportAll({"a,1", "b,2", "c,3"});
  Replicator R;
  failover(R, 100);
  Replicator Standby;
  promote(Standby, "wal-000042");
  return 0;
}
