// A method whose code is seen and touches nothing tracked (record()
// appending to a vector member) changes only the members it writes: the
// producer stop() closed is still closed after it. One that hands `this`
// on, or calls another method of the object, may change anything.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <memory>
#include <string>
#include <vector>
using namespace kafka;

class Uploader;
void registerWith(Uploader &u);

class Uploader {
public:
  void record(std::string s) { samples_.push_back(std::move(s)); }
  void count() { ++sent_; }
  void stop() { producer_->close(); }
  void flushAll() { producer_->flush(); }
  void announce() { registerWith(*this); }
  void tidy() { count(); }

private:
  std::unique_ptr<KafkaProducer> producer_;
  std::vector<std::string> samples_;
  int sent_ = 0;
};

void afterStop(Uploader &u) {
  u.stop();
  u.record("late");
  u.count();
  // CHECK: methods-writing-members.cpp:[[@LINE+1]]:5: warning: call to 'flushAll' uses 'u.producer_' after it was closed [errlint-send-after-close]
  u.flushAll();
}

void escaped(Uploader &u) {
  u.stop();
  u.announce();
  u.flushAll();
}

void viaOtherMethod(Uploader &u) {
  u.stop();
  u.tidy();
  u.flushAll();
}
