// InvalidationListener: consumes "tile changed" events published by the data
// pipeline and hands the affected keys to the server, which purges them from
// the cache on its main thread.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "messaging.h"
#include "tile_key.h"

namespace tilesrv {

// Provided by the platform's librdkafka glue library.
std::unique_ptr<RdKafka::KafkaConsumer> createConsumer(const std::string &brokers, const std::string &groupId);
bool messagePayload(const RdKafka::Message *message, std::string &payload);
void releaseMessage(RdKafka::Message *message);

class InvalidationListener {
public:
  using PurgeFn = std::function<void(std::vector<TileKey>)>;

  InvalidationListener(std::unique_ptr<RdKafka::KafkaConsumer> consumer, std::string topic, PurgeFn purge);
  ~InvalidationListener();

  InvalidationListener(const InvalidationListener &) = delete;
  InvalidationListener &operator=(const InvalidationListener &) = delete;

  void start();
  void stop();

private:
  void loop();

  std::unique_ptr<RdKafka::KafkaConsumer> consumer_;
  const std::string topic_;
  PurgeFn purge_;
  std::atomic<bool> running_{false};
  std::thread thread_;
  bool stopped_ = false;
  bool commitOnStop_ = true;
};

} // namespace tilesrv
