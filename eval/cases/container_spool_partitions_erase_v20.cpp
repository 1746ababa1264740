// Spool writer for a partitioned event log: each partition has at most one
// open FILE*, held in open_ (by partition) and tracked in lru_ (to cap the
// number of open files). Negative case: every fclose() is followed in the
// same function by erasing the entry from both containers, append() reopens
// a partition it cannot find, and sealAll() only walks entries that are still
// open, so no FILE* is written or closed after its fclose().
#include <sys/stat.h>

#include <cstdio>
#include <list>
#include <map>
#include <string>
#include <utility>

class Spool {
public:
  Spool(std::string dir, size_t maxOpen) : dir_(std::move(dir)), maxOpen_(maxOpen) {}
  ~Spool();
  Spool(const Spool &) = delete;
  Spool &operator=(const Spool &) = delete;
  void append(int partition, const std::string &rec);
  void seal(int partition);
  void sealAll();
  size_t openCount() const { return open_.size(); }

private:
  FILE *fileFor(int partition);
  void evictOldest();
  std::string dir_;
  size_t maxOpen_;
  std::map<int, FILE *> open_;
  std::list<int> lru_;
};

Spool::~Spool() { sealAll(); }

FILE *Spool::fileFor(int partition) {
  auto it = open_.find(partition);
  if (it != open_.end()) {
    lru_.remove(partition);
    lru_.push_back(partition);
    return it->second;
  }
  if (open_.size() >= maxOpen_)
    evictOldest();
  std::string path = dir_ + "/p" + std::to_string(partition) + ".log";
  FILE *fp = std::fopen(path.c_str(), "a");
  if (!fp)
    return nullptr;
  open_.emplace(partition, fp);
  lru_.push_back(partition);
  return fp;
}

void Spool::evictOldest() {
  if (lru_.empty())
    return;
  int victim = lru_.front();
  lru_.pop_front();
  auto it = open_.find(victim);
  if (it == open_.end())
    return;
  std::fclose(it->second);
  open_.erase(it);
}

void Spool::append(int partition, const std::string &rec) {
  FILE *fp = fileFor(partition);
  if (!fp)
    return;
  std::fprintf(fp, "%s\n", rec.c_str()); // OK: fileFor() reopens a partition that was sealed or evicted
}

void Spool::seal(int partition) {
  auto it = open_.find(partition);
  if (it == open_.end())
    return;
  std::fflush(it->second);
  std::fclose(it->second);
  open_.erase(it);
  lru_.remove(partition);
}

void Spool::sealAll() {
  for (auto &entry : open_)
    std::fclose(entry.second); // OK: sealed and evicted partitions were erased when they were closed
  open_.clear();
  lru_.clear();
}

int main() {
  ::mkdir("/tmp/event-spool", 0755);
  Spool spool("/tmp/event-spool", 2);
  spool.append(1, "{\"evt\":\"signup\"}");
  spool.append(2, "{\"evt\":\"login\"}");
  spool.append(3, "{\"evt\":\"purchase\"}");
  spool.append(1, "{\"evt\":\"logout\"}"); // OK: partition 1 was evicted and erased; fileFor() opens it again
  spool.seal(3);
  spool.seal(3); // OK: the entry was erased, the second seal finds nothing
  spool.append(3, "{\"evt\":\"refund\"}"); // OK: reopened by fileFor()
  spool.sealAll();
  std::printf("open after sealAll: %zu\n", spool.openCount());
  return 0;
} // OK: the destructor's sealAll() finds open_ empty
