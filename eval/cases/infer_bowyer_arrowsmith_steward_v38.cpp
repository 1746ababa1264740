// A bowyer and arrowsmith guild ships fletching orders to its supplier over a SupplyLink.
// Jobs run on the guild's own FletchingCrew: a small thread pool that stores callables,
// runs them on owned worker threads, and joins in stop() after the queue is drained;
// wait() blocks until every submitted job has finished. ship_rush_order submits a job that
// sends on the link and closes the link right away, so the job can run after the close.
// The other paths wait for or stop the crew before closing.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class SupplyLink {
 public:
  void send(const std::string& sku) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("supply link closed");
    sent_.push_back(sku);
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("supply link already closed");
    closed_ = true;
  }

 private:
  std::mutex mu_;
  bool closed_ = false;
  std::vector<std::string> sent_;
};

class FletchingCrew {
 public:
  explicit FletchingCrew(std::size_t hands) {
    for (std::size_t i = 0; i < hands; ++i) workers_.emplace_back([this] { work(); });
  }
  ~FletchingCrew() { stop(); }

  void submit(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      jobs_.push_back(std::move(job));
      ++pending_;
    }
    has_work_.notify_one();
  }
  void wait() {
    std::unique_lock<std::mutex> lk(mu_);
    idle_.wait(lk, [this] { return pending_ == 0; });
  }
  void stop() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      stopping_ = true;
    }
    has_work_.notify_all();
    for (auto& t : workers_)
      if (t.joinable()) t.join();
  }

 private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lk(mu_);
        has_work_.wait(lk, [this] { return stopping_ || !jobs_.empty(); });
        if (stopping_ && jobs_.empty()) return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
      {
        std::lock_guard<std::mutex> lk(mu_);
        --pending_;
      }
      idle_.notify_all();
    }
  }

  std::mutex mu_;
  std::condition_variable has_work_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> workers_;
  std::size_t pending_ = 0;
  bool stopping_ = false;
};

struct Order {
  std::string sku;
  int dozen = 1;
};

void ship_morning_orders(FletchingCrew& crew, SupplyLink& link, const std::vector<Order>& orders) {
  for (const auto& o : orders) {
    crew.submit([&link, o] { link.send(o.sku); });  // OK: wait() below drains the crew first
  }
  crew.wait();
  link.close();
}

void ship_rush_order(FletchingCrew& crew, SupplyLink& link, const Order& o) {
  crew.submit([&link, o] { link.send("RUSH " + o.sku); });  // BUG: use-after-close #rush
  link.close();  // SAME: rush
}

void ship_and_disband(SupplyLink& link, const std::vector<Order>& orders) {
  FletchingCrew crew(2);
  for (const auto& o : orders) {
    crew.submit([&link, o] { link.send(o.sku); });  // OK: stop() joins the workers after the queue drains
  }
  crew.stop();
  link.close();
}

class GuildSteward {
 public:
  GuildSteward() : crew_(3) {}

  // Called from the steward's own thread only.
  void tally(const std::string& day) {
    if (books_closed_) return;
    crew_.submit([this, day] { ledger_.send("tally " + day); });  // OK: close_books waits for the crew first
  }
  void close_books() {
    if (books_closed_) return;
    books_closed_ = true;
    crew_.wait();
    ledger_.close();
  }

 private:
  SupplyLink ledger_;  // declared before crew_, so the crew is joined first on destruction
  FletchingCrew crew_;
  bool books_closed_ = false;
};
