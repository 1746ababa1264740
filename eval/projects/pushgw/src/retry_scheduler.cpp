// RetryScheduler: failed deliveries wait in a BlockingQueue<RetryItem>; the
// retry thread pops each item, waits until it is due (not while stopping) and
// posts the attempt to the worker pool; an attempt that fails again is
// rescheduled with a doubled delay, or reported undelivered past maxAttempts.
// stop() closes the queue (the thread then drains what is left and exits) and
// joins the thread; it is idempotent.
// Bug #retryclose (use-after-close): Gateway::stop() stops this scheduler
// before it shuts the worker pool down, so the queue is closed (SAME line in
// stop()) while worker threads are still delivering: the drained attempts
// this thread has just posted, and the first attempts submitted before the
// stop. When one of them fails, schedule() pushes on the closed queue, push()
// throws QueueClosed, the pool logs it and the notification is lost: no retry,
// no "undelivered" receipt, no log line.
// Correct: pop() after close() is how the queue drains; the post() on the retry
// thread happens before Gateway::stop() shuts the pool down, because stop()
// joins this thread first; the destructor's stop() returns at once when the
// thread was already joined.
#include "pushgw/retry_scheduler.h"

#include <algorithm>
#include <utility>

namespace pushgw {

RetryScheduler::RetryScheduler(WorkerPool &pool, Router &router,
                               ReceiptPublisher &receipts, int maxAttempts,
                               std::chrono::milliseconds baseDelay)
    : pool_(pool), router_(router), receipts_(receipts),
      maxAttempts_(maxAttempts), baseDelay_(baseDelay) {}

RetryScheduler::~RetryScheduler() {
  stop(); // OK: returns at once when the thread was already joined
}

void RetryScheduler::start() {
  std::lock_guard<std::mutex> lk(stopMu_);
  if (thread_.joinable() || stopping_)
    return;
  thread_ = std::thread([this] { run(); });
}

void RetryScheduler::schedule(const Notification &n, int attempt) {
  if (attempt > maxAttempts_) {
    receipts_.publish(DeliveryReceipt{n.id, n.tenant, false,
                                      "gave up after " +
                                          std::to_string(maxAttempts_) +
                                          " attempts"});
    return;
  }
  const auto delay = baseDelay_ * (1 << std::min(attempt - 1, 6));
  queue_.push(RetryItem{n, attempt, std::chrono::steady_clock::now() + delay}); // BUG: use-after-close #retryclose
}

void RetryScheduler::waitUntil(std::chrono::steady_clock::time_point due) const {
  using namespace std::chrono_literals;
  while (!stopping_) {
    const auto now = std::chrono::steady_clock::now();
    if (now >= due)
      return;
    std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(due - now, 50ms));
  }
}

void RetryScheduler::run() {
  while (std::optional<RetryItem> item = queue_.pop()) { // OK: after close() pop() hands out what is left, then nullopt
    waitUntil(item->due);
    RetryItem attempt = std::move(*item);
    pool_.post([this, attempt] { // OK: Gateway::stop() joins this thread before it shuts the pool down
      if (!router_.deliver(attempt.notification))
        schedule(attempt.notification, attempt.attempt + 1);
    });
  }
}

void RetryScheduler::stop() {
  std::lock_guard<std::mutex> lk(stopMu_);
  if (!thread_.joinable())
    return;
  stopping_ = true;
  queue_.close(); // SAME: retryclose
  thread_.join();
}

} // namespace pushgw
