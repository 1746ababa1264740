// Cold-room monitoring at an abattoir. Carcass-chiller temperatures are
// published to the plant's Kafka cluster from a sampler thread; door alarms
// are published from the door controller's callback thread. shutdown() marks
// the monitor closed and closes the producer under close_mu_. The sampler
// checks the flag and publishes under close_mu_; the door alarm callback
// checks the flag under the queue mutex it already holds for its own
// bookkeeping and publishes there.
#include "messaging.h"

#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

struct ChillerSample {
  int room;
  double airC;
  double coreC;
};

class ColdRoomMonitor {
public:
  explicit ColdRoomMonitor(kafka::KafkaProducer &producer) : producer_(producer) {}
  ~ColdRoomMonitor() { shutdown(); }

  void start(std::vector<int> rooms) {
    sampler_ = std::thread([this, rooms = std::move(rooms)] {
      for (;;) {
        for (int room : rooms) {
          ChillerSample s = readProbe(room);
          std::lock_guard<std::mutex> lock(close_mu_);
          if (closed_)
            return;
          producer_.send({"coldroom.temp", encode(s)}); // OK
        }
        std::this_thread::sleep_for(std::chrono::seconds(2));
      }
    });
  }

  // Called on the door controller's thread.
  void onDoorHeld(int room, int seconds) {
    std::lock_guard<std::mutex> lock(queue_mu_);
    ++doorEvents_;
    if (closed_)
      return;
    const std::string held = std::to_string(room) + ":" + std::to_string(seconds);
    producer_.send({"coldroom.door", held}); // BUG: use-after-close #door_alarm
  }

  void shutdown() {
    {
      std::lock_guard<std::mutex> lock(close_mu_);
      if (closed_)
        return;
      closed_ = true;
      producer_.flush();
      producer_.close(); // SAME: door_alarm
    }
    if (sampler_.joinable())
      sampler_.join();
  }

  void shiftReport() {
    std::lock_guard<std::mutex> lock(close_mu_);
    if (closed_)
      return;
    producer_.send({"coldroom.shift", std::to_string(doorEvents())}); // OK
    producer_.flush(); // OK
  }

private:
  int doorEvents() {
    std::lock_guard<std::mutex> lock(queue_mu_);
    return doorEvents_;
  }

  static ChillerSample readProbe(int room) { return {room, 1.5, 6.8}; }

  static std::string encode(const ChillerSample &s) {
    return std::to_string(s.room) + ":" + std::to_string(s.airC) + "/" +
           std::to_string(s.coreC);
  }

  kafka::KafkaProducer &producer_;
  std::mutex close_mu_;
  std::mutex queue_mu_;
  bool closed_ = false;
  int doorEvents_ = 0;
  std::thread sampler_;
};
