// Order feed of a rope works: the order desk queues coil orders (fibre,
// diameter, length) and a pump thread forwards them over the plant's event
// channel to the rope-laying machines; at the end of a shift the feed is
// stopped, and a small worker pool computes the yarn needed per order for
// the next shift's spinning plan.
#include "messaging.h"
#include "scheduler.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

struct CoilOrder {
  std::string fibre;
  int diameterMm = 0;
  int lengthM = 0;
};

class OrderQueue {
public:
  void push(std::string event) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      items_.push_back(std::move(event));
    }
    cv_.notify_one();
  }
  bool popFor(std::string &out, std::chrono::milliseconds wait) {
    std::unique_lock<std::mutex> lock(mu_);
    if (!cv_.wait_for(lock, wait, [this] { return !items_.empty(); }))
      return false;
    out = std::move(items_.front());
    items_.pop_front();
    return true;
  }

private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> items_;
};

class LayingFeed {
public:
  explicit LayingFeed(EventChannel &orders) : orders_(orders) {}
  ~LayingFeed() {
    stop_ = true;
    if (pump_.joinable())
      pump_.join();
  }

  void start();
  void submit(const CoilOrder &order);
  void stop();

private:
  EventChannel &orders_;
  OrderQueue queue_;
  std::atomic<bool> stop_{false};
  std::thread pump_;
};

void LayingFeed::start() {
  if (stop_.load() || pump_.joinable())
    throw std::logic_error("laying feed already started or stopped");
  orders_.send("feed online"); // OK
  pump_ = std::thread([this] {
    std::string event;
    while (!stop_.load()) {
      if (!queue_.popFor(event, std::chrono::milliseconds(50)))
        continue;
      orders_.send(event); // BUG: use-after-close #pump
    }
  });
}

void LayingFeed::submit(const CoilOrder &order) {
  queue_.push("coil " + order.fibre + " " + std::to_string(order.diameterMm) +
              "mm x " + std::to_string(order.lengthM) + "m");
}

void LayingFeed::stop() {
  orders_.close(); // SAME: pump
  stop_ = true;
  if (pump_.joinable())
    pump_.join();
}

double yarnKgFor(const CoilOrder &order) {
  double perMetre = order.diameterMm * order.diameterMm * 0.00072;
  return order.fibre == "manila" ? perMetre * order.lengthM * 1.1
                                  : perMetre * order.lengthM;
}

std::vector<double> endShift(LayingFeed &feed,
                             const std::vector<CoilOrder> &tomorrow) {
  feed.stop();

  std::vector<double> yarn(tomorrow.size());
  Scheduler pool(2);
  for (size_t i = 0; i < tomorrow.size(); ++i)
    pool.submit([&yarn, &tomorrow, i] { yarn[i] = yarnKgFor(tomorrow[i]); }); // OK
  pool.wait();
  pool.shutdown(); // OK
  return yarn;
}
