// RetryScheduler: holds messages whose delivery failed transiently and hands
// each back to the DeliveryPool when its backoff expires.
//
// onDue() sets the function the due messages are submitted with; start()
// runs the timer thread that waits for the earliest due time and submits the
// due messages to the pool. schedule() throws std::logic_error once stop() has
// been called. stop() wakes and joins the timer thread, reports the retries it
// drops (they are still in the spool) to the attached Metrics, and is
// idempotent; the destructor calls it.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <map>
#include <mutex>
#include <thread>

#include "mailq/delivery_pool.h"
#include "mailq/message.h"
#include "mailq/metrics.h"

namespace mailq {

class RetryScheduler {
public:
  using Clock = std::chrono::steady_clock;
  using DueFn = std::function<void(const Message &)>;

  explicit RetryScheduler(DeliveryPool &pool);
  ~RetryScheduler();
  RetryScheduler(const RetryScheduler &) = delete;
  RetryScheduler &operator=(const RetryScheduler &) = delete;

  void onDue(DueFn fn);
  void attach(Metrics &metrics) { metrics_ = &metrics; }
  void start();
  void schedule(const Message &m, std::chrono::milliseconds delay);
  void stop();
  std::size_t pending() const;

private:
  void run();

  DeliveryPool &pool_;
  Metrics *metrics_ = nullptr;
  DueFn onDue_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::multimap<Clock::time_point, Message> due_;
  std::thread timer_;
  bool stopping_ = false;
};

} // namespace mailq
