// Solar salt works: each crystallizer pan has a density log (FILE*) kept in a
// std::map by pan number, and the halite harvesters are reached through
// terminal links (fds) in a round-robin std::deque. Pans are drained for
// harvest, rotated out, and closed for the season; dead cab links are dropped.
#include <algorithm>
#include <cstdio>
#include <deque>
#include <map>
#include <string>
#include <unistd.h>

class CrystallizerBank {
public:
  ~CrystallizerBank() {
    for (auto &entry : pans_)
      std::fclose(entry.second);
    for (int fd : cabLinks_)
      ::close(fd);
  }

  bool addPan(int pan, const std::string &path) {
    FILE *log = std::fopen(path.c_str(), "a");
    if (!log)
      return false;
    pans_.emplace(pan, log);
    return true;
  }
  void addCab(int fd) { cabLinks_.push_back(fd); }

  void logDensity(int pan, double baume) {
    auto it = pans_.find(pan);
    if (it != pans_.end())
      std::fprintf(it->second, "%d %.1f Be\n", pan, baume);
  }
  void sampleAll(double baume) {
    for (auto &[pan, log] : pans_)
      std::fprintf(log, "%d %.1f Be\n", pan, baume);
  }

  // A pan drained for harvest leaves the bank for good.
  void drainPan(int pan) {
    auto node = pans_.extract(pan);
    if (!node.empty())
      std::fclose(node.mapped());
  }

  // Pans past harvest density are rotated out; the wash-down crew signs them off.
  void rotate(const std::map<int, double> &density) {
    for (auto it = pans_.begin(); it != pans_.end();) {
      auto d = density.find(it->first);
      if (d == density.end() || d->second < 25.5) {
        ++it;
        continue;
      }
      std::fclose(it->second);
      drained_.insert(pans_.extract(it++));
    }
  }
  void signOffWashDown(const char *crew) {
    for (auto &[pan, log] : drained_)
      std::fprintf(log, "pan %d washed down by %s\n", pan, crew); // BUG: use-after-close
    drained_.clear();
  }

  void closeOutSeason(const std::map<int, double> &tonnes) {
    std::for_each(pans_.begin(), pans_.end(), [](auto &entry) { std::fclose(entry.second); });
    for (const auto &[pan, t] : tonnes) {
      auto it = pans_.find(pan);
      if (it != pans_.end())
        std::fprintf(it->second, "season total %.1f t\n", t); // BUG: use-after-close
    }
    pans_.clear();
  }

  void pingCabs() {
    for (auto it = cabLinks_.begin(); it != cabLinks_.end();) {
      if (::write(*it, "PING\n", 5) == 5) { // OK
        ++it;
        continue;
      }
      ::close(*it);
      it = cabLinks_.erase(it);
    }
  }
  bool dispatch(const std::string &order) {
    if (cabLinks_.empty())
      return false;
    int fd = cabLinks_.front();
    cabLinks_.pop_front();
    cabLinks_.push_back(fd);
    return ::write(fd, order.data(), order.size()) == ssize_t(order.size());
  }
  void parkHarvesters() {
    std::for_each(cabLinks_.begin(), cabLinks_.end(), [](int fd) {
      ::write(fd, "PARK\n", 5);
      ::close(fd);
    });
    cabLinks_.clear();
  }

private:
  std::map<int, FILE *> pans_;
  std::map<int, FILE *> drained_;
  std::deque<int> cabLinks_;
};

void harvestDay(CrystallizerBank &bank) {
  bank.sampleAll(24.8);
  bank.drainPan(2);
  bank.sampleAll(25.1); // OK
  bank.rotate({{1, 26.0}, {3, 24.9}});
  bank.signOffWashDown("crew B");
  bank.pingCabs();
  bank.dispatch("HARVEST PAN 1\n");
  bank.parkHarvesters();
  bank.dispatch("HARVEST PAN 3\n"); // OK
}

int main() {
  CrystallizerBank bank;
  for (int pan = 1; pan <= 4; ++pan)
    bank.addPan(pan, "/var/saltworks/pan" + std::to_string(pan) + ".log");
  bank.addCab(11);
  bank.addCab(12);
  harvestDay(bank);
  bank.closeOutSeason({{3, 412.0}, {4, 388.5}});
  bank.logDensity(4, 25.0); // OK
  return 0;
}
