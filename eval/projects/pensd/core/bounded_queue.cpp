// BoundedQueue<T>: blocking bounded queue. close() is idempotent; after it,
// push() throws, try_push() returns false, and pop() keeps handing out what is
// left before it returns nullopt, so consumers can drain a closed queue.
#include "bounded_queue.h"

#include <stdexcept>
#include <utility>

template <typename T>
BoundedQueue<T>::BoundedQueue(std::size_t capacity) : capacity_(capacity == 0 ? 1 : capacity), closed_(false) {}

template <typename T>
void BoundedQueue<T>::push(T item) {
  std::unique_lock<std::mutex> lk(mu_);
  not_full_.wait(lk, [this] { return closed_ || items_.size() < capacity_; });
  if (closed_) throw std::runtime_error("queue closed");
  items_.push_back(std::move(item));
  lk.unlock();
  not_empty_.notify_one();
}

template <typename T>
bool BoundedQueue<T>::try_push(T item) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_ || items_.size() >= capacity_) return false;
    items_.push_back(std::move(item));
  }
  not_empty_.notify_one();
  return true;
}

template <typename T>
std::optional<T> BoundedQueue<T>::pop() {
  std::unique_lock<std::mutex> lk(mu_);
  not_empty_.wait(lk, [this] { return closed_ || !items_.empty(); });
  if (items_.empty()) return std::nullopt;  // closed and drained
  T item = std::move(items_.front());
  items_.pop_front();
  lk.unlock();
  not_full_.notify_one();
  return item;
}

template <typename T>
std::optional<T> BoundedQueue<T>::try_pop() {
  std::unique_lock<std::mutex> lk(mu_);
  if (items_.empty()) return std::nullopt;
  T item = std::move(items_.front());
  items_.pop_front();
  lk.unlock();
  not_full_.notify_one();
  return item;
}

template <typename T>
void BoundedQueue<T>::close() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    closed_ = true;
  }
  not_empty_.notify_all();
  not_full_.notify_all();
}

template <typename T>
bool BoundedQueue<T>::closed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return closed_;
}

template <typename T>
std::size_t BoundedQueue<T>::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return items_.size();
}

template class BoundedQueue<std::string>;
template class BoundedQueue<std::function<void()>>;
