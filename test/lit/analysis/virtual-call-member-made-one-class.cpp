// A private pointer member declared as an interface that every assignment
// of its class makes one concrete class (`std::make_unique<Doppler>(...)`
// in the constructor, `reset(new Doppler(...))` in a method): a virtual
// call through it runs that class's override, so that class's protocol
// applies. A member also given another class, or whatever a parameter
// holds, could be either: nothing is said.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <memory>
#include <stdexcept>
#include <utility>

class TideSource {
public:
  virtual ~TideSource() = default;
  virtual double level() = 0;
  virtual void shutdown() = 0;
};

class TideGaugeLink : public TideSource {
public:
  double level() override {
    if (closed_)
      throw std::runtime_error("tide gauge link closed");
    return 1.5;
  }
  void shutdown() override { closed_ = true; }

private:
  bool closed_ = false;
};

class TideTable : public TideSource {
public:
  double level() override { return 1.2; }
  void shutdown() override {}
};

class BerthPlanner {
public:
  BerthPlanner() : gauge_(std::make_unique<TideGaugeLink>()) {}
  void recalibrate() { gauge_.reset(new TideGaugeLink()); }
  double closeBerth() {
    gauge_->shutdown();
    // CHECK: virtual-call-member-made-one-class.cpp:[[@LINE+1]]:20: warning: call to 'level' on 'gauge_' after it was closed
    return gauge_->level();
  }
  void pause() { gauge_->shutdown(); }
  double sample() { return gauge_->level(); }

private:
  std::unique_ptr<TideSource> gauge_;
};

void planTide(BerthPlanner &planner) {
  planner.pause();
  // CHECK: virtual-call-member-made-one-class.cpp:[[@LINE+1]]:11: warning: call to 'sample' uses 'planner.gauge_' after it was closed
  planner.sample();
}

class PilotBoard {
public:
  explicit PilotBoard(bool live)
      : source_(live ? std::unique_ptr<TideSource>(new TideGaugeLink())
                     : std::unique_ptr<TideSource>(new TideTable())) {}
  void useTable() { source_ = std::make_unique<TideTable>(); }
  double closeBoard() {
    source_->shutdown();
    return source_->level();
  }

private:
  std::unique_ptr<TideSource> source_;
};

class HarbourDesk {
public:
  explicit HarbourDesk(std::unique_ptr<TideSource> s) : source_(std::move(s)) {}
  double closeDesk() {
    source_->shutdown();
    return source_->level();
  }

private:
  std::unique_ptr<TideSource> source_;
};
// CHECK-NOT: warning:
