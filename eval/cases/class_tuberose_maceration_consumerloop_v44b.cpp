// Ingest worker of an enfleurage workshop's maceration room. It consumes the
// tuberose maceration readings from Kafka (RdKafka::KafkaConsumer) and streams
// each batch to the archive cluster over a Cassandra streaming channel. A
// revoke listener registered with the worker's GroupCoordinator commits the
// consumer's offsets when partitions are taken away.
// Bugs: runWorker() leaves the group after shutdown() closed the consumer, and
// the listener still registered commits on it; archiveBatch() closes the
// channel when a send fails and still sends the batch trailer on it.
// drainWorker() removes the listener before leaving, and abandonBatch() checks
// isClosed().
#include "messaging.h"

#include <atomic>
#include <exception>
#include <functional>
#include <string>
#include <vector>

namespace maceration {

struct Reading {
  std::string vat;
  double temperatureC;
  double hoursSteeped;
  std::string encode() const {
    return vat + ";" + std::to_string(temperatureC) + ";" + std::to_string(hoursSteeped);
  }
};

// Decodes a consumed message and frees it (defined with the payload codec).
bool decodeReading(RdKafka::Message *message, Reading &out);

class GroupCoordinator {
public:
  using RevokeListener = std::function<void(const std::vector<std::string> &)>;
  void onRevoke(RevokeListener listener) { listeners_.push_back(std::move(listener)); }
  void clearListeners() { listeners_.clear(); }
  void leaveGroup() {
    for (auto &listener : listeners_)
      listener(assigned_);
    assigned_.clear();
  }
  void assign(std::vector<std::string> partitions) { assigned_ = std::move(partitions); }

private:
  std::vector<RevokeListener> listeners_;
  std::vector<std::string> assigned_;
};

class MacerationIngest {
public:
  MacerationIngest(RdKafka::KafkaConsumer *consumer, GroupCoordinator &coordinator)
      : consumer_(consumer), coordinator_(coordinator) {}

  void start() {
    consumer_->subscribe({"enfleurage.maceration"});
    RdKafka::KafkaConsumer *consumer = consumer_;
    coordinator_.onRevoke([consumer](const std::vector<std::string> &) {
      consumer->commitSync(); // SAME: revoke
    });
  }

  bool pollOnce(std::vector<Reading> &batch) {
    if (closed_)
      return false;
    RdKafka::Message *message = consumer_->consume(200); // OK: closed_ checked first
    Reading reading;
    if (message != nullptr && decodeReading(message, reading))
      batch.push_back(reading);
    return true;
  }

  void shutdown() {
    if (closed_)
      return;
    consumer_->commitSync();
    consumer_->close();
    closed_ = true;
  }

private:
  RdKafka::KafkaConsumer *consumer_;
  GroupCoordinator &coordinator_;
  bool closed_ = false;
};

bool archiveBatch(cassandra::StreamingMultiplexedChannel &channel,
                  const std::vector<Reading> &batch) {
  bool complete = true;
  for (const Reading &reading : batch) {
    try {
      channel.sendMessage(channel.controlChannel(), {"reading", reading.encode()});
    } catch (const std::exception &) {
      channel.close();
      complete = false;
      break;
    }
  }
  channel.sendControlMessage({"batch-end", std::to_string(batch.size())}); // BUG: use-after-close
  return complete;
}

void abandonBatch(cassandra::StreamingMultiplexedChannel &channel, const std::string &why) {
  if (!channel.isClosed())
    channel.sendControlMessage({"batch-abort", why}); // OK: isClosed() checked
  channel.close();
}

void runWorker(MacerationIngest &ingest, GroupCoordinator &coordinator,
               const std::atomic<bool> &stopRequested) {
  ingest.start();
  std::vector<Reading> batch;
  while (!stopRequested.load() && ingest.pollOnce(batch)) {
  }
  ingest.shutdown();
  coordinator.leaveGroup(); // BUG: use-after-close #revoke
}

void drainWorker(MacerationIngest &ingest, GroupCoordinator &coordinator) {
  ingest.shutdown();
  coordinator.clearListeners();
  coordinator.leaveGroup(); // OK: the listener holding the consumer was removed
}

} // namespace maceration
