// Locals of a try block are destroyed before its handler runs: a thread
// owner declared in the try has joined its thread when the handler (and
// what follows) runs, so the log the thread printed to is not closed under
// it; a guard declared in the try whose destructor closes the producer has
// closed it when the handler uses it. Locals declared after the throwing
// call, or outside the try, are not destroyed on the way.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <stdexcept>
#include <thread>

#include "streaming.h"

struct PressLog {
  FILE *f = std::fopen("/tmp/press.log", "a");
  ~PressLog() { std::fclose(f); }
  void print(const char *s) { std::fprintf(f, "%s\n", s); }
};

struct PressMonitor {
  explicit PressMonitor(PressLog &l) : log(l) {}
  PressLog &log;
  std::thread t;
  void run() { t = std::thread([this] { log.print("pressure ok"); }); }
  ~PressMonitor() {
    if (t.joinable())
      t.join();
  }
};

struct ProducerCloser {
  kafka::KafkaProducer &p;
  ~ProducerCloser() { p.close(); }
};

void calibrate();

int monitorUntilFailure() {
  PressLog log;
  try {
    PressMonitor m(log);
    m.run();
    calibrate();
  } catch (const std::exception &) {
    log.print("calibration failed");
  }
  return 0;
}

void publishOrReport(kafka::KafkaProducer &p) {
  try {
    ProducerCloser closer{p};
    calibrate();
  } catch (const std::exception &) {
    p.send({"press", "calibration failed"});
    // CHECK: [[@LINE-1]]:7: warning: call to 'send' on 'p' after it was closed
  }
}

void reportBeforeGuard(kafka::KafkaProducer &p) {
  try {
    calibrate();
    ProducerCloser closer{p};
  } catch (const std::exception &) {
    p.send({"press", "calibration failed"});
  }
}
