// Quinoa threshing floor controller. Two links go to the machinery: drum_
// (the threshing drum) and sieve_ (the winnowing sieve); neither link is
// thread-safe, so ThreshingFloor guards both with mu_ and its own stop flags.
// stop() and emergency_sieve_stop() set the flag and close the link while
// holding mu_. feed_loop() checks the flag and sends while holding mu_, which
// is correct. auger_loop() copies the flag under the lock but sends after
// unlocking, and winnow_loop() reads the sieve flag (an atomic) without the
// mutex: either send can land after the close.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class MachineLink {
 public:
  explicit MachineLink(std::string name) : name_(std::move(name)) {}
  void send(const std::string& cmd) {
    if (closed_) throw std::runtime_error(name_ + " link closed");
    history_.push_back(cmd);
  }
  void close() {
    if (closed_) throw std::runtime_error(name_ + " link closed twice");
    closed_ = true;
  }

 private:
  std::string name_;
  std::vector<std::string> history_;
  bool closed_ = false;
};

class ThreshingFloor {
 public:
  ThreshingFloor() : drum_("drum"), sieve_("sieve") {}
  ~ThreshingFloor() {
    emergency_sieve_stop();
    stop();
    join_all();
  }

  void start() {
    threads_.emplace_back([this] { feed_loop(); });
    threads_.emplace_back([this] { auger_loop(); });
    threads_.emplace_back([this] { winnow_loop(); });
  }

  void stop() {
    std::lock_guard<std::mutex> lk(mu_);
    if (drum_stopped_) return;
    drum_stopped_ = true;
    drum_.close();  // SAME: auger
  }

  void emergency_sieve_stop() {
    std::lock_guard<std::mutex> lk(mu_);
    if (sieve_stopped_) return;
    sieve_stopped_ = true;
    sieve_.close();  // SAME: winnow
  }

  void join_all() {
    for (auto& t : threads_)
      if (t.joinable()) t.join();
  }

  std::size_t report_sent() {
    std::lock_guard<std::mutex> lk(mu_);
    if (!drum_stopped_) drum_.send("STATUS?");  // OK: checked under the lock stop() holds
    return sent_;
  }

 private:
  void feed_loop() {
    for (;;) {
      {
        std::lock_guard<std::mutex> lk(mu_);
        if (drum_stopped_) return;
        drum_.send("FEED 2kg");  // OK: flag checked and send made under mu_
        ++sent_;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }

  void auger_loop() {
    for (;;) {
      bool stopped;
      {
        std::lock_guard<std::mutex> lk(mu_);
        stopped = drum_stopped_;
      }
      if (stopped) return;
      drum_.send("AUGER ON");  // BUG: use-after-close #auger
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }

  void winnow_loop() {
    while (!sieve_stopped_) {
      sieve_.send("SHAKE 3Hz");  // BUG: use-after-close #winnow
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }

  std::mutex mu_;
  MachineLink drum_;
  MachineLink sieve_;
  bool drum_stopped_ = false;
  std::atomic<bool> sieve_stopped_{false};
  std::size_t sent_ = 0;
  std::vector<std::thread> threads_;
};

void harvest_day() {
  ThreshingFloor site;
  site.start();
  std::this_thread::sleep_for(std::chrono::seconds(2));
  site.report_sent();
  site.emergency_sieve_stop();
  site.stop();
  site.join_all();
  site.stop();  // OK: stop() returns early on the flag checked under mu_
}
