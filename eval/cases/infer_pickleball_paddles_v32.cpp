// Pickleball club open-play night: the club app has its own little task pool
// (run() stores the callable in a queue, a worker thread runs it, and the
// returned future is ready once it has run; join() finishes the queue and
// joins the threads). Court assignments are published to members' phones
// through a Kafka producer. The rotation is sent from pool tasks; the
// producer is closed when the night ends.
#include "messaging.h"
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class ClubTaskPool {
public:
  explicit ClubTaskPool(unsigned threads) {
    for (unsigned i = 0; i < threads; ++i)
      threads_.emplace_back([this] { work(); });
  }
  ~ClubTaskPool() { join(); }

  std::future<void> run(std::function<void()> fn) {
    auto task = std::make_shared<std::packaged_task<void()>>(std::move(fn));
    std::future<void> done = task->get_future();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.emplace_back([task] { (*task)(); });
    }
    ready_.notify_one();
    return done;
  }

  void join() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      finishing_ = true;
    }
    ready_.notify_all();
    for (std::thread &t : threads_)
      if (t.joinable())
        t.join();
  }

private:
  void work() {
    for (;;) {
      std::function<void()> next;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [this] { return finishing_ || !queue_.empty(); });
        if (queue_.empty())
          return;
        next = std::move(queue_.front());
        queue_.pop_front();
      }
      next();
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> queue_;
  std::vector<std::thread> threads_;
  bool finishing_ = false;
};

void publishRotation(ClubTaskPool &pool, kafka::KafkaProducer &phones, const std::vector<std::string> &courts) {
  std::vector<std::future<void>> sent;
  for (const std::string &c : courts)
    sent.push_back(pool.run([&phones, c] {
      phones.send({"pickleball.courts", c}); // OK: every future is waited on before the close
    }));
  for (std::future<void> &f : sent)
    f.wait();
  phones.close(); // OK
}

void lastCall(ClubTaskPool &pool, kafka::KafkaProducer &phones, const std::string &message) {
  pool.run([&phones, message] {
    phones.send({"pickleball.lastcall", message}); // BUG: use-after-close #last-call
  });
  phones.close(); // SAME: last-call
  pool.join();
}

void lightsOut(ClubTaskPool &pool, kafka::KafkaProducer &phones) {
  pool.run([&phones] { phones.flush(); }); // OK: the pool is joined before the close
  pool.join();
  phones.close(); // OK
}
