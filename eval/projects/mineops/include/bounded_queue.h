// BoundedQueue<T>: a bounded blocking queue shared by producers (monitors, watchdog, pump
// telemetry) and the alarm router.
//   push()    blocks while full, throws std::runtime_error once the queue is closed
//   tryPush() never blocks and never throws: false when full or closed
//   pop()     blocks; after close() it hands out what is left, then returns nullopt
//   close()   idempotent
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

template <typename T>
class BoundedQueue {
public:
    explicit BoundedQueue(std::size_t capacity);

    void push(T item);
    bool tryPush(T item);
    std::optional<T> pop();
    std::optional<T> tryPop();
    void close();
    bool closed() const;
    std::size_t size() const;

private:
    mutable std::mutex mu_;
    std::condition_variable notEmpty_;
    std::condition_variable notFull_;
    std::deque<T> items_;
    std::size_t capacity_;
    bool closed_ = false;
};

template <typename T>
BoundedQueue<T>::BoundedQueue(std::size_t capacity) : capacity_(capacity == 0 ? 1 : capacity) {}

template <typename T>
void BoundedQueue<T>::push(T item) {
    std::unique_lock<std::mutex> lk(mu_);
    notFull_.wait(lk, [this] { return closed_ || items_.size() < capacity_; });
    if (closed_) throw std::runtime_error("bounded queue closed");
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
}

template <typename T>
bool BoundedQueue<T>::tryPush(T item) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_ || items_.size() >= capacity_) return false;
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
    return true;
}

template <typename T>
std::optional<T> BoundedQueue<T>::pop() {
    std::unique_lock<std::mutex> lk(mu_);
    notEmpty_.wait(lk, [this] { return closed_ || !items_.empty(); });
    if (items_.empty()) return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return item;
}

template <typename T>
std::optional<T> BoundedQueue<T>::tryPop() {
    std::lock_guard<std::mutex> lk(mu_);
    if (items_.empty()) return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return item;
}

template <typename T>
void BoundedQueue<T>::close() {
    {
        std::lock_guard<std::mutex> lk(mu_);
        closed_ = true;
    }
    notEmpty_.notify_all();
    notFull_.notify_all();
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
