// A timer whose cancel(id) empties the matching entry in a loop
// (`for (auto &job : jobs_) if (job.first == id) job.second = nullptr;`)
// drops the callable: a tick() after the link closed runs nothing on it.
// One never cancelled still runs there.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class PealLink {
public:
  void post(const std::string &m) {
    if (closed_)
      throw std::runtime_error("peal link closed");
    sent_ += m;
  }
  void close() { closed_ = true; }

private:
  bool closed_ = false;
  std::string sent_;
};

class QuarterTimer {
public:
  int every(std::function<void()> fn) {
    jobs_.emplace_back(next_, std::move(fn));
    return next_++;
  }
  void cancel(int id) {
    for (auto &job : jobs_)
      if (job.first == id)
        job.second = nullptr;
  }
  void tick() {
    for (auto &job : jobs_)
      if (job.second)
        job.second();
  }

private:
  std::vector<std::pair<int, std::function<void()>>> jobs_;
  int next_ = 1;
};

void cancelledFirst() {
  QuarterTimer timer;
  auto link = std::make_shared<PealLink>();
  int id = timer.every([link] { link->post("quarter"); });
  timer.tick();
  timer.cancel(id);
  link->close();
  timer.tick();
}

void neverCancelled() {
  QuarterTimer timer;
  auto link = std::make_shared<PealLink>();
  timer.every([link] { link->post("quarter"); });
  link->close();
  // CHECK: callback-cancelled-in-loop.cpp:[[@LINE+1]]:9: warning: call to 'tick' runs a callback that uses 'link' after it was closed [errlint-use-after-close]
  timer.tick();
}
