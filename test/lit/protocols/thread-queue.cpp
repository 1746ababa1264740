// The shape of Paho MQTT C++'s mqtt::thread_queue<T> (1.3 and later): a
// class template whose put() throws queue_closed after close(), while
// try_put() reports it by returning false. Its own tests put() after
// close() on purpose; errlint infers the protocol from the template's code
// and applies it to every instantiation.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <condition_variable>
#include <deque>
#include <limits>
#include <mutex>
#include <stdexcept>

namespace mqtt {
template <typename T, class Container = std::deque<T>> class thread_queue {
public:
  using value_type = T;
  using size_type = typename Container::size_type;
  class queue_closed : public std::runtime_error {
  public:
    queue_closed() : std::runtime_error("queue is closed") {}
  };

  void close() {
    std::lock_guard<std::mutex> g{lock_};
    closed_ = true;
    notFullCond_.notify_all();
    notEmptyCond_.notify_all();
  }
  bool closed() const {
    std::lock_guard<std::mutex> g{lock_};
    return closed_;
  }
  void put(value_type val) {
    std::unique_lock<std::mutex> g{lock_};
    notFullCond_.wait(g, [this] { return que_.size() < cap_ || closed_; });
    if (closed_)
      throw queue_closed{};
    que_.emplace_back(std::move(val));
    notEmptyCond_.notify_one();
  }
  bool try_put(value_type val) {
    std::lock_guard<std::mutex> g{lock_};
    if (closed_ || que_.size() >= cap_)
      return false;
    que_.emplace_back(std::move(val));
    notEmptyCond_.notify_one();
    return true;
  }

private:
  mutable std::mutex lock_;
  std::condition_variable notEmptyCond_, notFullCond_;
  size_type cap_ = std::numeric_limits<size_type>::max();
  bool closed_ = false;
  Container que_;
};
} // namespace mqtt

void putAfterClose() {
  mqtt::thread_queue<int> que;
  que.put(1);
  que.close();
  // CHECK: thread-queue.cpp:[[@LINE+1]]:7: warning: call to 'put' on 'que' after it was closed
  que.put(42);
}

bool tryPutAfterClose() {
  mqtt::thread_queue<int> que;
  que.close();
  return que.try_put(42);
}

void putIfOpen(mqtt::thread_queue<long> &que) {
  if (!que.closed())
    que.put(7);
}
