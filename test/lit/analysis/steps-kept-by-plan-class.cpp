// A plan class of the user's own that keeps the steps it is given
// (`plan.add("name", [&] {...})` storing each beside its name) and runs
// them all in order (`for (auto &[name, step] : steps_) step();`): a
// builder that returns such a plan is told, where the steps are written,
// what one step closes for the ones after it. A plan whose run picks steps
// by a parameter says nothing of their order.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class Beacon {
public:
  void flash(int n) {
    if (closed_)
      throw std::runtime_error("beacon closed");
    n_ = n;
  }
  void close() { closed_ = true; }
  bool isOpen() const { return !closed_; }

private:
  bool closed_ = false;
  int n_ = 0;
};

class CloseDown {
public:
  void add(std::string name, std::function<void()> step) {
    steps_.emplace_back(std::move(name), std::move(step));
  }
  void run() {
    for (auto &[name, step] : steps_)
      step();
  }

private:
  std::vector<std::pair<std::string, std::function<void()>>> steps_;
};

class Picker {
public:
  void add(std::string name, std::function<void()> step) {
    steps_.emplace_back(std::move(name), std::move(step));
  }
  void run(const std::string &only) {
    for (auto &[name, step] : steps_)
      if (name == only)
        step();
  }

private:
  std::vector<std::pair<std::string, std::function<void()>>> steps_;
};

CloseDown lighthousePlan(Beacon &beacon, FILE *&log) {
  CloseDown plan;
  plan.add("beacon off", [&beacon] { beacon.close(); });
  plan.add("last flash", [&beacon] {
    beacon.flash(3);
    // CHECK: steps-kept-by-plan-class.cpp:[[@LINE-1]]:12: warning: call to 'flash' on 'beacon' after it was closed
  });
  plan.add("log", [&log] { std::fclose(log); });
  plan.add("checked flash", [&beacon] {
    if (beacon.isOpen())
      beacon.flash(1);
  });
  return plan;
}

Picker pickedPlan(Beacon &beacon) {
  Picker plan;
  plan.add("beacon off", [&beacon] { beacon.close(); });
  plan.add("last flash", [&beacon] { beacon.flash(3); });
  return plan;
}
