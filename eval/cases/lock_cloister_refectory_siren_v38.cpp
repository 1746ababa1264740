// Bell-and-siren controller for a cloister's refectory. The Refectory owns a MealSiren and
// a bell-ringer thread that sounds queued meal calls. Its own `closing_` flag and the
// siren's shutdown() are both changed under mu_, and every sound() happens while mu_ is
// held after checking closing_ (or after the ringer thread was joined), so no call can
// reach a shut-down siren: this file has no defect. The reader-side lock is a
// shared_lock on the same shared_mutex the closer locks exclusively.
#include <condition_variable>
#include <deque>
#include <mutex>
#include <shared_mutex>
#include <stdexcept>
#include <string>
#include <thread>

class MealSiren {
 public:
  void sound(const std::string& call) {
    std::lock_guard<std::mutex> g(m_);
    if (down_) throw std::runtime_error("meal siren shut down");
    last_ = call;
  }
  void shutdown() {
    std::lock_guard<std::mutex> g(m_);
    if (down_) throw std::runtime_error("meal siren shut down twice");
    down_ = true;
  }

 private:
  std::mutex m_;  // protects the siren's own fields only
  bool down_ = false;
  std::string last_;
};

class Refectory {
 public:
  Refectory() : ringer_([this] { ring_loop(); }) {}
  ~Refectory() { close(); }

  void call_to_meal(const std::string& meal) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (closing_) return;
      calls_.push_back(meal);
    }
    cv_.notify_one();
  }

  void sound_now(const std::string& call) {
    std::unique_lock<std::mutex> lk(mu_);
    if (closing_) return;
    siren_.sound(call);  // OK: still holding mu_, which close() needs to shut down
  }

  bool try_sound(const std::string& call) {
    std::unique_lock<std::mutex> lk(mu_, std::try_to_lock);
    if (!lk.owns_lock() || closing_) return false;
    siren_.sound(call);  // OK: lock owned and flag checked
    return true;
  }

  void close() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (closing_) return;
      closing_ = true;
    }
    cv_.notify_all();
    if (ringer_.joinable()) ringer_.join();
    std::lock_guard<std::mutex> lk(mu_);
    siren_.shutdown();  // OK: runs once; closing_ was set under the same mutex
  }

 private:
  void ring_loop() {
    std::unique_lock<std::mutex> lk(mu_);
    for (;;) {
      cv_.wait(lk, [this] { return closing_ || !calls_.empty(); });
      if (closing_) return;
      siren_.sound(calls_.front());  // OK: checked and used under mu_
      calls_.pop_front();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  bool closing_ = false;
  MealSiren siren_;
  std::deque<std::string> calls_;
  std::thread ringer_;
};

// The chapter house's bell board: readers share the lock, the closer takes it exclusively.
class BellBoard {
 public:
  void strike(const std::string& hour) {
    std::shared_lock<std::shared_mutex> lk(mu_);
    if (retired_) return;
    siren_.sound(hour);  // OK: retire() cannot take the exclusive lock meanwhile
  }
  void retire() {
    std::unique_lock<std::shared_mutex> lk(mu_);
    if (retired_) return;
    retired_ = true;
    siren_.shutdown();  // OK: once, under the exclusive lock
  }

 private:
  std::shared_mutex mu_;
  bool retired_ = false;
  MealSiren siren_;
};

void vespers(Refectory& r, BellBoard& board) {
  std::thread cantor([&] { r.sound_now("vespers"); });
  board.strike("sixth hour");
  cantor.join();
  r.close();
  r.sound_now("late vespers");  // OK: sound_now returns early once closing_ is set
  board.retire();
  board.strike("compline");  // OK: strike returns early once retired
}
