// Municipal composting site: each windrow has a temperature lance on its own
// serial line that streams a reading every few seconds. The probe registry
// opens the lances by windrow id, samples all of them every hour (pathogen
// reduction needs 55C for three days), retires a lance after repeated bad
// readings (it stays listed so the site report can show it), re-opens lances
// after a windrow is turned, and sends the night's calibration offset.
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <map>
#include <string>
#include <unistd.h>
#include <vector>

class WindrowProbes {
public:
  ~WindrowProbes() { closeAll(); }

  bool attach(const std::string &windrow, const std::string &device) {
    int fd = ::open(device.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
      return false;
    Lance &lance = lances_[windrow];
    if (lance.fd >= 0 && !lance.retired)
      ::close(lance.fd); // OK
    lance = Lance{fd, false, 0};
    return true;
  }

  void sampleAll(std::map<std::string, double> &tempsC) {
    for (auto &entry : lances_) {
      Lance &lance = entry.second;
      if (lance.retired)
        continue;
      char buf[32];
      ssize_t n = ::read(lance.fd, buf, sizeof buf - 1); // OK
      if (n <= 0) {
        if (++lance.failures >= kMaxFailures)
          retire(entry.first);
        continue;
      }
      buf[n] = '\0';
      lance.failures = 0;
      tempsC[entry.first] = std::strtod(buf, nullptr);
    }
  }

  void retire(const std::string &windrow) {
    auto it = lances_.find(windrow);
    if (it == lances_.end() || it->second.retired)
      return;
    ::close(it->second.fd);
    it->second.retired = true;
  }

  void detach(const std::string &windrow) {
    auto it = lances_.find(windrow);
    if (it == lances_.end())
      return;
    if (!it->second.retired)
      ::close(it->second.fd); // OK
    lances_.erase(it);
  }

  void calibrateAll(double offsetC) {
    char cmd[32];
    int len = std::snprintf(cmd, sizeof cmd, "CAL %.1f\r", offsetC);
    for (const auto &entry : lances_)
      ::write(entry.second.fd, cmd, static_cast<std::size_t>(len)); // SAME: compost-cal
  }

  std::vector<std::string> retiredLances() const {
    std::vector<std::string> out;
    for (const auto &entry : lances_)
      if (entry.second.retired)
        out.push_back(entry.first);
    return out;
  }

  void closeAll() {
    for (auto &entry : lances_)
      ::close(entry.second.fd); // BUG: double-close
    lances_.clear();
  }

private:
  struct Lance {
    int fd = -1;
    bool retired = false;
    int failures = 0;
  };
  static constexpr int kMaxFailures = 3;
  std::map<std::string, Lance> lances_;
};

void siteDay(WindrowProbes &probes, std::map<std::string, double> &temps) {
  for (int hour = 0; hour < 24; ++hour)
    probes.sampleAll(temps);
  for (const std::string &w : probes.retiredLances())
    std::fprintf(stderr, "windrow %s: lance retired\n", w.c_str());
  probes.calibrateAll(-0.5); // BUG: use-after-close #compost-cal
}

void turnWindrow(WindrowProbes &probes, const std::string &windrow, const std::string &device) {
  probes.detach(windrow);
  probes.detach(windrow); // OK
  probes.retire(windrow); // OK
  probes.attach(windrow, device);
}
