// DeliveryPool: worker threads running queued delivery tasks (see delivery_pool.h).
#include "mailq/delivery_pool.h"

#include <algorithm>
#include <exception>
#include <stdexcept>
#include <utility>

#include "mailq/log.h"

namespace mailq {

DeliveryPool::~DeliveryPool() {
  stop();
}

void DeliveryPool::start(unsigned workers) {
  std::lock_guard<std::mutex> lk(mu_);
  if (started_ || stopped_)
    throw std::logic_error("DeliveryPool::start: already started");
  started_ = true;
  const unsigned n = std::max(1u, workers);
  for (unsigned i = 0; i < n; ++i)
    workers_.emplace_back([this] { workerLoop(); });
}

void DeliveryPool::submit(Task task) {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_)
    throw std::runtime_error("delivery pool stopped");
  tasks_.push(std::move(task)); // OK: stopped_ is checked under mu_, and stop() closes tasks_ under mu_
}

void DeliveryPool::stop() {
  std::vector<std::thread> workers;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_)
      return;
    stopped_ = true;
    tasks_.close();
    workers.swap(workers_);
  }
  for (std::thread &t : workers)
    t.join();
}

bool DeliveryPool::stopped() const {
  std::lock_guard<std::mutex> lk(mu_);
  return stopped_;
}

void DeliveryPool::workerLoop() {
  while (std::optional<Task> task = tasks_.pop()) {
    try {
      (*task)();
    } catch (const std::exception &e) {
      logError(std::string("delivery task failed: ") + e.what());
    }
  }
}

} // namespace mailq
