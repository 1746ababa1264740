// ProposalInbox: consumes observing proposals ("SCAN ...", "CANCEL ...") from
// the scheduler's Kafka topic on its own thread and hands them to a handler.
#pragma once
#include "messaging.h"
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

// Thin glue over librdkafka, implemented in the vendored rdk shim library.
namespace rdkshim {
std::unique_ptr<RdKafka::KafkaConsumer>
makeConsumer(const std::string &brokers, const std::string &group);
bool decodeProposal(RdKafka::Message *message, std::string &verb,
                    std::string &argument);
void releaseMessage(RdKafka::Message *message);
} // namespace rdkshim

class ProposalInbox {
public:
  using Handler =
      std::function<void(const std::string &verb, const std::string &arg)>;

  ProposalInbox(std::unique_ptr<RdKafka::KafkaConsumer> consumer,
                Handler handler);
  ~ProposalInbox();
  ProposalInbox(const ProposalInbox &) = delete;
  ProposalInbox &operator=(const ProposalInbox &) = delete;

  void start(const std::vector<std::string> &topics);
  /// Stops the polling thread and closes the consumer.
  void stop();
  /// While paused, proposals are kept aside instead of handled.
  void pause();
  void resume();
  /// Hands proposals kept aside while paused to the handler.
  void replayDeferred();

private:
  void poll();
  std::unique_ptr<RdKafka::KafkaConsumer> consumer_;
  Handler handler_;
  std::atomic<bool> running_{false};
  std::atomic<bool> paused_{false};
  std::mutex mu_;
  std::vector<std::pair<std::string, std::string>> deferred_;
  std::thread thread_;
};
