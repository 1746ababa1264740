// Search indexing: postings are appended to one std::ofstream per shard, kept
// in a std::map<uint32_t, std::ofstream>. sealShard() closes a shard's stream
// and leaves the closed stream in the map (sealed shards are handed to the
// merger and must not be written). A posting written to a closed stream is
// silently dropped (failbit), which here means a document missing from the
// index. indexBatch() holds a reference to a shard's stream across a
// compaction check that may seal that very shard; tombstones after
// closeAll() go to closed streams as well.
#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

struct Document {
  uint32_t id = 0;
  std::string field;
  std::vector<std::string> terms;
};

class ShardWriter {
public:
  ShardWriter(std::string dir, uint32_t shardCount, size_t sealAfter)
      : dir_(std::move(dir)), shardCount_(shardCount), sealAfter_(sealAfter) {}

  std::ofstream &shardFor(uint32_t docId) {
    const uint32_t shard = docId % shardCount_;
    auto it = shards_.find(shard);
    if (it == shards_.end()) {
      it = shards_.emplace(shard, std::ofstream()).first;
      it->second.open(shardPath(shard), std::ios::app);
    }
    return it->second;
  }

  void indexBatch(const std::vector<Document> &docs) {
    for (const Document &doc : docs) {
      std::ofstream &out = shardFor(doc.id);
      for (const std::string &term : doc.terms) {
        out << term << '\t' << doc.id << '\t' << doc.field << '\n'; // BUG: use-after-close
        maybeSeal(doc.id % shardCount_);
      }
    }
  }

  // Reindexing a sealed shard starts a new generation of its file.
  void reopenShard(uint32_t shard) {
    shards_.erase(shard);
    ++generation_[shard];
    shards_[shard].open(shardPath(shard), std::ios::trunc);
    shards_[shard] << "# generation " << generation_[shard] << '\n'; // OK: a new stream object under the same key
  }

  void writeTombstone(uint32_t docId) {
    std::ofstream &out = shardFor(docId);
    out << "#deleted\t" << docId << '\n'; // SAME: late_tombstone
  }

  void writeTombstoneIfOpen(uint32_t docId) {
    std::ofstream &out = shardFor(docId);
    if (out.is_open())
      out << "#deleted\t" << docId << '\n'; // OK: is_open() checked
  }

  void closeAll() {
    for (auto &entry : shards_)
      entry.second.close();
  }

private:
  void maybeSeal(uint32_t shard) {
    if (++postings_[shard] >= sealAfter_ && !sealed_.count(shard)) {
      shards_[shard].close();
      sealed_.insert(shard);
    }
  }

  std::string shardPath(uint32_t shard) {
    return dir_ + "/shard-" + std::to_string(shard) + "-g" + std::to_string(generation_[shard]) + ".post";
  }

  std::string dir_;
  uint32_t shardCount_;
  size_t sealAfter_;
  std::map<uint32_t, std::ofstream> shards_;
  std::map<uint32_t, size_t> postings_;
  std::map<uint32_t, int> generation_;
  std::set<uint32_t> sealed_;
};

void nightlyReindex(ShardWriter &writer, const std::vector<Document> &docs, const std::vector<uint32_t> &deleted) {
  writer.indexBatch(docs);
  writer.reopenShard(1);
  writer.closeAll();
  for (uint32_t id : deleted)
    writer.writeTombstoneIfOpen(id);
  writer.writeTombstone(deleted.front()); // BUG: use-after-close #late_tombstone
}

int main() {
  ShardWriter writer("/data/index/products", 4, 3);
  std::vector<Document> docs = {
      {1, "title", {"red", "running", "shoe"}},
      {5, "title", {"trail", "shoe", "waterproof", "mens"}},
      {2, "body", {"cotton", "shirt"}},
  };
  nightlyReindex(writer, docs, {5, 2});
  return 0;
}
