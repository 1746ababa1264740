// ProposalInbox: polls the scheduler's topic on its own thread. stop() joins
// the polling thread before it closes the consumer, so consume()/commitSync()
// on that thread never overlap the close.
#include "proposal_inbox.h"

#include <stdexcept>
#include <utility>

ProposalInbox::ProposalInbox(std::unique_ptr<RdKafka::KafkaConsumer> consumer,
                             Handler handler)
    : consumer_(std::move(consumer)), handler_(std::move(handler)) {}

ProposalInbox::~ProposalInbox() {
  running_ = false;
  if (thread_.joinable())
    thread_.join();
  consumer_->close(); // BUG: double-close
}

void ProposalInbox::start(const std::vector<std::string> &topics) {
  if (consumer_->subscribe(topics) != 0)
    throw std::runtime_error("proposal inbox: subscribe failed");
  running_ = true;
  thread_ = std::thread([this] { poll(); });
}

void ProposalInbox::poll() {
  while (running_.load()) {
    RdKafka::Message *message = consumer_->consume(250); // OK
    if (message == nullptr)
      continue;
    std::string verb;
    std::string argument;
    const bool decoded = rdkshim::decodeProposal(message, verb, argument);
    rdkshim::releaseMessage(message);
    if (!decoded)
      continue;
    if (paused_.load()) {
      std::lock_guard<std::mutex> lock(mu_);
      deferred_.emplace_back(std::move(verb), std::move(argument));
      continue;
    }
    try {
      handler_(verb, argument);
    } catch (const std::exception &) {
      // A rejected proposal is the scheduler's problem; keep consuming.
    }
    consumer_->commitSync(); // OK
  }
}

void ProposalInbox::stop() {
  running_ = false;
  if (thread_.joinable())
    thread_.join();
  consumer_->close(); // OK
}

void ProposalInbox::pause() { paused_ = true; }

void ProposalInbox::resume() {
  paused_ = false;
  replayDeferred();
}

void ProposalInbox::replayDeferred() {
  std::vector<std::pair<std::string, std::string>> batch;
  {
    std::lock_guard<std::mutex> lock(mu_);
    batch.swap(deferred_);
  }
  for (const auto &proposal : batch)
    handler_(proposal.first, proposal.second);
}
