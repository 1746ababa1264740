// A method errlint infers a role for (route() reports a tripped router
// through its false result) still does what its code does to other
// objects: tripping the circuit inside it closes the producer the router
// holds by reference, so the audit sent after the loop may follow a close.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <string>
#include <vector>

class OrderRouter {
public:
  explicit OrderRouter(kafka::KafkaProducer &producer) : producer_(producer) {}
  bool route(const std::string &order) {
    if (tripped_)
      return false;
    producer_.send({"orders", order}); // OK: tripped_ is set with the close
    if (order.size() > 100)
      trip();
    return true;
  }
  void shutdown() {
    if (tripped_)
      return;
    producer_.close();
    tripped_ = true;
  }
  bool tripped() const { return tripped_; }
  void routeBatch(const std::vector<std::string> &batch) {
    for (const std::string &order : batch)
      if (!route(order))
        break;
    // CHECK: role-beside-effects.cpp:[[@LINE+1]]:15: warning: call to 'send' on 'producer_' that may have been closed
    producer_.send({"audit", "batch done"});
  }
  void routeOne(const std::string &order) {
    if (!route(order))
      return;
    if (tripped_)
      return;
    producer_.send({"audit", order}); // OK: not tripped, so not closed
  }

private:
  void trip() {
    producer_.flush();
    producer_.close();
    tripped_ = true;
  }
  kafka::KafkaProducer &producer_;
  bool tripped_ = false;
};
