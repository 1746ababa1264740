// haul(id) closes the link of the line at id and sets that line's
// `lifted` beside it; called for each id of a list, some element is
// closed, and the element closed has `lifted` set. A pass that skips
// lifted lines sends on none of them; one that does not skip them may.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

struct StrainLink {
  void send(const std::string &m) {
    if (closed_)
      throw std::runtime_error("connection closed");
  }
  void close() { closed_ = true; }
  bool closed_ = false;
};

struct Longline {
  StrainLink link;
  bool lifted = false;
};

class Bay {
public:
  void haul(const std::string &id) {
    auto it = lines_.find(id);
    if (it == lines_.end())
      return;
    it->second.link.send("RELEASE");
    it->second.link.close();
    it->second.lifted = true;
  }
  void pollStrain() {
    for (auto &entry : lines_) {
      if (entry.second.lifted)
        continue;
      entry.second.link.send("STRAIN?");
    }
  }
  void pollAll() {
    for (auto &entry : lines_)
      entry.second.link.send("STRAIN?");
  }

private:
  std::map<std::string, Longline> lines_;
};

void morningHaul(Bay &bay, const std::vector<std::string> &order) {
  for (const std::string &id : order)
    bay.haul(id);
  bay.pollStrain();
}

void morningHaulCareless(Bay &bay, const std::vector<std::string> &order) {
  for (const std::string &id : order)
    bay.haul(id);
  bay.pollAll();
  // CHECK: element-flag-in-keyed-loop.cpp:[[@LINE-1]]:7: warning: call to 'pollAll' uses 'bay.lines_[...].second.link' that may have been closed
}
