// Dugong seagrass survey: satellite tags on the animals report surfacing
// events and dive profiles. Each feed has a worker thread that forwards
// readings to a TagUplink; stop() sets the feed's own `stopped_` flag and
// closes the uplink while holding the feed's mutex. SurfacingFeed checks the
// flag and sends under that same mutex, so the close cannot slip in between.
// DiveFeed checks the flag under the mutex but sends after unlocking (to keep
// the slow send out of the critical section), so stop() can close the uplink
// between the check and the send.
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class TagUplink {
 public:
  explicit TagUplink(std::string tag) : tag_(std::move(tag)) {}
  void send(const std::string& reading) {
    if (closed_) throw std::runtime_error("tag uplink " + tag_ + " closed");
    sent_.push_back(reading);
  }
  void close() { closed_ = true; }

 private:
  std::string tag_;
  bool closed_ = false;
  std::vector<std::string> sent_;
};

std::string next_reading(int i) { return "depth=" + std::to_string(i % 12); }

class SurfacingFeed {
 public:
  explicit SurfacingFeed(const std::string& tag) : uplink_(tag) {
    worker_ = std::thread([this] { run(); });
  }
  ~SurfacingFeed() { stop(); }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stopped_) return;
      stopped_ = true;
      uplink_.close();  // OK: the worker only sends while holding mu_
    }
    if (worker_.joinable()) worker_.join();
  }

 private:
  void run() {
    for (int i = 0;; ++i) {
      {
        std::lock_guard<std::mutex> lock(mu_);
        if (stopped_) return;
        uplink_.send(next_reading(i));  // OK: checked and sent under the closer's mutex
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }

  std::mutex mu_;
  bool stopped_ = false;
  TagUplink uplink_;
  std::thread worker_;
};

class DiveFeed {
 public:
  explicit DiveFeed(const std::string& tag) : uplink_(tag) {
    worker_ = std::thread([this] { run(); });
  }
  ~DiveFeed() { stop(); }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stopped_) return;
      stopped_ = true;
      uplink_.close();  // SAME: dive
    }
    if (worker_.joinable()) worker_.join();
  }

 private:
  void run() {
    for (int i = 0;; ++i) {
      std::string reading = next_reading(i);
      {
        std::lock_guard<std::mutex> lock(mu_);
        if (stopped_) return;
      }
      uplink_.send(reading);  // BUG: use-after-close #dive
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }

  std::mutex mu_;
  bool stopped_ = false;
  TagUplink uplink_;
  std::thread worker_;
};

void survey_day() {
  SurfacingFeed surfacing("dugong-07");
  DiveFeed dive("dugong-07-dive");
  std::this_thread::sleep_for(std::chrono::seconds(2));
  surfacing.stop();
  dive.stop();
  surfacing.stop();  // OK: stop() returns early once stopped_ is set
}
