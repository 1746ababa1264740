// A shard router keeps one ShardWriter per shard in a vector. Compaction seals
// every shard in a loop and then routes a tombstone through the router, which
// indexes the vector and appends to a sealed shard ("shard sealed"). A second
// bug: rollover() keeps a reference to the newest shard, seals all shards and
// then writes the end-of-segment marker through the reference. Appends that
// happen before the seal loop, and the size() query after it, are fine.
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ShardWriter {
public:
  explicit ShardWriter(int id) : id_(id) {}

  void append(const std::string &record) {
    if (sealed_)
      throw std::runtime_error("shard sealed: " + std::to_string(id_));
    records_.push_back(record);
  }
  void seal() { sealed_ = true; }
  bool sealed() const { return sealed_; }
  std::size_t size() const { return records_.size(); }

private:
  int id_;
  std::vector<std::string> records_;
  bool sealed_ = false;
};

class ShardRouter {
public:
  explicit ShardRouter(int shardCount) {
    for (int i = 0; i < shardCount; ++i)
      shards_.emplace_back(i);
  }

  void write(const std::string &key, const std::string &record) {
    shardFor(key).append(record); // SAME: route
  }

  void sealAll() {
    for (ShardWriter &shard : shards_)
      shard.seal();
  }

  std::size_t totalRecords() const {
    std::size_t total = 0;
    for (const ShardWriter &shard : shards_)
      total += shard.size(); // OK: size() is a query, valid on sealed shards
    return total;
  }

  std::vector<ShardWriter> &shards() { return shards_; }

private:
  ShardWriter &shardFor(const std::string &key) {
    return shards_[std::hash<std::string>{}(key) % shards_.size()];
  }

  std::vector<ShardWriter> shards_;
};

std::size_t compactionCycle(ShardRouter &router) {
  router.write("user:17", "balance=40"); // OK: nothing sealed yet
  router.write("user:18", "balance=12"); // OK
  router.sealAll();
  std::size_t before = router.totalRecords();
  router.write("user:17", "tombstone"); // BUG: use-after-close #route
  return before;
}

void rollover(std::vector<ShardWriter> &segment) {
  ShardWriter &newest = segment.back();
  newest.append("checkpoint"); // OK: sealed only below
  for (ShardWriter &shard : segment)
    shard.seal();
  newest.append("end-of-segment"); // BUG: use-after-close
}
