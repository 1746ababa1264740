// A helper that calls the callable it is given before it returns (a
// std::function, a function pointer, std::invoke) runs the caller's lambda
// inside the call: what the lambda closes is closed after the call, on
// every path when the helper calls it on every path (even inside a try),
// maybe when only on some. A lambda the helper only stores, or one that
// closes another object, closes nothing here.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <functional>
#include <vector>

namespace kafka {
struct KafkaProducer {
  void send(int);
  void close();
};
} // namespace kafka

void runStep(const char *what, const std::function<void()> &step) {
  std::puts(what);
  try {
    step();
  } catch (...) {
    std::puts("step failed");
  }
}

void runIf(bool on, const std::function<void()> &step) {
  if (on)
    step();
}

void runPointer(void (*fn)(kafka::KafkaProducer &), kafka::KafkaProducer &p) {
  std::invoke(fn, p);
}

void handOn(const std::function<void()> &step) { runStep("handed on", step); }

std::vector<std::function<void()>> pending;
void later(std::function<void()> step) { pending.push_back(std::move(step)); }

void closesEveryPath(kafka::KafkaProducer &p) {
  runStep("close", [&] { p.close(); });
  // CHECK: invoked-callables.cpp:[[@LINE+1]]:5: warning: call to 'send' on 'p' after it was closed
  p.send(1);
  // CHECK: invoked-callables.cpp:[[@LINE-3]]:28: note: 'p' is closed here
}

void closesSomePaths(kafka::KafkaProducer &p, bool on) {
  runIf(on, [&] { p.close(); });
  // CHECK: invoked-callables.cpp:[[@LINE+1]]:5: warning: call to 'send' on 'p' that may have been closed
  p.send(1);
}

void handedOn(kafka::KafkaProducer &p) {
  handOn([&] { p.close(); });
  // CHECK: invoked-callables.cpp:[[@LINE+1]]:5: warning: call to 'send' on 'p' after it was closed
  p.send(1);
}

void usedInside(kafka::KafkaProducer &p) {
  p.close();
  // The use is reported where the lambda makes it.
  // CHECK: invoked-callables.cpp:[[@LINE+1]]:32: warning: call to 'send' on 'p' after it was closed
  runStep("late send", [&] { p.send(2); });
}

void keptForLater(kafka::KafkaProducer &p) {
  later([&] { p.close(); });
  p.send(1); // stored, not run: still open
}

void otherObject(kafka::KafkaProducer &p, kafka::KafkaProducer &q) {
  runStep("close q", [&] { q.close(); });
  p.send(1); // q was closed, not p
}

void sendsOnly(kafka::KafkaProducer &p) {
  runStep("flush", [&] { p.send(0); });
  p.send(1);
}

class Server {
public:
  void stop();

private:
  void stopStep(const char *what, const std::function<void()> &step) {
    runStep(what, step);
  }
  kafka::KafkaProducer metrics_;
  kafka::KafkaProducer audit_;
};

void Server::stop() {
  stopStep("metrics", [this] { metrics_.close(); });
  audit_.send(1);
  // CHECK: invoked-callables.cpp:[[@LINE+1]]:12: warning: call to 'send' on 'metrics_' after it was closed
  metrics_.send(1);
}

void closeIt(kafka::KafkaProducer &p) { p.close(); }
void throughPointer(kafka::KafkaProducer &p) {
  runPointer(closeIt, p);
  p.send(1); // the function pointer's target is not known here
}

// A step that closes the file and clears the member: the second close is
// reported inside the lambda, where it is made.
struct IcYard {
  std::FILE *manifest_ = nullptr;
  void shutdown() {
    runStep("seal", [this] { std::fclose(manifest_); });
    runStep("release", [this] {
      if (manifest_)
        // CHECK: invoked-callables.cpp:[[@LINE+1]]:9: warning: 'fclose' closes 'manifest_' a second time
        std::fclose(manifest_);
      manifest_ = nullptr;
    });
  }
};
