// A method that reports a closed object through its result (returns false)
// instead of throwing: a caller that tests the result handles the closed
// object; one that discards it after the close loses the call. On another
// thread the call cannot fail either way, so a close while it may run is
// no race.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <mutex>
#include <string>
#include <thread>
#include <vector>

class Outbox {
public:
  bool post(const std::string &m) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return false;
    items_.push_back(m);
    return true;
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
  }

private:
  std::mutex mu_;
  std::vector<std::string> items_;
  bool closed_ = false;
};

void discarded(Outbox &box) {
  box.close();
  // CHECK: error-results.cpp:[[@LINE+1]]:7: warning: call to 'post' on 'box' after it was closed
  box.post("lost");
}

bool tested(Outbox &box) {
  box.close();
  if (!box.post("kept"))
    return false;
  return true;
}

bool returned(Outbox &box) {
  box.close();
  return box.post("kept");
}

void feeder(Outbox &box, const std::vector<std::string> &items) {
  std::thread t([&] {
    for (const std::string &i : items)
      if (!box.post(i))
        break;
  });
  box.close();
  t.join();
}

void racing(Outbox &box) {
  std::thread t([&] {
    box.post("x");
  });
  box.close();
  t.join();
}
