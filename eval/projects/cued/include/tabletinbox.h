// Receives the stage manager's tablet commands from Kafka on its own thread
// and hands each one to a sink.
#pragma once
#include "deskwire.h"
#include <atomic>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace cued {

class TabletInbox {
public:
  using Sink = std::function<void(const DeskCommand &)>;

  /// The consumer object belongs to the caller; the inbox owns the
  /// subscription and closes the consumer when it is closed or destroyed.
  TabletInbox(RdKafka::KafkaConsumer &consumer, std::vector<std::string> topics,
              Sink sink);
  ~TabletInbox();
  TabletInbox(const TabletInbox &) = delete;
  TabletInbox &operator=(const TabletInbox &) = delete;

  void start();
  void close();

private:
  void pollLoop();

  RdKafka::KafkaConsumer &consumer_;
  std::vector<std::string> topics_;
  Sink sink_;
  std::atomic<bool> running_{false};
  bool closed_ = false;
  std::thread poller_;
};

} // namespace cued
