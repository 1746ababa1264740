// Cleanup hooks kept in a vector and run from the back (`rbegin()`, an index
// counting down) run last-registered first, like atexit(): a hook that
// closes the producer and was registered first runs after a hook
// registered later that uses it. Registered the other way round, the use
// runs after the close and is reported.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

#include "streaming.h"

class AtExitHooks {
public:
  void add(std::function<void()> hook) { hooks_.push_back(std::move(hook)); }
  void runAll() {
    for (auto it = hooks_.rbegin(); it != hooks_.rend(); ++it)
      (*it)();
    hooks_.clear();
  }

private:
  std::vector<std::function<void()>> hooks_;
};

class UnwindStack {
public:
  void push(std::function<void()> undo) { undo_.push_back(std::move(undo)); }
  void unwind() {
    for (std::size_t i = undo_.size(); i-- > 0;)
      undo_[i]();
  }

private:
  std::vector<std::function<void()>> undo_;
};

void closeRegisteredFirst(kafka::KafkaProducer &events) {
  AtExitHooks hooks;
  hooks.add([&] { events.close(); });
  hooks.add([&] { events.send({"ops", "BYE"}); });
  hooks.runAll();
}

void closeRegisteredLast(kafka::KafkaProducer &events) {
  AtExitHooks hooks;
  hooks.add([&] { events.send({"ops", "BYE"}); });
  hooks.add([&] { events.close(); });
  // CHECK: kept-hooks-run-in-reverse.cpp:[[@LINE+1]]:9: warning: call to 'runAll' runs a callback that uses 'events' after it was closed
  hooks.runAll();
}

void unwindInReverse(kafka::KafkaProducer &events) {
  UnwindStack stack;
  stack.push([&] { events.close(); });
  stack.push([&] { events.flush(); });
  stack.unwind();
}

void unwindCloseLast(kafka::KafkaProducer &events) {
  UnwindStack stack;
  stack.push([&] { events.flush(); });
  stack.push([&] { events.close(); });
  // CHECK: kept-hooks-run-in-reverse.cpp:[[@LINE+1]]:9: warning: call to 'unwind' runs a callback that uses 'events' after it was closed
  stack.unwind();
}
