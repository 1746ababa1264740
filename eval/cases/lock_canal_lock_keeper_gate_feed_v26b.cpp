// Canal lock keeper station. Three threads report to the waterways authority:
// the level sensor, the boat counter at the upper gate, and the paddle-gear
// monitor. shutdown() raises the station's own closing flag and closes both
// feeds while holding the station mutex, then joins the threads.
#include "messaging.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>

namespace canal {

int readLevelCm() { return 412; }
int countBoats() { return 2; }
int paddleTurns() { return 14; }

class LockStation {
public:
  LockStation(EventChannel &levels, kafka::KafkaProducer &boats)
      : levels_(levels), boats_(boats) {}

  void start() {
    level_ = std::thread([this] { levelLoop(); });
    counter_ = std::thread([this] { boatLoop(); });
    paddles_ = std::thread([this] { paddleLoop(); });
  }

  void shutdown() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      closing_ = true;
      stopping_.store(true);
      levels_.close(); // SAME: levels
      boats_.close(); // SAME: boats
    }
    level_.join();
    counter_.join();
    paddles_.join();
  }

private:
  void levelLoop() {
    for (;;) {
      bool done;
      {
        std::lock_guard<std::mutex> lock(mu_);
        done = closing_;
      }
      if (done)
        return;
      levels_.send("level " + std::to_string(readLevelCm())); // BUG: use-after-close #levels
      std::this_thread::sleep_for(std::chrono::seconds(1));
    }
  }

  void boatLoop() {
    while (!stopping_.load()) {
      const int boats = countBoats();
      if (boats > 0)
        boats_.send({"canal.boats", std::to_string(boats)}); // BUG: use-after-close #boats
      std::this_thread::sleep_for(std::chrono::seconds(2));
    }
  }

  void paddleLoop() {
    for (;;) {
      const int turns = paddleTurns();
      {
        std::lock_guard<std::mutex> lock(mu_);
        if (closing_)
          return;
        levels_.send("paddles " + std::to_string(turns)); // OK
        if (turns > 12)
          levels_.send("paddle gear overrun"); // OK
      }
      std::this_thread::sleep_for(std::chrono::seconds(5));
    }
  }

  EventChannel &levels_;
  kafka::KafkaProducer &boats_;
  std::mutex mu_;
  bool closing_ = false;
  std::atomic<bool> stopping_{false};
  std::thread level_, counter_, paddles_;
};

void runShift(EventChannel &levels, kafka::KafkaProducer &boats, int hours) {
  LockStation station(levels, boats);
  station.start();
  std::this_thread::sleep_for(std::chrono::hours(hours));
  station.shutdown();
  if (levels.isOpen())
    levels.send("shift over"); // OK
}

} // namespace canal
