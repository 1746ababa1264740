// goniod — requests from the user office (mounts, energies, wedges, notes)
// consumed from Kafka.
#pragma once
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "messaging.h"

namespace goniod {

// Provided by the site's librdkafka glue library.
std::unique_ptr<RdKafka::KafkaConsumer>
open_user_office_consumer(const std::string &brokers);
std::string message_text(const RdKafka::Message &msg);
void release_message(RdKafka::Message *msg);

class ProposalInbox {
public:
  // Returns false for a request that must stop the inbox (poison message).
  using Handler = std::function<bool(const std::string &text)>;

  ProposalInbox(std::unique_ptr<RdKafka::KafkaConsumer> consumer,
                const std::vector<std::string> &topics);
  ~ProposalInbox();
  ProposalInbox(const ProposalInbox &) = delete;
  ProposalInbox &operator=(const ProposalInbox &) = delete;

  void pump(const Handler &handle, const std::atomic<bool> &quit);
  void close();

private:
  enum class State { Live, Closed };
  std::unique_ptr<RdKafka::KafkaConsumer> consumer_;
  std::mutex mu_;
  State state_ = State::Live;
};

} // namespace goniod
