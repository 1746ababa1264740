// A uploader guards its sends with `sendMutex_` but stop() sets the flag and
// closes the producer under `stateMutex_`: two different mutexes do not
// serialize anything, so the close can land between the worker's check and
// its send (bug).
#include "messaging.h"

#include <mutex>
#include <string>
#include <thread>

class ChunkUploader {
public:
  explicit ChunkUploader(kafka::KafkaProducer &producer) : producer_(producer) {
    worker_ = std::thread([this] { upload(); });
  }

  void stop() {
    std::lock_guard<std::mutex> lock(stateMutex_);
    stopping_ = true;
    producer_.close(); // SAME: mutexes
  }

  void join() { worker_.join(); }

private:
  void upload() {
    for (int chunk = 0; chunk < 1024; ++chunk) {
      std::lock_guard<std::mutex> lock(sendMutex_);
      if (stopping_)
        return;
      producer_.send({"chunks", std::to_string(chunk)}); // BUG: use-after-close #mutexes
    }
  }

  kafka::KafkaProducer &producer_;
  std::mutex stateMutex_;
  std::mutex sendMutex_;
  bool stopping_ = false;
  std::thread worker_;
};
