// An uploader keeps its completion handler in a std::function member, built
// by the constructor to publish the result on the uploader's producer.
// abort() closes the producer; run() is called once per uploader.
// ChunkUploader::run() aborts and breaks out of the loop on a corrupt chunk,
// then runs the completion handler anyway: the handler sends on the closed
// producer (bug: the handler's call; the send in the lambda is its
// same-marked line). CarefulUploader::run() returns right after
// abort(), so its handler runs only when the producer is open, and its
// handler also checks isClosed() (quiet lines).
#include "messaging.h"

#include <functional>
#include <string>
#include <vector>

struct Chunk {
  std::string bytes;
  bool corrupt = false;
};

class ChunkUploader {
public:
  explicit ChunkUploader(kafka::KafkaProducer &producer) : producer_(producer) {
    onComplete_ = [this](std::size_t sent) {
      producer_.send(kafka::ProducerRecord{"uploads", "complete " + std::to_string(sent)}); // SAME: complete
    };
  }

  void run(const std::vector<Chunk> &chunks) {
    std::size_t sent = 0;
    for (const Chunk &chunk : chunks) {
      if (chunk.corrupt) {
        abort();
        break;
      }
      producer_.send(kafka::ProducerRecord{"chunks", chunk.bytes});
      ++sent;
    }
    onComplete_(sent); // BUG: use-after-close #complete
  }

private:
  void abort() { producer_.close(); }

  kafka::KafkaProducer &producer_;
  std::function<void(std::size_t)> onComplete_;
};

class CarefulUploader {
public:
  explicit CarefulUploader(kafka::KafkaProducer &producer) : producer_(producer) {
    onComplete_ = [this](std::size_t sent) {
      if (producer_.isClosed())
        return;
      producer_.send(kafka::ProducerRecord{"uploads", "complete " + std::to_string(sent)}); // OK: checked isClosed()
    };
  }

  void run(const std::vector<Chunk> &chunks) {
    std::size_t sent = 0;
    for (const Chunk &chunk : chunks) {
      if (chunk.corrupt) {
        abort();
        return;
      }
      producer_.send(kafka::ProducerRecord{"chunks", chunk.bytes}); // OK: abort() is followed by return
      ++sent;
    }
    onComplete_(sent); // OK: not reached after abort()
  }

private:
  void abort() { producer_.close(); }

  kafka::KafkaProducer &producer_;
  std::function<void(std::size_t)> onComplete_;
};
