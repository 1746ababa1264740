// The stage manager's tablet commands, consumed from Kafka on a poller
// thread and handed to the sink. close() ends the subscription and stops the
// poller.
#include "tabletinbox.h"

#include <cstdio>

namespace cued {

TabletInbox::TabletInbox(RdKafka::KafkaConsumer &consumer,
                         std::vector<std::string> topics, Sink sink)
    : consumer_(consumer), topics_(std::move(topics)), sink_(std::move(sink)) {}

TabletInbox::~TabletInbox() { close(); }

void TabletInbox::start() {
  if (running_.load() || closed_)
    return;
  if (consumer_.subscribe(topics_) != 0)
    std::fprintf(stderr, "tablet inbox: subscribe failed\n");
  running_.store(true, std::memory_order_release);
  poller_ = std::thread([this] { pollLoop(); });
}

void TabletInbox::pollLoop() {
  while (running_.load(std::memory_order_acquire)) {
    RdKafka::Message *msg = consumer_.consume(200); // BUG: use-after-close #inboxpoll
    if (msg == nullptr)
      continue;
    DeskCommand cmd;
    if (deskwire::decode(msg, cmd))
      sink_(cmd);
    deskwire::release(msg);
  }
}

void TabletInbox::close() {
  if (closed_)
    return;
  closed_ = true;
  consumer_.close(); // SAME: inboxpoll
  running_.store(false, std::memory_order_release);
  if (poller_.joinable())
    poller_.join();
}

} // namespace cued
