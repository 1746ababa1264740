// Sharded append-only event log. Events are hashed to one of N shard files
// kept open in a std::map<int, FILE*>; shards are rotated by size, idle
// shards are closed by a sweeper, and everything is closed on shutdown.
// This file is correct: every fclose() is immediately followed by erasing
// the map entry or by replacing it with a freshly opened FILE*, so no loop or
// later lookup can reach a closed stream, and closeAll() empties the map, so
// the destructor's closeAll() closes nothing a second time.
#include <cstddef>
#include <cstdio>
#include <ctime>
#include <functional>
#include <map>
#include <string>
#include <utility>

class ShardedLog {
public:
  ShardedLog(std::string dir, int shards, long maxBytes)
      : dir_(std::move(dir)), shards_(shards), maxBytes_(maxBytes) {}
  ~ShardedLog() { closeAll(); } // OK: closeAll() left the map empty if it already ran

  bool append(const std::string &key, const std::string &event) {
    const int shard = static_cast<int>(std::hash<std::string>{}(key) % static_cast<std::size_t>(shards_));
    FILE *fp = shardFile(shard);
    if (!fp)
      return false;
    if (std::fprintf(fp, "%ld %s\n", static_cast<long>(std::time(nullptr)), event.c_str()) < 0)
      return false;
    lastWrite_[shard] = std::time(nullptr);
    if (std::ftell(fp) >= maxBytes_)
      rotate(shard);
    return true;
  }

  // Closes shards that have not been written for idleSeconds.
  void sweepIdle(long idleSeconds) {
    const std::time_t now = std::time(nullptr);
    for (auto it = files_.begin(); it != files_.end();) {
      if (now - lastWrite_[it->first] > idleSeconds) {
        std::fclose(it->second);
        it = files_.erase(it);
      } else {
        std::fflush(it->second); // OK: only shards that were not closed reach this branch
        ++it;
      }
    }
  }

  void closeShard(int shard) {
    auto it = files_.find(shard);
    if (it == files_.end())
      return;
    std::fclose(it->second);
    files_.erase(it);
  }

  void closeAll() {
    for (auto &entry : files_)
      std::fclose(entry.second); // OK: each FILE* in the map is distinct and closed once
    files_.clear();
  }

  void flushAll() {
    for (auto &entry : files_)
      std::fflush(entry.second); // OK: closed shards are never left in the map
  }

private:
  std::string pathFor(int shard, int generation) const {
    return dir_ + "/shard-" + std::to_string(shard) + "." + std::to_string(generation) + ".log";
  }

  FILE *shardFile(int shard) {
    auto it = files_.find(shard);
    if (it != files_.end())
      return it->second;
    FILE *fp = std::fopen(pathFor(shard, generation_[shard]).c_str(), "a");
    if (fp)
      files_[shard] = fp;
    return fp;
  }

  void rotate(int shard) {
    auto it = files_.find(shard);
    if (it == files_.end())
      return;
    std::fclose(it->second);
    const int next = ++generation_[shard];
    FILE *fresh = std::fopen(pathFor(shard, next).c_str(), "a");
    if (!fresh) {
      files_.erase(it);
      return;
    }
    it->second = fresh;
    std::fprintf(it->second, "# rotated to generation %d\n", next); // OK: entry now holds the new FILE*
  }

  std::string dir_;
  int shards_;
  long maxBytes_;
  std::map<int, FILE *> files_;
  std::map<int, int> generation_;
  std::map<int, std::time_t> lastWrite_;
};

int main() {
  ShardedLog events("/tmp", 4, 1 << 20);
  events.append("user:1", "login");
  events.append("user:2", "login");
  for (int shard = 0; shard < 4; ++shard)
    events.closeShard(shard);
  events.append("user:1", "logout"); // OK: shardFile() reopens a shard whose entry was erased
  events.sweepIdle(0);
  events.flushAll();
  events.closeAll();
  return 0;
}
