// A local reference bound to what a helper returns (`FanLink &fan =
// link(id);`, the element of a map at the key it is given) names that
// element: closing through it closes the element at the caller's key, so
// a later use at the same key fails and one at another key does not.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <map>
#include <memory>
#include <stdexcept>

class FanLink {
public:
  void close() { open_ = false; }
  int readRpm() {
    if (!open_)
      throw std::runtime_error("fan link closed");
    return 1200;
  }
  bool isOpen() const { return open_; }

private:
  bool open_ = true;
};

class FanBank {
public:
  FanLink &link(int id) {
    auto it = links_.find(id);
    if (it == links_.end())
      throw std::out_of_range("unknown fan");
    return *it->second;
  }
  void stopFan(int id) {
    FanLink &fan = link(id);
    if (!fan.isOpen())
      return;
    fan.close();
  }
  int readRpm(int id) { return link(id).readRpm(); }

private:
  std::map<int, std::unique_ptr<FanLink>> links_;
};

int isolate(FanBank &bank, int id) {
  bank.stopFan(id);
  return bank.readRpm(id);
  // CHECK: :[[@LINE-1]]:15: warning: call to 'readRpm' uses 'bank.links_[id].second' that may have been closed
}

int isolateOther(FanBank &bank, int id, int spare) {
  bank.stopFan(id);
  return bank.readRpm(spare);
}
