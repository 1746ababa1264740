// A registry's pass over every element that retires some of them through a
// helper taking the element's key (`retire(entry.first)`) closes some
// element: a later pass that writes to every element may meet it. A pass
// that skips retired elements (`if (lance.retired) continue;`) does not,
// nor does a method that checks the retired flag of the element at a key.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <map>
#include <string>
#include <unistd.h>

class Probes {
public:
  void retire(const std::string &id) {
    auto it = lances_.find(id);
    if (it == lances_.end() || it->second.retired)
      return;
    ::close(it->second.fd);
    it->second.retired = true;
  }
  void sampleAll() {
    for (auto &entry : lances_) {
      Lance &lance = entry.second;
      if (lance.retired)
        continue;
      char buf[16];
      if (::read(lance.fd, buf, sizeof buf) <= 0 && ++lance.failures > 3)
        retire(entry.first);
    }
  }
  void calibrateAll() {
    for (const auto &entry : lances_)
      ::write(entry.second.fd, "CAL\r", 4);
  }
  void calibrate(const std::string &id) {
    auto it = lances_.find(id);
    if (it == lances_.end() || it->second.retired)
      return;
    ::write(it->second.fd, "CAL\r", 4);
  }

private:
  struct Lance {
    int fd = -1;
    bool retired = false;
    int failures = 0;
  };
  std::map<std::string, Lance> lances_;
};

void day(Probes &probes) {
  for (int hour = 0; hour < 24; ++hour)
    probes.sampleAll();
  probes.calibrate("north");
  probes.calibrateAll();
  // CHECK: element-retired-in-loop.cpp:[[@LINE-1]]:10: warning: call to 'calibrateAll' uses 'probes.lances_[...].second.fd' that may have been closed
  // CHECK: note: 'probes.lances_[...].second.fd' is closed by the call to 'sampleAll' here
}
