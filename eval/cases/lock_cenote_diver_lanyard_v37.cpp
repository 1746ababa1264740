// Cenote cave-diving support: a DiveMonitor streams a diver's pings and depth
// readings to the surface team over one TelemetryLink (a serial fd). The
// monitor's stop() sets surfacing_ and closes the link while holding mu_.
// The ping thread checks surfacing_ and sends while holding mu_, so it can
// never send after the close. The depth thread copies the flag under mu_ but
// sends after unlocking, so stop() can close the link in between.
// ReelCounter joins its thread before closing and needs no flag at all.
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

class TelemetryLink {
 public:
  explicit TelemetryLink(const char* dev) : fd_(::open(dev, O_WRONLY | O_NOCTTY)) {
    if (fd_ < 0) throw std::runtime_error("telemetry link: open failed");
  }
  void send(const std::string& line) {
    if (fd_ < 0) throw std::runtime_error("telemetry link closed");
    if (::write(fd_, line.data(), line.size()) < 0) throw std::runtime_error("telemetry link: write failed");
  }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

std::string read_depth_sensor() { return "depth 31.4\n"; }

class DiveMonitor {
 public:
  explicit DiveMonitor(const char* dev) : link_(dev) {}
  void start() {
    pinger_ = std::thread([this] { ping_loop(); });
    depth_ = std::thread([this] { depth_loop(); });
  }
  void stop() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      surfacing_ = true;
      link_.close();  // SAME: depth
    }
    cv_.notify_all();
    if (pinger_.joinable()) pinger_.join();
    if (depth_.joinable()) depth_.join();
  }

 private:
  void ping_loop() {
    std::unique_lock<std::mutex> lk(mu_);
    while (!surfacing_) {
      link_.send("ping\n");  // OK: surfacing_ checked under mu_, which stop() holds while closing
      cv_.wait_for(lk, std::chrono::seconds(2));
    }
  }
  void depth_loop() {
    for (;;) {
      bool up;
      {
        std::lock_guard<std::mutex> lk(mu_);
        up = surfacing_;
      }
      if (up) return;
      link_.send(read_depth_sensor());  // BUG: use-after-close #depth
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  bool surfacing_ = false;
  TelemetryLink link_;
  std::thread pinger_;
  std::thread depth_;
};

// Counts lanyard reel turns; the thread is joined before the link is closed.
class ReelCounter {
 public:
  explicit ReelCounter(const char* dev) : link_(dev) {}
  void start() {
    worker_ = std::thread([this] {
      for (int turn = 0; turn < 50; ++turn) {
        {
          std::lock_guard<std::mutex> lk(mu_);
          if (done_) break;
        }
        link_.send("turn\n");  // OK: stop() joins this thread before closing the link
      }
    });
  }
  void stop() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      done_ = true;
    }
    if (worker_.joinable()) worker_.join();
    link_.close();  // OK: no thread uses the link any more
  }

 private:
  std::mutex mu_;
  bool done_ = false;
  TelemetryLink link_;
  std::thread worker_;
};
