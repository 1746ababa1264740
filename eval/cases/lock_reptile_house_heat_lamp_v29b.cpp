// Reptile house heat-lamp controller. A timer thread samples the basking-spot
// temperatures and appends them to the enclosure log; the sensor bus thread
// calls onOverheat() when a probe trips. shutdown() (called from the keeper
// console thread at closing time) closes the log under the log mutex and marks
// it closed, and both writers consult that mark before logging.
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

namespace reptilehouse {

struct Probe {
  int enclosure = 0;
  double celsius = 0.0;
};

Probe readBaskingSpot(int enclosure);
void setLamp(int enclosure, bool on);

class HeatLampController {
public:
  HeatLampController(FILE *log, int enclosures)
      : log_(log), enclosures_(enclosures) {}

  void start() { timer_ = std::thread([this] { sampleLoop(); }); }

  void onOverheat(const Probe &p) {
    setLamp(p.enclosure, false);
    if (logClosed_)
      return;
    std::lock_guard<std::mutex> lock(logMu_);
    std::fprintf(log_, "OVERHEAT enclosure=%d %.1fC lamp off\n", p.enclosure, // BUG: use-after-close #overheat_line
                 p.celsius);
  }

  void shutdown() {
    {
      std::lock_guard<std::mutex> lock(logMu_);
      if (logClosed_)
        return;
      std::fflush(log_); // OK
      std::fclose(log_); // SAME: overheat_line
      logClosed_ = true;
    }
    stopCv_.notify_all();
    if (timer_.joinable())
      timer_.join();
  }

private:
  void sampleLoop() {
    std::unique_lock<std::mutex> lock(logMu_);
    while (!logClosed_) {
      for (int e = 0; e < enclosures_; ++e) {
        Probe p = readBaskingSpot(e);
        std::fprintf(log_, "enclosure=%d %.1fC\n", p.enclosure, p.celsius); // OK
      }
      std::fflush(log_); // OK
      stopCv_.wait_for(lock, std::chrono::seconds(60),
                       [this] { return logClosed_; });
    }
  }

  FILE *log_;
  int enclosures_;
  std::mutex logMu_;
  std::condition_variable stopCv_;
  std::thread timer_;
  bool logClosed_ = false;
};

} // namespace reptilehouse
