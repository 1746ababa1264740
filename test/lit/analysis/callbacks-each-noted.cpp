// A run that calls several kept callables using an object closed before it
// is one finding at the run, with each callable's keeping and use as notes,
// in the order they were kept (whatever order the keeping function's
// summary lists them in). A callable that checks first is not among them.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class BeatGauge {
public:
  void post(const std::string &m) {
    if (closed_)
      throw std::runtime_error("gauge closed");
    last_ = m;
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }

private:
  std::string last_;
  bool closed_ = false;
};

class BeatClock {
public:
  void every(std::function<void()> f) { hooks_.push_back(std::move(f)); }
  void tick() {
    for (auto &h : hooks_)
      h();
  }

private:
  std::vector<std::function<void()>> hooks_;
};

class BeatReporter {
public:
  explicit BeatReporter(BeatClock &c) : clock_(c), gauge_(std::make_shared<BeatGauge>()) {}
  void start() {
    std::shared_ptr<BeatGauge> g = gauge_;
    clock_.every([g] { g->post("beat"); });
    clock_.every([g] {
      if (!g->closed())
        g->post("checked");
    });
    clock_.every([g] { g->post("load"); });
  }
  void stop() { gauge_->close(); }

private:
  BeatClock &clock_;
  std::shared_ptr<BeatGauge> gauge_;
};

void run(BeatClock &c) {
  BeatReporter r(c);
  r.start();
  r.stop();
  c.tick();
}
// CHECK: callbacks-each-noted.cpp:62:5: warning: call to 'tick' runs a callback that uses 'r.gauge_' after it was closed
// CHECK: {{.*}}callbacks-each-noted.cpp:61:5: note: 'r.gauge_' is closed by the call to 'stop' here
// CHECK: callbacks-each-noted.cpp:44:12: note: the callback is kept here by 'every'
// CHECK: callbacks-each-noted.cpp:44:27: note: the callback calls 'post' on it here
// CHECK: callbacks-each-noted.cpp:49:12: note: the callback is kept here by 'every'
// CHECK: callbacks-each-noted.cpp:49:27: note: the callback calls 'post' on it here
// CHECK-NOT: note: the callback calls
