// goniod — ProposalInbox: consumes user-office requests from Kafka on the
// inbox thread and hands each one to the handler; offsets are committed every
// 50 requests and when the pump ends. A request the handler rejects as poison
// closes the inbox.
#include "proposal_inbox.h"

#include <stdexcept>

#include "elog.h"

namespace goniod {

ProposalInbox::ProposalInbox(std::unique_ptr<RdKafka::KafkaConsumer> consumer,
                             const std::vector<std::string> &topics)
    : consumer_(std::move(consumer)) {
  if (consumer_->subscribe(topics) != 0)
    throw std::runtime_error("cannot subscribe to the user-office topics");
}

ProposalInbox::~ProposalInbox() {
  close(); // OK: close() returns at the state check when the inbox is already closed
}

void ProposalInbox::pump(const Handler &handle, const std::atomic<bool> &quit) {
  int since_commit = 0;
  while (!quit) {
    RdKafka::Message *msg = nullptr;
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (state_ != State::Live)
        return;
      msg = consumer_->consume(250); // OK: state_ is checked under the lock close() takes
    }
    if (msg == nullptr)
      continue;
    const std::string text = message_text(*msg);
    release_message(msg);
    if (!handle(text)) {
      elog().append("user-office request rejected as poison, closing the inbox: " + text);
      close();
      break;
    }
    if (++since_commit >= 50) {
      std::lock_guard<std::mutex> lk(mu_);
      if (state_ == State::Live)
        consumer_->commitSync(); // OK: committed only while the inbox is live
      since_commit = 0;
    }
  }
  consumer_->commitSync(); // BUG: use-after-close
}

void ProposalInbox::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ != State::Live)
    return;
  state_ = State::Closed;
  consumer_->commitSync();
  consumer_->close();
}

} // namespace goniod
