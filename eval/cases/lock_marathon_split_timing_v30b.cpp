// City marathon timing: every timing mat has a reader thread that publishes
// chip reads to the results producer, and the sweeper bus has a GPS thread
// that publishes its position so runners can see when the course closes.
// The race director's console stops a mat when its cut-off passes and stops
// the sweeper feed when the sweeper reaches the finish.
#include "messaging.h"

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>

namespace marathon {

struct ChipRead {
  std::string chip;
  long raceMs;
};

class Antenna {
public:
  std::optional<ChipRead> next();
};

struct GpsFix {
  double lat;
  double lon;
};

class GpsReceiver {
public:
  GpsFix next();
};

class MatUplink {
public:
  MatUplink(std::string mat, const std::string &brokers)
      : mat_(std::move(mat)), results_(brokers) {}
  ~MatUplink() {
    if (reader_.joinable())
      reader_.join();
  }

  void start() { reader_ = std::thread([this] { readLoop(); }); }

  void flushPending() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (cutOff_)
      return;
    results_.flush(); // OK
  }

  void cutOff() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (cutOff_)
      return;
    cutOff_ = true;
    results_.flush();
    results_.close(); // OK
  }

private:
  void readLoop() {
    while (std::optional<ChipRead> read = antenna_.next()) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (cutOff_)
        return;
      results_.send({"splits." + mat_, read->chip + "," + std::to_string(read->raceMs)}); // OK
    }
  }

  std::string mat_;
  Antenna antenna_;
  kafka::KafkaProducer results_;
  std::mutex mutex_;
  bool cutOff_ = false;
  std::thread reader_;
};

class SweeperFeed {
public:
  explicit SweeperFeed(const std::string &brokers) : positions_(brokers) {}
  ~SweeperFeed() {
    if (gps_thread_.joinable())
      gps_thread_.join();
  }

  void start() { gps_thread_ = std::thread([this] { track(); }); }

  void reachedFinish() {
    finished_ = true;
    positions_.close(); // SAME: sweeper_finish
    if (gps_thread_.joinable())
      gps_thread_.join();
  }

private:
  void track() {
    while (!finished_.load()) {
      const GpsFix fix = gps_.next();
      positions_.send({"sweeper", std::to_string(fix.lat) + "," + std::to_string(fix.lon)}); // BUG: use-after-close #sweeper_finish
    }
  }

  GpsReceiver gps_;
  kafka::KafkaProducer positions_;
  std::atomic<bool> finished_{false};
  std::thread gps_thread_;
};

} // namespace marathon
