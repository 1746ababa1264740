// Bellfounder's pouring floor: the crucible is tilted by a rack-and-pinion drive, and the mould
// temperature probes and the cooling fan sit on their own lines; each is a DriveLink. Pour
// commands come from a worker thread; the foreman closes the links when the pour is finished.
// Correct as written: every use on another thread re-checks the owner's flag under the same mutex
// the closer holds while it closes (plain mutex with a condition variable wait, a shared_mutex for
// the probe readers with a fast-path atomic that is re-checked under the lock), or the closer
// joins the worker thread before closing.
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <shared_mutex>
#include <stdexcept>
#include <string>
#include <thread>

class DriveLink {
 public:
  explicit DriveLink(const std::string& dev) : fd_(::open(dev.c_str(), O_RDWR)) {
    if (fd_ < 0) throw std::runtime_error("drive link: cannot open " + dev);
  }
  ~DriveLink() {
    if (fd_ >= 0) ::close(fd_);
  }
  void command(const char* verb, int value) {
    if (fd_ < 0) throw std::runtime_error("drive link closed");
    char buf[32];
    int n = std::snprintf(buf, sizeof buf, "%s %d\n", verb, value);
    if (::write(fd_, buf, static_cast<size_t>(n)) != n) throw std::runtime_error("drive link: write failed");
  }
  void close() {
    if (fd_ < 0) throw std::runtime_error("drive link already closed");
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

class PourController {
 public:
  explicit PourController(const std::string& dev) : tilt_(dev) {
    worker_ = std::thread([this] { run(); });
  }
  void request(int degrees) {
    std::lock_guard<std::mutex> lk(mu_);
    if (finished_) return;
    pending_.push_back(degrees);
    cv_.notify_one();
  }
  void finish() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (finished_) return;
      finished_ = true;
      tilt_.close();  // OK: the worker only tilts while holding mu_ and seeing !finished_
    }
    cv_.notify_all();
    worker_.join();
  }
  ~PourController() { finish(); }  // OK: finish() returns early once finished

 private:
  void run() {
    std::unique_lock<std::mutex> lk(mu_);
    for (;;) {
      cv_.wait(lk, [this] { return finished_ || !pending_.empty(); });
      if (finished_) return;
      int deg = pending_.front();
      pending_.pop_front();
      tilt_.command("TILT", deg);  // OK: still holding mu_ after checking finished_
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<int> pending_;
  bool finished_ = false;
  DriveLink tilt_;
  std::thread worker_;
};

class ProbeBoard {
 public:
  explicit ProbeBoard(const std::string& dev) : probe_(dev) {}
  bool sample(int mould) {
    if (closed_fast_.load(std::memory_order_acquire)) return false;  // fast path, re-checked below
    std::shared_lock<std::shared_mutex> lk(mu_);
    if (closed_) return false;
    probe_.command("READ", mould);  // OK: re-checked under the shared lock the closer excludes
    return true;
  }
  void close() {
    std::unique_lock<std::shared_mutex> lk(mu_);
    if (closed_) return;
    closed_ = true;
    closed_fast_.store(true, std::memory_order_release);
    probe_.close();  // OK: no reader holds the shared lock while this runs
  }

 private:
  std::shared_mutex mu_;
  bool closed_ = false;
  std::atomic<bool> closed_fast_{false};
  DriveLink probe_;
};

void pour_bell(const std::string& tilt_dev, const std::string& probe_dev, const std::string& cooler_dev) {
  PourController pour(tilt_dev);
  ProbeBoard probes(probe_dev);
  std::thread sampler([&probes] {
    for (int mould = 0; mould < 12; ++mould)
      if (!probes.sample(mould)) break;  // OK: sample() reports a closed board
  });
  for (int deg = 5; deg <= 60; deg += 5) pour.request(deg);
  pour.finish();
  probes.close();
  sampler.join();

  DriveLink cooler(cooler_dev);
  std::atomic<bool> cooling{true};
  std::thread fan([&cooler, &cooling] {
    while (cooling.load()) {
      cooler.command("FAN", 100);  // OK: the closer joins this thread before closing
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  });
  std::this_thread::sleep_for(std::chrono::seconds(2));
  cooling = false;
  fan.join();
  cooler.close();  // OK: after the join
}
