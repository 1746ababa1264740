// Vineyard frost protection: on cold nights wind machines are started when
// the canopy temperature nears freezing. A monitor thread sends fan commands
// over the fan controller's EventChannel and a logger thread appends to the
// night log. Negative case: the channel is only used and closed while holding
// the controller mutex, after checking the shutdown flag that the closer sets
// under that same mutex; the night log is closed only after the logger thread
// that writes it has been joined, so its unlocked atomic check never races
// the fclose.
#include "messaging.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

struct Block {
  std::string name;
  double canopyC = 4.0;
};

class FrostGuard {
public:
  FrostGuard(EventChannel &fans, std::FILE *nightLog)
      : fans_(fans), log_(nightLog) {}

  void start(std::vector<Block> blocks) {
    blocks_ = std::move(blocks);
    monitor_ = std::thread([this] { monitorLoop(); });
    logger_ = std::thread([this] { logLoop(); });
  }

  void manualStart(const std::string &block) {
    std::lock_guard<std::mutex> lock(mu_);
    if (shutdown_)
      return;
    fans_.send("START " + block); // OK
  }

  void dawn() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (shutdown_)
        return;
      shutdown_ = true;
      fans_.send("STOP ALL"); // OK
      fans_.close();
    }
    running_.store(false);
    monitor_.join();
    logger_.join();
    std::fprintf(log_, "dawn: fans stopped\n"); // OK
    std::fclose(log_);
  }

private:
  void monitorLoop() {
    while (running_.load()) {
      for (const Block &b : blocks_) {
        std::lock_guard<std::mutex> lock(mu_);
        if (shutdown_)
          return;
        if (b.canopyC < 1.0)
          fans_.send("START " + b.name); // OK
        else if (b.canopyC > 3.0)
          fans_.send("IDLE " + b.name); // OK
      }
      std::this_thread::sleep_for(std::chrono::seconds(20));
    }
  }

  void logLoop() {
    while (running_.load()) {
      for (const Block &b : blocks_)
        std::fprintf(log_, "%s %.1f\n", b.name.c_str(), b.canopyC); // OK
      std::fflush(log_); // OK
      std::this_thread::sleep_for(std::chrono::minutes(5));
    }
  }

  EventChannel &fans_;
  std::FILE *log_;
  std::vector<Block> blocks_;
  std::mutex mu_;
  bool shutdown_ = false;
  std::atomic<bool> running_{true};
  std::thread monitor_;
  std::thread logger_;
};
