// Engraver's studio: every engraving job (a copper plate, a trophy, a ring)
// streams its toolpath lines into its own spool file, keyed by job id. A job
// is finished by closing and dropping its spool, a collected job that needs a
// recut pass gets a new spool under the same id, and at the end of the day all
// spools are sealed at once and the day's spooled volume is reported.
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

struct Spool {
  FILE *fp = nullptr;
  size_t lines = 0;
};

class SpoolSet {
public:
  explicit SpoolSet(std::string dir) : dir_(std::move(dir)) {}
  ~SpoolSet();
  SpoolSet(const SpoolSet &) = delete;
  SpoolSet &operator=(const SpoolSet &) = delete;

  bool open(const std::string &job);
  bool append(const std::string &job, const std::string &line);
  bool finish(const std::string &job);
  void sealAll();
  long totalBytes() const;
  size_t active() const { return spools_.size(); }

private:
  std::string dir_;
  std::map<std::string, Spool> spools_;
  bool sealed_ = false;
};

SpoolSet::~SpoolSet() {
  if (sealed_)
    return;
  for (auto &entry : spools_)
    std::fclose(entry.second.fp); // OK
}

bool SpoolSet::open(const std::string &job) {
  if (sealed_ || spools_.count(job) != 0)
    return false;
  std::string path = dir_ + "/" + job + ".nc";
  FILE *fp = std::fopen(path.c_str(), "w");
  if (!fp)
    return false;
  spools_.emplace(job, Spool{fp, 0});
  return true;
}

bool SpoolSet::append(const std::string &job, const std::string &line) {
  if (sealed_)
    return false;
  auto it = spools_.find(job);
  if (it == spools_.end())
    return false;
  if (std::fprintf(it->second.fp, "%s\n", line.c_str()) < 0) // OK
    return false;
  ++it->second.lines;
  return true;
}

bool SpoolSet::finish(const std::string &job) {
  if (sealed_)
    return false;
  auto it = spools_.find(job);
  if (it == spools_.end())
    return false;
  std::fprintf(it->second.fp, "M30 ; %zu lines\n", it->second.lines);
  int rc = std::fclose(it->second.fp);
  spools_.erase(it);
  return rc == 0;
}

void SpoolSet::sealAll() {
  if (sealed_)
    return;
  for (auto &entry : spools_) {
    std::fprintf(entry.second.fp, "M30 ; sealed, %zu lines\n", entry.second.lines);
    std::fclose(entry.second.fp);
  }
  sealed_ = true;
}

long SpoolSet::totalBytes() const {
  long total = 0;
  for (const auto &entry : spools_) {
    long pos = std::ftell(entry.second.fp); // SAME: bytes
    if (pos > 0)
      total += pos;
  }
  return total;
}

struct EngravingJob {
  std::string id;
  std::vector<std::string> toolpath;
  bool collected;
  bool recut;
};

long run_day(SpoolSet &spools, const std::vector<EngravingJob> &jobs) {
  for (const EngravingJob &job : jobs) {
    if (!spools.open(job.id))
      continue;
    for (const std::string &line : job.toolpath)
      spools.append(job.id, line);
    if (job.collected)
      spools.finish(job.id);
  }
  for (const EngravingJob &job : jobs) {
    if (job.collected && job.recut && spools.open(job.id)) {
      spools.append(job.id, "; recut pass"); // OK
      spools.finish(job.id);
    }
  }
  long midday = spools.totalBytes(); // OK
  spools.sealAll();
  long evening = spools.totalBytes(); // BUG: use-after-close #bytes
  std::printf("spooled %ld bytes by midday, %ld at close\n", midday, evening);
  return evening;
}
