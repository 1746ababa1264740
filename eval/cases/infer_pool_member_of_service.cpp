// An EventForwarder buffers records and forwards them to Kafka on its own
// Runner (a member pool: submit() queues a task for its threads, wait()
// blocks until every submitted task has finished, the destructor joins).
// flush() hands each buffered record to the pool as a send on the member
// producer. shutdown() flushes and closes the producer straight away, while
// the pool may still be sending: a send can run after the close (bug; the
// close is where the race is made). shutdownCleanly() waits for the pool
// before it closes (correct). The producer is declared before the pool, so
// the pool is joined before the producer is destroyed.
#include "messaging.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class Runner {
public:
  explicit Runner(unsigned threads) {
    for (unsigned i = 0; i < threads; ++i)
      threads_.emplace_back([this] { loop(); });
  }

  ~Runner() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    ready_.notify_all();
    for (std::thread &t : threads_)
      t.join();
  }

  Runner(const Runner &) = delete;
  Runner &operator=(const Runner &) = delete;

  void submit(std::function<void()> task) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(std::move(task));
      ++outstanding_;
    }
    ready_.notify_one();
  }

  void wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    drained_.wait(lock, [this] { return outstanding_ == 0; });
  }

private:
  void loop() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      ready_.wait(lock, [this] { return done_ || !queue_.empty(); });
      if (queue_.empty())
        return;
      std::function<void()> task = std::move(queue_.front());
      queue_.pop_front();
      lock.unlock();
      task();
      lock.lock();
      if (--outstanding_ == 0)
        drained_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_, drained_;
  std::deque<std::function<void()>> queue_;
  std::vector<std::thread> threads_;
  unsigned outstanding_ = 0;
  bool done_ = false;
};

class EventForwarder {
public:
  explicit EventForwarder(const std::string &brokers) : producer_(brokers), pool_(4) {}

  void buffer(kafka::ProducerRecord record) {
    std::lock_guard<std::mutex> lock(bufferMutex_);
    buffered_.push_back(std::move(record));
  }

  void flush() {
    std::vector<kafka::ProducerRecord> batch;
    {
      std::lock_guard<std::mutex> lock(bufferMutex_);
      batch.swap(buffered_);
    }
    for (kafka::ProducerRecord &record : batch)
      pool_.submit([this, record = std::move(record)] {
        producer_.send(record); // BUG: use-after-close #forward
      });
  }

  void shutdown() {
    flush();
    producer_.close(); // SAME: forward
  }

  void shutdownCleanly() {
    flush();
    pool_.wait();
    producer_.close(); // OK
  }

private:
  kafka::KafkaProducer producer_;
  Runner pool_;
  std::mutex bufferMutex_;
  std::vector<kafka::ProducerRecord> buffered_;
};

void nightlyRotation(EventForwarder &forwarder) {
  forwarder.buffer({"rotation", "begin"});
  forwarder.flush();
  forwarder.shutdownCleanly(); // OK
}
