// Shard router of a multi-tenant event store. Each shard publishes through a
// Kafka producer; shards on the same broker cluster share one producer
// (deduplicated by broker list). Replication links are kept both in a flat
// vector and in a per-region index, and each shard has a segment file
// descriptor kept in a map by shard id.
// KafkaProducer::send() fails after close() (a second close() is harmless);
// ReplicationChannel::send() fails with "replication channel closed" after
// close(); POSIX close() twice on the same number is a double close.
#include "messaging.h"
#include "replication.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <exception>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

class ShardRouter {
public:
  ~ShardRouter() {
    for (auto &Entry : ByBrokers)
      Entry.second->close(); // OK: shard producers retired earlier may be closed again, which is harmless
    for (auto &Entry : SegmentFds)
      ::close(Entry.second); // SAME: segfd
  }

  void addShard(int Shard, const std::string &Brokers) {
    auto It = ByBrokers.find(Brokers);
    if (It == ByBrokers.end())
      It = ByBrokers.emplace(Brokers, std::make_shared<kafka::KafkaProducer>(Brokers)).first;
    Producers[Shard] = It->second;
    SegmentFds[Shard] = ::open(("/tmp/shard-" + std::to_string(Shard) + ".seg").c_str(),
                               O_WRONLY | O_CREAT | O_APPEND, 0644);
  }

  void publish(int Shard, const std::string &Event) {
    auto It = Producers.find(Shard);
    if (It != Producers.end())
      It->second->send({"events.shard" + std::to_string(Shard), Event}); // SAME: retired
  }

  // Defect: the shard's producer may be shared with other shards on the same
  // cluster; closing it here breaks their publish().
  void retireShard(int Shard) {
    auto It = Producers.find(Shard);
    if (It == Producers.end())
      return;
    It->second->close();
    Producers.erase(It);
  }

  // Moves a shard's segment to a new shard id after a split. Defect: the
  // entry is copied, not moved; both ids now own the same descriptor.
  void renumberShard(int From, int To) {
    Producers[To] = Producers[From];
    Producers.erase(From);
    SegmentFds[To] = SegmentFds[From];
  }

  void addLink(const std::string &Region, const std::string &Peer) {
    auto Link = std::make_shared<repl::ReplicationChannel>(Peer);
    AllLinks.push_back(Link);
    ByRegion.emplace(Region, Link);
  }

  // Defect: links are closed and dropped from the region index only; the
  // flat vector used by replicateAll() still holds them.
  void closeRegion(const std::string &Region) {
    auto Range = ByRegion.equal_range(Region);
    for (auto It = Range.first; It != Range.second; ++It)
      It->second->close();
    ByRegion.erase(Range.first, Range.second);
  }

  void replicateRegion(const std::string &Region, const std::string &Frame) {
    auto Range = ByRegion.equal_range(Region);
    for (auto It = Range.first; It != Range.second; ++It)
      It->second->send(Frame); // OK: closed links were erased from ByRegion
  }

  void replicateAll(const std::string &Frame) {
    for (auto &Link : AllLinks)
      Link->send(Frame); // SAME: region
  }

  void replicateAllChecked(const std::string &Frame) {
    for (auto &Link : AllLinks)
      if (!Link->IsClosed())
        Link->send(Frame); // OK: single-threaded router, IsClosed() checked just before
  }

private:
  std::unordered_map<std::string, std::shared_ptr<kafka::KafkaProducer>> ByBrokers;
  std::map<int, std::shared_ptr<kafka::KafkaProducer>> Producers;
  std::map<int, int> SegmentFds;
  std::vector<std::shared_ptr<repl::ReplicationChannel>> AllLinks;
  std::multimap<std::string, std::shared_ptr<repl::ReplicationChannel>> ByRegion;
};

// Request boundary of the router: a failed request is logged, not fatal.
template <typename Fn> void guarded(const char *What, Fn &&Body) {
  try {
    Body();
  } catch (const std::exception &E) {
    std::fprintf(stderr, "%s: %s\n", What, E.what());
  }
}

void runRouter() {
  ShardRouter Router;
  Router.addShard(1, "kafka-eu:9092");
  Router.addShard(2, "kafka-eu:9092");
  Router.addShard(3, "kafka-us:9092");
  Router.publish(1, "tenant-9 created"); // OK: nothing retired yet
  Router.addLink("eu", "replica-eu-1:7000");
  Router.addLink("us", "replica-us-1:7000");
  Router.closeRegion("eu");
  Router.replicateRegion("us", "frame-1");
  Router.replicateAllChecked("frame-2");
  Router.renumberShard(3, 4);
  Router.retireShard(1);
  Router.publish(3, "tenant-4 updated"); // OK: shard 3 was renumbered away, publish() finds nothing
  guarded("publish shard 2", [&] { Router.publish(2, "tenant-9 updated"); }); // BUG: use-after-close #retired
  guarded("replicate", [&] { Router.replicateAll("frame-3"); }); // BUG: use-after-close #region
} // BUG: double-close #segfd

int main() {
  runRouter();
  return 0;
}
