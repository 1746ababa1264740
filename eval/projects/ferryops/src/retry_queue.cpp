// RetryQueue: delayed re-sends. scheduleResend() stores a closure holding its
// own copy of the producer; fireDue() runs the closures whose time has come,
// outside the lock.
#include "boarding.h"

#include <utility>

namespace ferry {

void RetryQueue::schedule(Clock::time_point due, Task task) {
  std::lock_guard<std::mutex> lk(mu_);
  entries_.push_back(Entry{due, std::move(task)});
}

std::size_t RetryQueue::fireDue(Clock::time_point now) {
  std::vector<Task> due;
  {
    std::lock_guard<std::mutex> lk(mu_);
    std::vector<Entry> later;
    for (Entry &e : entries_) {
      if (e.due <= now)
        due.push_back(std::move(e.task));
      else
        later.push_back(std::move(e));
    }
    entries_.swap(later);
  }
  for (Task &task : due)
    task();
  return due.size();
}

void RetryQueue::clear() {
  std::lock_guard<std::mutex> lk(mu_);
  entries_.clear();
}

std::size_t RetryQueue::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return entries_.size();
}

void scheduleResend(RetryQueue &q, std::shared_ptr<kafka::KafkaProducer> producer,
                    kafka::ProducerRecord rec, std::chrono::milliseconds delay) {
  q.schedule(Clock::now() + delay, [producer = std::move(producer), rec = std::move(rec)] {
    producer->send(rec); // SAME: retryfire
  });
}

} // namespace ferry
