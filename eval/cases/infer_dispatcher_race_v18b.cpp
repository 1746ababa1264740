// Order-event fan-out. OrderPublisher hands every order event to a
// Dispatcher (a small pool that stores the submitted callables and runs them
// on worker threads it owns) which sends it on a kafka::KafkaProducer.
// publishBatch() closes the producer right after submitting the tasks,
// without draining the dispatcher, so a queued task can still send on the
// closed producer. publishBatchAndDrain() drains first. OrderService::stop()
// shuts the dispatcher down, and the reconciliation timer, which can fire
// after stop(), submits to it anyway.
// KafkaProducer (messaging.h): send() after close() fails.
#include "messaging.h"

#include <condition_variable>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <queue>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

// Dispatcher: submit() throws std::runtime_error after shutdown(). drain()
// blocks until every submitted task has finished. shutdown() runs what is
// queued, then joins the workers; it is idempotent.
class Dispatcher {
public:
  explicit Dispatcher(unsigned workers) {
    for (unsigned i = 0; i < workers; ++i)
      workers_.emplace_back([this] { loop(); });
  }
  ~Dispatcher() { shutdown(); }

  void submit(std::function<void()> fn) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("dispatcher is shut down");
    queue_.push(std::move(fn));
    ++inFlight_;
    ready_.notify_one();
  }

  void drain() {
    std::unique_lock<std::mutex> lock(mu_);
    done_.wait(lock, [this] { return inFlight_ == 0; });
  }

  void shutdown() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (closed_)
        return;
      closed_ = true;
    }
    ready_.notify_all();
    for (auto &t : workers_)
      t.join();
  }

private:
  void loop() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      ready_.wait(lock, [this] { return closed_ || !queue_.empty(); });
      if (queue_.empty())
        return;
      std::function<void()> fn = std::move(queue_.front());
      queue_.pop();
      lock.unlock();
      fn();
      lock.lock();
      if (--inFlight_ == 0)
        done_.notify_all();
    }
  }

  std::mutex mu_;
  std::condition_variable ready_, done_;
  std::queue<std::function<void()>> queue_;
  std::vector<std::thread> workers_;
  int inFlight_ = 0;
  bool closed_ = false;
};

struct Order {
  long id;
  std::string sku;
  int qty;
};

static std::string serialize(const Order &o) {
  return std::to_string(o.id) + ":" + o.sku + "x" + std::to_string(o.qty);
}

class OrderService {
public:
  OrderService(std::string brokers, unsigned workers)
      : brokers_(std::move(brokers)), dispatcher_(workers) {}

  void publishBatch(const std::vector<Order> &orders) {
    std::shared_ptr<kafka::KafkaProducer> producer = kafka::createProducer(brokers_);
    for (const Order &o : orders)
      dispatcher_.submit([producer, o] {
        producer->send({"orders", serialize(o)}); // BUG: use-after-close #batchrace
      });
    producer->close(); // SAME: batchrace
  }

  void publishBatchAndDrain(const std::vector<Order> &orders) {
    std::shared_ptr<kafka::KafkaProducer> producer = kafka::createProducer(brokers_);
    for (const Order &o : orders)
      dispatcher_.submit([producer, o] {
        producer->send({"orders", serialize(o)}); // OK: the producer is closed only after drain()
      });
    dispatcher_.drain();
    producer->close(); // OK: every task has finished
  }

  void onHeartbeat() {
    if (stopped_)
      return;
    dispatcher_.submit([] { std::printf("order service alive\n"); });
  }

  void onReconcileTimer() {
    dispatcher_.submit([this] { reconcile(); }); // SAME: latetick
  }

  void stop() {
    stopped_ = true;
    dispatcher_.shutdown();
  }

private:
  void reconcile() { std::printf("reconciling order ledger\n"); }

  std::string brokers_;
  Dispatcher dispatcher_;
  bool stopped_ = false;
};

int main() {
  OrderService svc("kafka-orders:9092", 4);
  std::vector<Order> orders;
  for (long i = 0; i < 64; ++i)
    orders.push_back({1000 + i, "sku-" + std::to_string(i % 7), static_cast<int>(1 + i % 3)});

  svc.publishBatchAndDrain(orders);
  svc.publishBatch(orders);
  svc.onHeartbeat();
  svc.stop();
  svc.onHeartbeat(); // OK: onHeartbeat() returns early once stopped
  try {
    svc.onReconcileTimer(); // BUG: use-after-close #latetick (timer tick that was already scheduled before stop())
  } catch (const std::exception &e) {
    std::fprintf(stderr, "reconcile: %s\n", e.what());
  }
  return 0;
}
