// Tile shard writer for a cartography office's map renderer. Rendered tiles
// are appended to one shard file per (zoom, column band); a shard is sealed
// when it reaches its size budget and a fresh shard is opened under the same
// key. At the end of a render run every shard is sealed and the index of
// sealed shard paths is written.
// Negative case: a sealed shard is erased from the map in the same step that
// seals it, so a later lookup of its key creates a new shard; the sealing loop
// only writes to shards it has not sealed yet; the element reference is taken
// again after the map is modified.
#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class TileShard {
public:
  explicit TileShard(std::string path) : path_(std::move(path)), f_(std::fopen(path_.c_str(), "wb")) {
    if (!f_)
      throw std::runtime_error("cannot open shard " + path_);
  }
  ~TileShard() {
    if (f_)
      std::fclose(f_);
  }
  TileShard(const TileShard &) = delete;
  TileShard &operator=(const TileShard &) = delete;

  void append(const std::vector<unsigned char> &png) {
    if (!f_)
      throw std::logic_error("shard sealed: " + path_);
    std::fwrite(png.data(), 1, png.size(), f_);
    bytes_ += png.size();
  }
  void seal() {
    if (!f_)
      throw std::logic_error("shard already sealed: " + path_);
    std::fclose(f_);
    f_ = nullptr;
  }
  std::size_t bytes() const { return bytes_; }
  const std::string &path() const { return path_; }

private:
  std::string path_;
  FILE *f_;
  std::size_t bytes_ = 0;
};

using ShardKey = std::pair<int, int>; // zoom, column band

class ShardSet {
public:
  ShardSet(std::string dir, std::size_t budget) : dir_(std::move(dir)), budget_(budget) {}

  void add(int zoom, int x, const std::vector<unsigned char> &png);
  std::vector<std::string> finish();

private:
  TileShard &shardFor(const ShardKey &key);

  std::string dir_;
  std::size_t budget_;
  std::map<ShardKey, std::unique_ptr<TileShard>> open_;
  std::vector<std::string> sealed_;
  int serial_ = 0;
};

TileShard &ShardSet::shardFor(const ShardKey &key) {
  auto it = open_.find(key);
  if (it == open_.end()) {
    std::string path = dir_ + "/z" + std::to_string(key.first) + "-b" + std::to_string(key.second) +
                       "-" + std::to_string(++serial_) + ".shard";
    it = open_.emplace(key, std::make_unique<TileShard>(path)).first;
  }
  return *it->second;
}

void ShardSet::add(int zoom, int x, const std::vector<unsigned char> &png) {
  ShardKey key{zoom, x / 256};
  TileShard *shard = &shardFor(key);
  if (shard->bytes() + png.size() > budget_ && shard->bytes() > 0) {
    shard->seal();
    sealed_.push_back(shard->path());
    open_.erase(key);
    shard = &shardFor(key);
  }
  shard->append(png); // OK
}

std::vector<std::string> ShardSet::finish() {
  for (auto &entry : open_) {
    entry.second->seal(); // OK
    sealed_.push_back(entry.second->path());
  }
  open_.clear();
  std::vector<std::string> out;
  out.swap(sealed_);
  return out;
}

bool writeIndex(const std::string &dir, const std::vector<std::string> &paths) {
  std::vector<FILE *> outs;
  for (const char *name : {"/index.txt", "/index.bak"}) {
    FILE *f = std::fopen((dir + name).c_str(), "w");
    if (!f)
      break;
    outs.push_back(f);
  }
  bool ok = outs.size() == 2;
  for (FILE *f : outs) {
    for (const std::string &p : paths)
      std::fprintf(f, "%s\n", p.c_str()); // OK
  }
  for (FILE *f : outs)
    ok = std::fclose(f) == 0 && ok;
  outs.clear();
  return ok;
}

int renderRun(const std::string &dir, const std::vector<std::pair<int, int>> &tiles,
              const std::vector<unsigned char> &overview) {
  ShardSet shards(dir, 64 * 1024 * 1024);
  std::vector<unsigned char> png(4096, 0x89);
  for (const auto &t : tiles)
    shards.add(t.first, t.second, png);
  std::vector<std::string> paths = shards.finish();
  shards.add(0, 0, overview); // OK
  std::vector<std::string> extra = shards.finish();
  paths.insert(paths.end(), extra.begin(), extra.end());
  return writeIndex(dir, paths) ? static_cast<int>(paths.size()) : -1;
}
