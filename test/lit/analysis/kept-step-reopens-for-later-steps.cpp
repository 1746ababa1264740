// A registry of the user's own keeps its steps and runs them all in the
// order they were kept: a step that reopens what an earlier step closed
// (`feed.reopen(p)`) leaves it open for the steps kept after it, so a
// later write is no use after close; without the reopen it is.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

class RouteLog {
public:
  explicit RouteLog(const std::string &path) { reopen(path); }
  ~RouteLog() { close(); }
  void reopen(const std::string &path) {
    close();
    fp_ = std::fopen(path.c_str(), "a");
  }
  void write(const std::string &line) {
    if (fp_ == nullptr)
      throw std::runtime_error("route log closed");
    std::fputs(line.c_str(), fp_);
  }
  void close() {
    if (fp_ != nullptr)
      std::fclose(fp_);
    fp_ = nullptr;
  }

private:
  FILE *fp_ = nullptr;
};

class StandDown {
public:
  void add(std::function<void()> step) { steps_.push_back(std::move(step)); }
  void run() {
    for (auto &s : steps_)
      s();
  }

private:
  std::vector<std::function<void()>> steps_;
};

void returnLeg(RouteLog &log) {
  StandDown plan;
  plan.add([&log] { log.write("arrived"); });
  plan.add([&log] { log.close(); });
  plan.add([&log] { log.reopen("/var/route-return.log"); });
  plan.add([&log] { log.write("returning"); });
  plan.run();
}

void lostLeg(RouteLog &log) {
  StandDown plan;
  plan.add([&log] { log.close(); });
  plan.add([&log] { log.write("lost"); });
  plan.run();
  // CHECK: :[[@LINE-1]]:8: warning: call to 'run' runs a callback that uses 'log' after it was closed
}
