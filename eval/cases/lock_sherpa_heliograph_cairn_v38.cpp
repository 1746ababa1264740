// Heliograph post at a high-altitude base camp. A SignalPost owns the HelioLink (the
// mirror-shutter controller) and three threads: a position pump, a heartbeat and a backlog
// sweeper. close() (base camp signs off) and abandon() (the storm watchdog) both set the
// post's own closed_ flag and close the link while holding mu_. The pump and relay() check
// closed_ and flash while holding mu_, which is correct. The heartbeat reads the atomic
// flag without mu_ and then flashes, and the sweeper reads the flag under mu_ but flashes
// after unlocking: either can flash a link that was just closed on the other thread.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class HelioLink {
 public:
  void flash(const std::string& morse) {
    if (closed_) throw std::runtime_error("heliograph link closed");
    sent_ += morse.size();
  }
  void close() {
    if (closed_) throw std::runtime_error("heliograph link closed twice");
    closed_ = true;
  }

 private:
  std::atomic<bool> closed_{false};
  std::atomic<std::size_t> sent_{0};
};

class SignalPost {
 public:
  void start() {
    pump_ = std::thread(&SignalPost::pump_positions, this);
    heartbeat_ = std::thread(&SignalPost::beat, this);
    sweeper_ = std::thread(&SignalPost::sweep_backlog, this);
  }

  void relay(const std::string& msg) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) return;
    link_.flash(msg);  // OK: checked under mu_, which the closers hold
  }

  void queue_position(const std::string& pos) {
    std::lock_guard<std::mutex> lk(mu_);
    positions_.push_back(pos);
    backlog_.push_back(pos);
    cv_.notify_all();
  }

  void close() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (!closed_) {
        closed_ = true;
        link_.close();  // SAME: beat
      }
    }
    cv_.notify_all();
    join_all();
  }

  void abandon() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) return;
    closed_ = true;
    link_.close();  // SAME: sweep
    cv_.notify_all();
  }

  ~SignalPost() { close(); }

 private:
  void pump_positions() {
    std::unique_lock<std::mutex> lk(mu_);
    for (;;) {
      cv_.wait(lk, [this] { return closed_ || !positions_.empty(); });
      if (closed_) return;
      link_.flash(positions_.front());  // OK: flag checked and flash done under mu_
      positions_.pop_front();
    }
  }

  void beat() {
    while (!closed_.load()) {
      link_.flash("..");  // BUG: use-after-close #beat
      std::this_thread::sleep_for(std::chrono::seconds(5));
    }
  }

  void sweep_backlog() {
    for (;;) {
      std::vector<std::string> batch;
      {
        std::unique_lock<std::mutex> lk(mu_);
        cv_.wait_for(lk, std::chrono::seconds(30), [this] { return closed_ || !backlog_.empty(); });
        if (closed_) return;
        batch.assign(backlog_.begin(), backlog_.end());
        backlog_.clear();
      }
      for (const auto& m : batch) link_.flash("RPT " + m);  // BUG: use-after-close #sweep
    }
  }

  void join_all() {
    for (auto* t : {&pump_, &heartbeat_, &sweeper_})
      if (t->joinable()) t->join();
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::atomic<bool> closed_{false};
  HelioLink link_;
  std::deque<std::string> positions_;
  std::deque<std::string> backlog_;
  std::thread pump_, heartbeat_, sweeper_;
};
