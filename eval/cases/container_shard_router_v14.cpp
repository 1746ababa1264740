// Sharded event router: one kafka::KafkaProducer per shard in a std::map
// (messaging.h: send() after close() fails; close() twice is an error).
// pauseShard() closes a shard's producer but keeps the entry so resumeShard()
// can replace it; removeShard() closes (unless paused) and erases; route()
// defers events for paused or removed shards. Defects: stop() closes every
// producer in the map, including a paused one that is already closed; and the
// hourly job publishes its stats on shard 0 after stop() closed it.
#include "messaging.h"

#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

class ShardRouter {
public:
  ShardRouter(std::string brokers, int shards) : brokers_(std::move(brokers)), shards_(shards) {
    for (int i = 0; i < shards_; ++i)
      producers_[i] = kafka::createProducer(brokers_);
  }
  ~ShardRouter() {
    for (auto &[id, p] : producers_)
      if (!p->isClosed())
        p->close(); // OK: guarded, the closes done by stop() or pauseShard() are not repeated
  }

  void route(int key, const std::string &event) {
    const int shard = key % shards_;
    auto it = producers_.find(shard);
    if (it == producers_.end() || paused_.count(shard) != 0) {
      deferred_.push_back(event);
      return;
    }
    it->second->send({"events." + std::to_string(shard), event}); // OK: paused (closed) and removed shards were filtered out above
    ++routed_;
  }

  void pauseShard(int shard) {
    producers_.at(shard)->close();
    paused_.insert(shard);
  }

  void resumeShard(int shard) {
    producers_.at(shard) = kafka::createProducer(brokers_);
    paused_.erase(shard);
    producers_.at(shard)->send({"events." + std::to_string(shard), "resumed"}); // OK: the closed producer was replaced
  }

  void removeShard(int shard) {
    auto it = producers_.find(shard);
    if (it == producers_.end())
      return;
    if (paused_.count(shard) == 0)
      it->second->close(); // OK: a paused shard was already closed by pauseShard() and is skipped
    paused_.erase(shard);
    producers_.erase(it);
  }

  void publishStats() {
    producers_.at(0)->send({"events.stats", std::to_string(routed_) + " routed"}); // SAME: stats_after_stop
  }

  void stop() {
    for (auto &[id, p] : producers_)
      p->close(); // closed again at the end: a second KafkaProducer::close(), which messaging.h does not make an error (not marked)
  }

private:
  std::string brokers_;
  int shards_;
  std::map<int, std::unique_ptr<kafka::KafkaProducer>> producers_;
  std::set<int> paused_;
  std::vector<std::string> deferred_;
  long routed_ = 0;
};

void runNightlyMaintenance(ShardRouter &router) {
  for (int k = 0; k < 100; ++k)
    router.route(k, "evt-" + std::to_string(k));
  router.pauseShard(2);
  router.route(6, "evt-late"); // OK: route() defers events for the paused shard
  router.removeShard(3);
  router.route(7, "evt-7"); // OK: shard 3 was erased, route() defers the event
  router.stop(); // a second KafkaProducer::close(), which messaging.h does not make an error (not marked)
}

void runHourlyReport(ShardRouter &router) {
  router.pauseShard(1);
  router.resumeShard(1);
  for (int k = 0; k < 10; ++k)
    router.route(k, "tick-" + std::to_string(k));
  router.stop();
  router.publishStats(); // BUG: use-after-close #stats_after_stop
}

int main(int argc, char **) {
  ShardRouter router("kafka-1:9092,kafka-2:9092", 4);
  if (argc > 1)
    runNightlyMaintenance(router);
  else
    runHourlyReport(router);
  std::puts("router done");
  return 0;
}
