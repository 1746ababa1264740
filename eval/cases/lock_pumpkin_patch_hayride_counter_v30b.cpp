// Pumpkin patch hayride counters: each wagon's turnstile thread pushes rider
// counts to the ticket office over an EventChannel, the office UI can push
// totals and lost-child notices on the same channel, and the tractor beacon
// thread reports the wagon's position on its own channel. At dusk the office
// closes the wagon's channel; the beacon is stopped and its channel closed
// when the tractor is parked.
#include "messaging.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

namespace hayride {

class Turnstile {
public:
  int waitForLoad(std::chrono::seconds timeout);
};

class WagonCounter {
public:
  explicit WagonCounter(std::string wagon) : wagon_(std::move(wagon)) {
    counter_ = std::thread([this] { countLoop(); });
  }
  ~WagonCounter() {
    if (counter_.joinable())
      counter_.join();
  }

  void pushTotals(int total) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (dusk_)
      return;
    office_.send("wagon " + wagon_ + " total " + std::to_string(total)); // OK
  }

  void reportLostChild(const std::string &description) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (dusk_)
      return;
    office_.send("LOST CHILD near wagon " + wagon_ + ": " + description); // OK
  }

  void closeForDusk() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (dusk_)
      return;
    dusk_ = true;
    office_.close(); // SAME: hayride_dusk
  }

private:
  void countLoop() {
    for (;;) {
      const int riders = turnstile_.waitForLoad(std::chrono::seconds(5));
      if (riders < 0)
        continue;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (dusk_)
          return;
      }
      office_.send("wagon " + wagon_ + " riders " + std::to_string(riders)); // BUG: use-after-close #hayride_dusk
    }
  }

  std::string wagon_;
  Turnstile turnstile_;
  EventChannel office_;
  std::mutex mutex_;
  bool dusk_ = false;
  std::thread counter_;
};

class TractorBeacon {
public:
  void start() { thread_ = std::thread([this] { beaconLoop(); }); }

  void park() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      parked_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable())
      thread_.join();
    beacon_.close(); // OK
  }

private:
  void beaconLoop() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!parked_) {
      beacon_.send("tractor at field " + std::to_string(field_++ % 6)); // OK
      wake_.wait_for(lock, std::chrono::seconds(10));
    }
  }

  EventChannel beacon_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool parked_ = false;
  int field_ = 0;
  std::thread thread_;
};

} // namespace hayride
