// An outbox worker waits on a condition variable and, with the unique_lock
// held, returns when `closing_` is set and otherwise sends the next message;
// close() takes the same mutex to set the flag and close the stream channel.
// The send and the close are serialized by the mutex (negative case).
#include "messaging.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

class Outbox {
public:
  explicit Outbox(cassandra::StreamingMultiplexedChannel &channel) : channel_(channel) {
    worker_ = std::thread(&Outbox::drain, this);
  }

  void post(cassandra::StreamMessage message) {
    std::lock_guard<std::mutex> lock(mutex_);
    queue_.push_back(std::move(message));
    cv_.notify_one();
  }

  void close() {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      closing_ = true;
      channel_.close(); // OK
    }
    cv_.notify_all();
    worker_.join();
  }

private:
  void drain() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      cv_.wait(lock, [this] { return closing_ || !queue_.empty(); });
      if (closing_)
        return;
      channel_.sendControlMessage(queue_.front()); // OK
      queue_.pop_front();
    }
  }

  cassandra::StreamingMultiplexedChannel &channel_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<cassandra::StreamMessage> queue_;
  bool closing_ = false;
  std::thread worker_;
};
