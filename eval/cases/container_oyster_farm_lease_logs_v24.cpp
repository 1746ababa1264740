// Oyster farm operations: each shellfish lease bed has a log of work done
// (grading, bag flipping, harvest). Beds are retired when their stock is moved
// to another bed; the day ends with the per-site water-quality CSVs, and the
// file of a site with a norovirus-positive sample goes to the regulator's
// drop folder as soon as the samples are written.
#include <cstdio>
#include <ctime>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

class BedLogs {
public:
  explicit BedLogs(std::string dir) : dir_(std::move(dir)) {}
  ~BedLogs() {
    closeAll(); // OK
  }

  bool open(int bed);
  void record(int bed, const std::string &entry);
  void retire(int bed, const std::string &reason);
  void transfer(int fromBed, int toBed, int bags);
  void closeAll();

private:
  std::string dir_;
  std::unordered_map<int, FILE *> logs_;
};

bool BedLogs::open(int bed) {
  if (logs_.count(bed))
    return true;
  const std::string path = dir_ + "/bed-" + std::to_string(bed) + ".log";
  FILE *f = std::fopen(path.c_str(), "a");
  if (!f)
    return false;
  logs_.emplace(bed, f);
  return true;
}

void BedLogs::record(int bed, const std::string &entry) {
  if (!open(bed))
    return;
  std::fprintf(logs_.at(bed), "%ld %s\n", static_cast<long>(std::time(nullptr)), // OK
               entry.c_str());
}

void BedLogs::retire(int bed, const std::string &reason) {
  auto it = logs_.find(bed);
  if (it == logs_.end())
    return;
  std::fprintf(it->second, "RETIRED %s\n", reason.c_str());
  std::fclose(it->second);
  logs_.erase(it);
}

void BedLogs::transfer(int fromBed, int toBed, int bags) {
  if (fromBed == toBed || !open(toBed) || !open(fromBed))
    return;
  FILE *src = logs_.at(fromBed);
  std::fprintf(logs_.at(toBed), "received %d bags from bed %d\n", bags, fromBed);
  retire(fromBed, "stock moved to bed " + std::to_string(toBed));
  std::fprintf(src, "moved out %d bags\n", bags); // BUG: use-after-close
}

void BedLogs::closeAll() {
  for (auto &entry : logs_)
    std::fclose(entry.second);
  logs_.clear();
}

struct WaterSample {
  int site = 0;
  double salinityPsu = 0.0;
  double celsius = 0.0;
  bool noroPositive = false;
};

static void dropForRegulator(const std::string &dir, int site) {
  const std::string from = dir + "/site-" + std::to_string(site) + ".csv";
  const std::string to = dir + "/regulator/site-" + std::to_string(site) + ".csv";
  if (std::rename(from.c_str(), to.c_str()) != 0)
    std::perror(to.c_str());
}

bool writeSiteCsvs(const std::string &dir, const std::vector<WaterSample> &samples,
                   int sites) {
  std::vector<FILE *> files(static_cast<size_t>(sites), nullptr);
  std::vector<bool> flagged(static_cast<size_t>(sites), false);
  for (int s = 0; s < sites; ++s) {
    files[s] = std::fopen((dir + "/site-" + std::to_string(s) + ".csv").c_str(), "w");
    if (!files[s]) {
      for (int k = 0; k < s; ++k)
        std::fclose(files[k]); // OK
      return false;
    }
    std::fputs("salinity,temp,noro\n", files[s]);
  }
  for (const WaterSample &w : samples) {
    if (w.site < 0 || w.site >= sites)
      continue;
    std::fprintf(files[w.site], "%.1f,%.1f,%d\n", w.salinityPsu, w.celsius, // OK
                 w.noroPositive ? 1 : 0);
    if (w.noroPositive)
      flagged[w.site] = true;
  }
  for (int s = 0; s < sites; ++s) {
    if (!flagged[s])
      continue;
    std::fclose(files[s]);
    dropForRegulator(dir, s);
  }
  bool ok = true;
  for (FILE *f : files)
    if (std::fclose(f) != 0) // BUG: double-close
      ok = false;
  return ok;
}

class FarmDay {
public:
  explicit FarmDay(const std::string &dir) : logs_(dir), dir_(dir) {}

  void onWork(int bed, const std::string &what) { logs_.record(bed, what); }

  void moveStock(int fromBed, int toBed, int bags) {
    logs_.transfer(fromBed, toBed, bags);
    logs_.record(fromBed, "empty, awaiting new seed"); // OK
  }

  bool endOfDay(const std::vector<WaterSample> &samples, int sites) {
    logs_.closeAll();
    return writeSiteCsvs(dir_, samples, sites);
  }

private:
  BedLogs logs_;
  std::string dir_;
};
