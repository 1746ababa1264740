// BoundedQueue<T>: a fixed-capacity blocking queue. push() throws once close() was called;
// pop() keeps handing out queued items after close() and returns std::nullopt when the queue is
// closed and drained. close() is idempotent.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

template <class T>
class BoundedQueue {
public:
    explicit BoundedQueue(std::size_t capacity) : capacity_(capacity) {}

    void push(T item) {
        std::unique_lock<std::mutex> lk(mu_);
        not_full_.wait(lk, [this] { return closed_ || items_.size() < capacity_; });
        if (closed_) throw std::runtime_error("queue closed");
        items_.push_back(std::move(item));
        not_empty_.notify_one();
    }

    bool try_push(T item) {
        std::lock_guard<std::mutex> lk(mu_);
        if (closed_ || items_.size() >= capacity_) return false;
        items_.push_back(std::move(item));
        not_empty_.notify_one();
        return true;
    }

    std::optional<T> pop() {
        std::unique_lock<std::mutex> lk(mu_);
        not_empty_.wait(lk, [this] { return closed_ || !items_.empty(); });
        return take_locked();
    }

    std::optional<T> try_pop() {
        std::lock_guard<std::mutex> lk(mu_);
        return take_locked();
    }

    void close() {
        {
            std::lock_guard<std::mutex> lk(mu_);
            closed_ = true;
        }
        not_empty_.notify_all();
        not_full_.notify_all();
    }

    bool closed() const {
        std::lock_guard<std::mutex> lk(mu_);
        return closed_;
    }

private:
    std::optional<T> take_locked() {
        if (items_.empty()) return std::nullopt;
        T item = std::move(items_.front());
        items_.pop_front();
        not_full_.notify_one();
        return item;
    }

    std::size_t capacity_;
    mutable std::mutex mu_;
    std::condition_variable not_empty_;
    std::condition_variable not_full_;
    std::deque<T> items_;
    bool closed_ = false;
};
