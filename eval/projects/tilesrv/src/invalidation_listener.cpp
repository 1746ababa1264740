// InvalidationListener: a consumer thread reads tile invalidations (one
// "style/z/x/y" per line), batches them and passes each batch to the purge
// callback, committing offsets once a batch has been handed over.
#include "invalidation_listener.h"

#include <sstream>
#include <stdexcept>

#include "log.h"

namespace tilesrv {
namespace {
constexpr std::size_t kBatch = 256;
constexpr int kPollMs = 500;
} // namespace

InvalidationListener::InvalidationListener(std::unique_ptr<RdKafka::KafkaConsumer> consumer, std::string topic,
                                           PurgeFn purge)
    : consumer_(std::move(consumer)), topic_(std::move(topic)), purge_(std::move(purge)) {}

InvalidationListener::~InvalidationListener() { stop(); }

void InvalidationListener::start() {
  if (running_.load() || stopped_)
    return;
  if (consumer_->subscribe({topic_}) != 0)
    throw std::runtime_error("cannot subscribe to invalidation topic " + topic_);
  running_ = true;
  thread_ = std::thread([this] { loop(); });
}

void InvalidationListener::loop() {
  std::vector<TileKey> batch;
  auto handOver = [&] {
    if (batch.empty())
      return;
    purge_(std::move(batch));
    batch.clear();
    if (consumer_->commitSync() != 0) // OK: stop() joins this thread before closing the consumer
      log::warn("invalidations: offset commit failed, batch may be replayed");
  };

  while (running_.load()) {
    RdKafka::Message *message = consumer_->consume(kPollMs); // OK
    if (!message) {
      handOver();
      continue;
    }
    std::string payload;
    if (messagePayload(message, payload)) {
      std::istringstream lines(payload);
      std::string line;
      while (std::getline(lines, line)) {
        if (std::optional<TileKey> key = parseTileKey(line))
          batch.push_back(std::move(*key));
      }
    }
    releaseMessage(message);
    if (batch.size() >= kBatch)
      handOver();
  }
  handOver();
}

void InvalidationListener::stop() {
  if (stopped_)
    return;
  stopped_ = true;
  running_ = false;
  if (thread_.joinable())
    thread_.join();
  consumer_->close();
  if (commitOnStop_ && consumer_->commitSync() != 0) // BUG: use-after-close
    log::warn("invalidations: final offset commit failed");
  log::info("invalidation listener on %s stopped", topic_.c_str());
}

} // namespace tilesrv
