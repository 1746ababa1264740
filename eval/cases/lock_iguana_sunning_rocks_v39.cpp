// Reptile house: heated sunning rocks for the iguanas are driven over a
// LampChannel by a background thread. RockHeater has two mutexes, one for the
// schedule and one for the channel; stop() closes the channel and sets the
// `closed_` flag under io_mu_, but the heating thread reads that flag under
// sched_mu_, so the check gives no protection and the thread can set the
// lamp on a channel that stop() has just closed. NightLamp waits on a
// condition variable with the flag under the closer's own mutex (correct),
// and the misting cycle joins its thread before closing (no race).
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

class LampChannel {
 public:
  explicit LampChannel(std::string rock) : rock_(std::move(rock)) {}
  void set_level(int percent) {
    if (closed_) throw std::runtime_error("lamp channel " + rock_ + " closed");
    level_ = percent;
  }
  void close() { closed_ = true; }

 private:
  std::string rock_;
  bool closed_ = false;
  int level_ = 0;
};

class RockHeater {
 public:
  explicit RockHeater(const std::string& rock) : lamp_(rock) {
    thread_ = std::thread([this] { heat(); });
  }
  ~RockHeater() { stop(); }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(io_mu_);
      if (closed_) return;
      lamp_.close();  // SAME: rock
      closed_ = true;
    }
    if (thread_.joinable()) thread_.join();
  }

 private:
  void heat() {
    for (int step = 0;; ++step) {
      std::lock_guard<std::mutex> lock(sched_mu_);
      if (closed_) return;
      lamp_.set_level(40 + step % 30);  // BUG: use-after-close #rock
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }

  std::mutex sched_mu_;
  std::mutex io_mu_;
  bool closed_ = false;
  LampChannel lamp_;
  std::thread thread_;
};

class NightLamp {
 public:
  explicit NightLamp(const std::string& rock) : lamp_(rock) {
    thread_ = std::thread([this] { run(); });
  }
  ~NightLamp() { stop(); }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stopping_) return;
      stopping_ = true;
      lamp_.close();  // OK: run() only touches the lamp under mu_ after checking stopping_
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
  }

 private:
  void run() {
    std::unique_lock<std::mutex> lock(mu_);
    while (!stopping_) {
      lamp_.set_level(10);  // OK: stopping_ checked under the closer's mutex
      cv_.wait_for(lock, std::chrono::seconds(30), [this] { return stopping_; });
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  LampChannel lamp_;
  std::thread thread_;
};

// Misting pulses run on a short-lived thread that is joined before the close.
void mist_cycle(const std::string& rock, int pulses) {
  LampChannel lamp(rock + "-mist");
  std::thread t([&lamp, pulses] {
    for (int i = 0; i < pulses; ++i) lamp.set_level(i % 2 == 0 ? 0 : 5);  // OK: joined before close
  });
  t.join();
  lamp.close();
}
