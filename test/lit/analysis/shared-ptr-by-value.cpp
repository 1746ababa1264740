// A callee that takes a std::shared_ptr by value shares the caller's
// object: its use of it is a use of what the caller closed. A callee taking
// the object itself by value (a copy of its own) is not.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <memory>
#include <string>
#include <utility>
using namespace kafka;

struct Pool {
  void release(const std::string &host, std::shared_ptr<KafkaProducer> p) {
    p->flush();
    idle_ = std::move(p);
  }
  std::shared_ptr<KafkaProducer> idle_;
};

void deliver(Pool &pool, std::shared_ptr<KafkaProducer> conn, int code) {
  if (code == 421)
    conn->close();
  // CHECK: shared-ptr-by-value.cpp:[[@LINE+1]]:8: warning: call to 'release' uses 'conn' that may have been closed [errlint-send-after-close]
  pool.release("mx1", conn);
}

void deliverMoved(Pool &pool, std::shared_ptr<KafkaProducer> conn) {
  conn->close();
  // CHECK: shared-ptr-by-value.cpp:[[@LINE+1]]:8: warning: call to 'release' uses 'conn' after it was closed [errlint-send-after-close]
  pool.release("mx1", std::move(conn));
}

void deliverOpen(Pool &pool, std::shared_ptr<KafkaProducer> conn, int code) {
  if (code == 421) {
    conn->close();
    return;
  }
  pool.release("mx1", conn);
}
