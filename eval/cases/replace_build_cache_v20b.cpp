// Build cache: compiled artifacts are appended to the current ShardWriter;
// when a shard reaches its size limit it is sealed (closed) and a new shard is
// started; between jobs the open shard is sealed and the std::optional reset.
// A separate index writer maps keys to shards and is compacted now
// and then. ShardWriter::put() throws once the shard is sealed;
// ShardWriter::close() on a sealed shard throws std::logic_error, because it
// would write the shard footer and fsync the index twice.
#include <cstddef>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

class ShardWriter {
public:
  explicit ShardWriter(std::string path) : path_(std::move(path)) {}
  void put(const std::string &key, const std::string &blob);
  void close();
  bool sealed() const { return sealed_; }
  std::size_t size() const { return bytes_; }

private:
  std::string path_;
  std::size_t bytes_ = 0;
  bool sealed_ = false;
};

void ShardWriter::put(const std::string &key, const std::string &blob) {
  if (sealed_)
    throw std::runtime_error("shard " + path_ + " is sealed, cannot store " + key);
  bytes_ += key.size() + blob.size();
}

void ShardWriter::close() {
  if (sealed_)
    throw std::logic_error("shard " + path_ + " sealed twice");
  std::cout << "seal " << path_ << " (" << bytes_ << " bytes)\n";
  sealed_ = true;
}

class BuildCache {
public:
  BuildCache(std::string dir, std::size_t shardLimit, int maxShards);
  ~BuildCache();
  void store(const std::string &key, const std::string &blob);
  void compact();
  void rotateIndex();
  void suspend();

private:
  std::string nextShardPath() { return dir_ + "/shard-" + std::to_string(shards_++); }
  std::string dir_;
  std::size_t limit_;
  int maxShards_;
  int shards_ = 0;
  std::optional<ShardWriter> current_;
  std::unique_ptr<ShardWriter> index_;
};

BuildCache::BuildCache(std::string dir, std::size_t shardLimit, int maxShards)
    : dir_(std::move(dir)), limit_(shardLimit), maxShards_(maxShards) {
  current_.emplace(nextShardPath());
  index_ = std::make_unique<ShardWriter>(dir_ + "/index");
}

BuildCache::~BuildCache() {
  if (current_ && !current_->sealed())
    current_->close();
  if (index_ && !index_->sealed())
    index_->close();
}

// Between CI jobs the open shard is sealed and dropped; the next store()
// starts a new one.
void BuildCache::suspend() {
  current_->close();
  current_.reset();
}

void BuildCache::store(const std::string &key, const std::string &blob) {
  if (!current_)
    current_.emplace(nextShardPath());
  if (current_->size() + blob.size() > limit_) {
    current_->close();
    if (shards_ < maxShards_)
      current_.emplace(nextShardPath());
  }
  current_->put(key, blob); // BUG: use-after-close
  index_->put(key, std::to_string(shards_ - 1)); // OK: the index is a different writer, still open
}

void BuildCache::rotateIndex() {
  index_->close();
  index_ = std::make_unique<ShardWriter>(dir_ + "/index." + std::to_string(shards_));
  index_->put("#rotated", dir_); // OK: index_ now owns a fresh writer
}

void BuildCache::compact() {
  auto merged = std::make_unique<ShardWriter>(dir_ + "/index.merged");
  merged->put("#compacted", dir_);
  index_->close();
  std::swap(index_, merged);
  index_->put("#after-compaction", dir_); // OK: after the swap index_ is the open merged writer
  merged->close(); // BUG: double-close
}

static void warmCache(BuildCache &cache) {
  cache.store("libfoo.a", std::string(600, 'x'));
  cache.store("libbar.a", std::string(600, 'y'));
  cache.rotateIndex();
  cache.store("app", std::string(300, 'z'));
  cache.suspend();
  cache.store("app-tests", std::string(200, 't'));
}

int main() {
  try {
    BuildCache roomy("/var/cache/build", 1024, 8);
    warmCache(roomy);
    roomy.compact();
  } catch (const std::exception &e) {
    std::cerr << "build cache: " << e.what() << "\n";
  }
  try {
    BuildCache tight("/tmp/ci-cache", 1024, 1);
    warmCache(tight);
  } catch (const std::exception &e) {
    std::cerr << "build cache: " << e.what() << "\n";
  }
  return 0;
}
