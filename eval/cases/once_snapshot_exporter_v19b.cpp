// Snapshot exporter of a replicated cache: streams shard snapshots to a
// downstream ReplicaFeed. Every regular close goes through closeFeed(), which
// uses std::call_once, so repeated stop() calls and the destructor close the
// feed once. exportShards() closes the shared index at the epoch-sealing
// shard under a local flag, which is reset on every call: the retry pass over
// the failed shards pushes to the index the first pass closed. onPeerError() closes the
// feed directly, outside the once flag, so a later stop() closes it again.
#include <atomic>
#include <iostream>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// ReplicaFeed: push() throws std::runtime_error once closed; close() twice
// throws std::logic_error (the downstream would get two end-of-stream marks).
class ReplicaFeed {
public:
  explicit ReplicaFeed(std::string target) : target_(std::move(target)) {}
  void push(const std::string &frame) {
    if (closed_.load())
      throw std::runtime_error("replica feed " + target_ + " closed");
    frames_.fetch_add(1);
  }
  void close() {
    if (closed_.exchange(true))
      throw std::logic_error("replica feed " + target_ + " closed twice");
  }

private:
  std::string target_;
  std::atomic<bool> closed_{false};
  std::atomic<long> frames_{0};
};

struct Shard {
  std::string name;
  std::vector<std::string> entries;
  bool sealsEpoch = false; // the index is complete after this shard
};

class SnapshotExporter {
public:
  explicit SnapshotExporter(const std::string &target) : feed_(target) {}
  ~SnapshotExporter() { closeFeed(); }
  void exportShards(const std::vector<Shard> &shards, ReplicaFeed &index);
  void onPeerError(const std::string &why);
  void stop() { closeFeed(); }

private:
  void closeFeed();

  ReplicaFeed feed_;
  std::once_flag closeOnce_;
};

void SnapshotExporter::closeFeed() {
  std::call_once(closeOnce_, [this] {
    feed_.close(); // SAME: stopclose
  });
}

void SnapshotExporter::exportShards(const std::vector<Shard> &shards, ReplicaFeed &index) {
  bool indexSealed = false;
  for (const Shard &shard : shards) {
    for (const std::string &e : shard.entries)
      feed_.push(shard.name + "/" + e);
    if (indexSealed)
      continue;
    index.push(shard.name); // SAME: indexagain
    if (shard.sealsEpoch) {
      index.close(); // OK: the flag keeps later shards of this call away
      indexSealed = true;
    }
  }
}

void SnapshotExporter::onPeerError(const std::string &why) {
  std::cerr << "exporter: peer error: " << why << ", closing feed\n";
  feed_.close();
}

void runExport(const std::vector<Shard> &shards, bool peerFailed) {
  ReplicaFeed index("index.replica-2:7100");
  SnapshotExporter exporter("data.replica-2:7100");
  exporter.exportShards(shards, index);
  if (peerFailed)
    exporter.onPeerError("checksum mismatch reported by replica-2");
  exporter.stop(); // BUG: double-close #stopclose
}

void runSupervised(const std::vector<Shard> &shards, const std::vector<Shard> &failed) {
  SnapshotExporter exporter("data.replica-3:7100");
  ReplicaFeed index("index.replica-3:7100");
  exporter.exportShards(shards, index);
  if (!failed.empty())
    exporter.exportShards(failed, index); // BUG: use-after-close #indexagain
  exporter.stop();
  exporter.stop(); // OK: call_once ran the close already
}
