// Brine-density recorder for a solar saltworks: hydrometer readings from the
// evaporation pans are appended to one file per pan, the byte size of each
// pan file is reported to the yard dashboard, and the harvest planner reads
// the last reading of a pan back to decide whether the pan is ready to rake.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

struct PanReading {
  long epoch = 0;
  double baume = 0.0; // degrees Baume
  double brineDepthCm = 0.0;
};

class PanRecorder {
public:
  explicit PanRecorder(std::string dataDir) : dataDir_(std::move(dataDir)) {}

  bool append(int pan, const std::vector<PanReading> &readings);
  bool lastReading(int pan, PanReading &out) const;
  long bytesFor(int pan) const { return pan >= 0 && pan < kPans ? bytes_[pan] : -1; }
  int writeErrors() const { return writeErrors_; }

private:
  static constexpr int kPans = 24;
  std::string pathFor(int pan) const {
    return dataDir_ + "/pan-" + std::to_string(pan) + ".csv";
  }

  std::string dataDir_;
  long bytes_[kPans] = {};
  int writeErrors_ = 0;
};

bool PanRecorder::append(int pan, const std::vector<PanReading> &readings) {
  if (pan < 0 || pan >= kPans)
    return false;
  std::string path = pathFor(pan);
  FILE *f = std::fopen(path.c_str(), "a");
  if (!f)
    return false;

  bool ok = true;
  for (const PanReading &r : readings) {
    if (std::fprintf(f, "%ld,%.2f,%.1f\n", r.epoch, r.baume, r.brineDepthCm) < 0) {
      ok = false;
      break;
    }
  }
  if (!ok) {
    std::fclose(f);
    ++writeErrors_;
    std::fprintf(stderr, "saltworks: write failed on %s\n", path.c_str());
  }

  bytes_[pan] = std::ftell(f); // BUG: use-after-close
  std::fclose(f); // BUG: double-close
  return ok;
}

bool PanRecorder::lastReading(int pan, PanReading &out) const {
  FILE *f = std::fopen(pathFor(pan).c_str(), "r");
  if (!f)
    return false;
  if (std::fseek(f, 0, SEEK_END) != 0) {
    std::fclose(f);
    return false;
  }
  long size = std::ftell(f); // OK
  long start = size > 128 ? size - 128 : 0;
  std::fseek(f, start, SEEK_SET);

  char line[128];
  bool found = false;
  while (std::fgets(line, sizeof line, f)) { // OK
    PanReading r;
    if (std::sscanf(line, "%ld,%lf,%lf", &r.epoch, &r.baume, &r.brineDepthCm) == 3) {
      out = r;
      found = true;
    }
  }
  std::fclose(f); // OK
  return found;
}

bool readyToRake(const PanRecorder &rec, int pan) {
  PanReading last;
  if (!rec.lastReading(pan, last))
    return false;
  return last.baume >= 25.7 && last.brineDepthCm < 3.0;
}
