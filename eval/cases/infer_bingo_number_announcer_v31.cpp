// Bingo hall: the caller's console draws numbers and hands the announcing
// work to a small worker pool the hall wrote itself (jobs are queued and run
// on the pool's threads; drain() waits until every posted job has run). The
// online players' feed is a Kafka producer the console closes at the end of
// a game. The hall's light board refuses a second close(), so callers check.
#include "messaging.h"
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace bingo {

class WorkerPool {
public:
  explicit WorkerPool(unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      workers_.emplace_back([this] { loop(); });
  }
  ~WorkerPool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (std::thread &t : workers_)
      t.join();
  }
  void post(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      jobs_.push_back(std::move(job));
      ++inFlight_;
    }
    wake_.notify_one();
  }
  void drain() {
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [this] { return inFlight_ == 0; });
  }
private:
  void loop() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [this] { return stop_ || !jobs_.empty(); });
        if (jobs_.empty())
          return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
      {
        std::lock_guard<std::mutex> lock(mutex_);
        --inFlight_;
      }
      idle_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> workers_;
  int inFlight_ = 0;
  bool stop_ = false;
};

class LightBoard {
public:
  void light(int number) {
    if (closed_)
      throw std::runtime_error("light board closed");
    lit_.push_back(number);
  }
  void close() {
    if (closed_)
      throw std::logic_error("light board already closed");
    closed_ = true;
  }
  bool closed() const { return closed_; }
private:
  std::vector<int> lit_;
  bool closed_ = false;
};

void callGame(WorkerPool &pool, kafka::KafkaProducer &online, LightBoard &board,
              const std::vector<int> &draws) {
  for (int n : draws) {
    board.light(n);
    pool.post([&online, n] {
      online.send({"bingo.calls", std::to_string(n)}); // OK: drained before the close below
    });
  }
  pool.drain();
  online.close(); // OK
  board.close();
}

void houseCalled(WorkerPool &pool, kafka::KafkaProducer &online, const std::string &winner) {
  pool.post([&online, winner] {
    online.send({"bingo.winner", winner}); // BUG: use-after-close #bingo-house
  });
  online.close(); // SAME: bingo-house
  pool.drain();
}

void endOfSession(LightBoard &board) {
  if (!board.closed())
    board.close(); // OK: the board throws on a second close, so it is checked
}

} // namespace bingo
