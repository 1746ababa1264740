// The other way round of a close racing a thread's use: a thread that
// closes the object while the code that started it goes on using it (a
// verifier closing the queue on a mismatch while the producer pushes).
// Once the thread is joined its close has happened: a use after the join
// is a use after close, not a race. A thread that only uses is no such
// race, and a use checked open first is not reported (it may be
// serialized by a lock the thread's close is made under).
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <thread>
#include <vector>
using namespace kafka;

void verify(KafkaProducer &p, const std::vector<int> &xs) {
  std::thread verifier([&] {
    p.close();
  });
  for (int x : xs)
    // CHECK: thread-closes.cpp:[[@LINE+2]]:7: warning: call to 'flush' on 'p' while a thread that closes it may still be running [errlint-close-while-in-use]
    // CHECK: thread-closes.cpp:[[@LINE-4]]:7: note: it closes 'p' here
    p.flush();
  verifier.join();
  // CHECK: thread-closes.cpp:[[@LINE+1]]:5: warning: call to 'flush' on 'p' after it was closed [errlint-send-after-close]
  p.flush();
}

void readerOnly(KafkaProducer &p) {
  std::thread reader([&] { p.flush(); });
  p.flush();
  reader.join();
}

void checked(KafkaProducer &p) {
  std::thread closer([&] { p.close(); });
  if (!p.isClosed())
    p.flush();
  closer.join();
}
