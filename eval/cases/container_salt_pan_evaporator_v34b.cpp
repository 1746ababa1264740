// Brine probes of a sea-salt works: every evaporation pan has a density probe
// (a serial device), kept in a vector and indexed by pan number through a map
// of pointers. Pans are harvested when the brine is dense enough, and a pan's
// probe is pulled (closed) when the pan is flooded or its row is resealed.
// Two mistakes: flood_pan() pulls the probe and then logs its density by
// index, and reseal_row() closes every probe of the row and then reads the
// row's first pan through the pointer map.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <map>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

constexpr int kPansPerRow = 8;

class PanProbe {
public:
  PanProbe(int pan, std::string dev) : pan_(pan), dev_(std::move(dev)) {}
  bool open() {
    fd_ = ::open(dev_.c_str(), O_RDONLY | O_CLOEXEC);
    return fd_ >= 0;
  }
  double density() const;
  void close() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }
  bool is_open() const { return fd_ >= 0; }
  int pan() const { return pan_; }
  int row() const { return pan_ / kPansPerRow; }

private:
  int pan_;
  std::string dev_;
  int fd_ = -1;
};

double PanProbe::density() const {
  if (fd_ < 0)
    throw std::runtime_error("probe of pan " + std::to_string(pan_) + " closed");
  char buf[16] = {};
  if (::read(fd_, buf, sizeof buf - 1) <= 0)
    return 0.0;
  return std::atof(buf);
}

static void log_density(const std::vector<PanProbe> &probes, size_t idx) {
  std::printf("pan %d density %.3f\n", probes[idx].pan(), probes[idx].density()); // SAME: flood
}

void flood_pan(std::vector<PanProbe> &probes, size_t idx) {
  probes[idx].close();
  std::printf("flooding pan %d\n", probes[idx].pan()); // OK: pan() reads a plain field, not the device
  log_density(probes, idx); // BUG: use-after-close #flood
}

int harvest(std::vector<PanProbe> &probes, double threshold) {
  int harvested = 0;
  for (auto &p : probes) {
    if (!p.is_open())
      continue;
    if (p.density() >= threshold) { // OK: closed probes skipped above
      p.close();
      ++harvested;
    }
  }
  return harvested;
}

void reseal_row(std::vector<PanProbe> &probes, std::map<int, PanProbe *> &by_pan, int row) {
  for (auto &p : probes)
    if (p.row() == row)
      p.close();
  PanProbe *first = by_pan.at(row * kPansPerRow);
  std::printf("row %d resealed at %.3f\n", row, first->density()); // BUG: use-after-close
}

void reinsert(std::vector<PanProbe> &probes, size_t idx) {
  probes[idx].close();
  if (!probes[idx].open())
    return;
  log_density(probes, idx); // OK: reopened and checked
}

double average_open(std::vector<PanProbe> &probes) {
  probes.erase(std::remove_if(probes.begin(), probes.end(), [](const PanProbe &p) { return !p.is_open(); }),
               probes.end());
  double sum = 0.0;
  for (const auto &p : probes)
    sum += p.density(); // OK: closed probes were removed above
  return probes.empty() ? 0.0 : sum / static_cast<double>(probes.size());
}

std::map<int, PanProbe *> index_pans(std::vector<PanProbe> &probes) {
  std::map<int, PanProbe *> by_pan;
  for (auto &p : probes)
    by_pan[p.pan()] = &p;
  return by_pan;
}
