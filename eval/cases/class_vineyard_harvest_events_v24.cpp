// Vineyard harvest tracking: the weighbridge at the crush pad publishes every
// bin weigh-in and every refractometer (Brix) reading to Kafka; when a block
// is finished the publisher emits a block summary, and at the end of the
// vintage the producer is flushed and shut down.
#include "messaging.h"

#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct BinWeighIn {
  std::string block;
  int binNo = 0;
  double kg = 0.0;
};

class HarvestPublisher {
public:
  explicit HarvestPublisher(std::string brokers)
      : brokers_(std::move(brokers)),
        producer_(kafka::createProducer(brokers_)) {}

  void publishWeighIn(const BinWeighIn &w);
  void publishBrix(const std::string &block, double brix);
  void finishBlock(const std::string &block);
  void reconnect();
  void shutdown();
  void closeVintage();

private:
  static std::string toJson(const BinWeighIn &w);

  std::string brokers_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::map<std::string, double> kgByBlock_;
};

std::string HarvestPublisher::toJson(const BinWeighIn &w) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "{\"block\":\"%s\",\"bin\":%d,\"kg\":%.1f}",
                w.block.c_str(), w.binNo, w.kg);
  return buf;
}

void HarvestPublisher::publishWeighIn(const BinWeighIn &w) {
  kgByBlock_[w.block] += w.kg;
  producer_->send({"harvest.weighins", toJson(w)}); // SAME: straggler_bin
}

void HarvestPublisher::publishBrix(const std::string &block, double brix) {
  if (producer_->isClosed())
    return;
  char buf[96];
  std::snprintf(buf, sizeof buf, "{\"block\":\"%s\",\"brix\":%.1f}",
                block.c_str(), brix);
  producer_->send({"harvest.brix", buf}); // OK
}

void HarvestPublisher::finishBlock(const std::string &block) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "{\"block\":\"%s\",\"totalKg\":%.1f}",
                block.c_str(), kgByBlock_[block]);
  producer_->send({"harvest.blocks", buf});
  producer_->flush();
}

void HarvestPublisher::reconnect() {
  if (!producer_->isClosed())
    producer_->close(std::chrono::milliseconds(5000));
  producer_ = kafka::createProducer(brokers_);
  producer_->send({"harvest.control", "{\"event\":\"reconnected\"}"}); // OK
}

void HarvestPublisher::shutdown() {
  producer_->flush();
  producer_->close(std::chrono::milliseconds(10000));
}

void HarvestPublisher::closeVintage() {
  for (const auto &entry : kgByBlock_)
    std::printf("%s: %.1f kg\n", entry.first.c_str(), entry.second);
  producer_->close(std::chrono::milliseconds(10000));
  if (producer_->pendingCount() > 0)
    producer_->flush(); // BUG: use-after-close
}

class CrushPad {
public:
  explicit CrushPad(HarvestPublisher &pub) : pub_(pub) {}

  void onBin(const BinWeighIn &w) {
    if (w.kg <= 0.0)
      return;
    pub_.publishWeighIn(w);
  }

  void onBrix(const std::string &block, double brix) {
    lastBlock_ = block;
    lastBrix_ = brix;
    pub_.publishBrix(block, brix);
  }

  void endOfDay(const std::vector<BinWeighIn> &unweighedQueue) {
    pub_.shutdown();
    for (const BinWeighIn &w : unweighedQueue) {
      if (w.kg > 0.0)
        pub_.publishWeighIn(w); // BUG: use-after-close #straggler_bin
    }
    if (!lastBlock_.empty())
      pub_.publishBrix(lastBlock_, lastBrix_); // OK
  }

private:
  HarvestPublisher &pub_;
  std::string lastBlock_;
  double lastBrix_ = 0.0;
};
