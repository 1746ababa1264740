// Retries failed deliveries: a BlockingQueue<RetryItem> drained by the retry
// thread, which posts each due attempt to the worker pool. stop() closes the
// queue and joins the thread; it is idempotent.
// The BUG/SAME markers are in src/retry_scheduler.cpp.
#pragma once
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "pushgw/blocking_queue.h"
#include "pushgw/notification.h"
#include "pushgw/receipt_publisher.h"
#include "pushgw/router.h"
#include "pushgw/worker_pool.h"

namespace pushgw {

class RetryScheduler {
public:
  RetryScheduler(WorkerPool &pool, Router &router, ReceiptPublisher &receipts,
                 int maxAttempts, std::chrono::milliseconds baseDelay);
  ~RetryScheduler();

  void start();
  /// Queues attempt `attempt` of n; past maxAttempts reports n as undelivered.
  void schedule(const Notification &n, int attempt);
  void stop();

private:
  void run();
  void waitUntil(std::chrono::steady_clock::time_point due) const;

  WorkerPool &pool_;
  Router &router_;
  ReceiptPublisher &receipts_;
  const int maxAttempts_;
  const std::chrono::milliseconds baseDelay_;
  BlockingQueue<RetryItem> queue_{1024};
  std::atomic<bool> stopping_{false};
  std::mutex stopMu_;
  std::thread thread_;
};

} // namespace pushgw
