// A profile can say its close is designed to run while others still use it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed -e 's/"queue-lifecycle"/"queue-lifecycle", "concurrentClose": true/' %s.json > %t/concurrent.json
// RUN: %expect_exit 1 %errlint %s --rules %s.json --cite=none -- -std=c++17 -pthread | FileCheck %s --check-prefix=RACE
// RUN: %expect_exit 0 %errlint %s --rules %t/concurrent.json --cite=none -- -std=c++17 -pthread
#include <thread>

class BlockingQueue {
public:
  void push(int);
  int pop();
  void close(); // wakes up pop()ers; they must keep serving while it runs
};

void serve(BlockingQueue &q) {
  std::thread consumer([&] { q.pop(); });
  // RACE: concurrent-close.cpp:[[@LINE+1]]:5: warning: 'q' is closed while a thread that uses it may still be running
  q.close();
  consumer.join();
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.ExtraRules: %s.json, errlint.Cite: none}}" -- -std=c++17 -pthread | FileCheck %s --check-prefix=RACE
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.ExtraRules: %t/concurrent.json, errlint.Cite: none}}" -- -std=c++17 -pthread | count 0
