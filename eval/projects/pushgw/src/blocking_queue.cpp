// BlockingQueue<T>: member definitions and the explicit instantiation for the
// retry queue's RetryItem. No BUG markers: push() checks closed_ under the
// mutex and throws QueueClosed; pop() drains after close(); close() is
// idempotent.
#include "pushgw/blocking_queue.h"

#include <utility>

namespace pushgw {

QueueClosed::QueueClosed(const char *what) : std::runtime_error(what) {}

template <typename T>
BlockingQueue<T>::BlockingQueue(std::size_t capacity)
    : capacity_(capacity == 0 ? 1 : capacity) {}

template <typename T> void BlockingQueue<T>::push(T item) {
  std::unique_lock<std::mutex> lk(mu_);
  notFull_.wait(lk, [this] { return closed_ || items_.size() < capacity_; });
  if (closed_)
    throw QueueClosed("BlockingQueue::push: the queue is closed");
  items_.push_back(std::move(item));
  lk.unlock();
  notEmpty_.notify_one();
}

template <typename T> std::optional<T> BlockingQueue<T>::pop() {
  std::unique_lock<std::mutex> lk(mu_);
  notEmpty_.wait(lk, [this] { return closed_ || !items_.empty(); });
  if (items_.empty())
    return std::nullopt;
  T item = std::move(items_.front());
  items_.pop_front();
  lk.unlock();
  notFull_.notify_one();
  return item;
}

template <typename T> void BlockingQueue<T>::close() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    closed_ = true;
  }
  notEmpty_.notify_all();
  notFull_.notify_all();
}

template <typename T> bool BlockingQueue<T>::closed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return closed_;
}

template <typename T> std::size_t BlockingQueue<T>::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return items_.size();
}

template class BlockingQueue<RetryItem>;

} // namespace pushgw
