// DeliveryPool: the delivery worker threads.
//
// start(n) spawns n workers (once). submit() queues a task for the workers;
// after stop() it throws std::runtime_error("delivery pool stopped"). stop()
// lets the workers finish the tasks already queued, joins them, and is
// idempotent; the destructor calls stop(). An exception escaping a task is
// logged and dropped.
#pragma once
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "mailq/blocking_queue.h"

namespace mailq {

class DeliveryPool {
public:
  using Task = std::function<void()>;

  DeliveryPool() = default;
  ~DeliveryPool();
  DeliveryPool(const DeliveryPool &) = delete;
  DeliveryPool &operator=(const DeliveryPool &) = delete;

  void start(unsigned workers);
  void submit(Task task);
  void stop();
  bool stopped() const;
  std::size_t backlog() const { return tasks_.size(); }

private:
  void workerLoop();

  BlockingQueue<Task> tasks_;
  mutable std::mutex mu_;
  std::vector<std::thread> workers_;
  bool started_ = false;
  bool stopped_ = false;
};

} // namespace mailq
