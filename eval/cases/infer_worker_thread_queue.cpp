// A Background worker: one std::thread member, started by the constructor,
// runs the jobs post() queues, in order; stop() lets it finish the queue and
// joins it (the destructor stops it too). reportAndClose() posts a send and
// closes the channel at once: the job may run after the close (bug; the close
// is where the race is made). reportStopAndClose() stops the worker, which
// has then run the send, before closing (correct). logAndClose() posts a job
// that only writes to stderr, so closing right away races with nothing
// (correct).
#include "messaging.h"

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

class Background {
public:
  Background() : thread_(&Background::run, this) {}
  ~Background() { stop(); }
  Background(const Background &) = delete;
  Background &operator=(const Background &) = delete;

  void post(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      jobs_.push_back(std::move(job));
    }
    wake_.notify_one();
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable())
      thread_.join();
  }

private:
  void run() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty())
        return;
      std::function<void()> job = std::move(jobs_.front());
      jobs_.pop_front();
      lock.unlock();
      job();
      lock.lock();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::thread thread_; // last: the thread starts once the rest is constructed
};

void reportAndClose(Background &worker, EventChannel &channel, const std::string &summary) {
  worker.post([&channel, summary] {
    channel.send(summary); // BUG: use-after-close #report
  });
  channel.close(); // SAME: report
}

void reportStopAndClose(EventChannel &channel, const std::string &summary) {
  Background worker;
  worker.post([&channel, summary] {
    channel.send(summary); // OK
  });
  worker.stop();
  channel.close(); // OK
}

void logAndClose(Background &worker, EventChannel &channel, const std::string &summary) {
  channel.send(summary);
  worker.post([summary] { std::fprintf(stderr, "sent: %s\n", summary.c_str()); });
  channel.close(); // OK
}
