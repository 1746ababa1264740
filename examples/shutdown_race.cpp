#include "producer.h"
#include <atomic>
#include <thread>

namespace messaging {

/// Kafka's trigger: a worker thread keeps sending while shutdown closes the
/// producer. The record's fix: stop and join the senders, then close.
class Pipeline {
public:
  void start() {
    Worker = std::thread([this] {
      while (Running)
        Producer.send({"metrics", "tick"});
    });
  }

  /// Risky: the worker may still be inside send() when close() runs.
  void shutdownRisky() {
    Producer.close();
    Running = false;
    Worker.join();
  }

  /// Fixed: stop producing, join the sender, then close.
  void shutdownFixed() {
    Running = false;
    Worker.join();
    Producer.close();
  }

private:
  std::atomic<bool> Running{true};
  std::thread Worker;
  KafkaProducer Producer;
};

void runPipeline(bool Risky) {
  Pipeline P;
  P.start();
  if (Risky)
    P.shutdownRisky();
  else
    P.shutdownFixed();
}

} // namespace messaging
