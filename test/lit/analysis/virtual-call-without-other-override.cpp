// A virtual method that nothing in the unit overrides runs itself: an
// exporter implementing a Stoppable interface and calling its own stop()
// before flush() flushes a closed producer. Where a class of the unit
// overrides the method (a subclass whose stop() only pauses), or the call
// goes through the interface, another function may run: nothing is
// assumed of it.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <memory>
#include <string>

struct Stoppable {
  virtual ~Stoppable() = default;
  virtual void stop() = 0;
};

class Exporter : public Stoppable {
public:
  Exporter() : producer_(std::make_unique<kafka::KafkaProducer>()) {}
  void stop() override { producer_->close(); }
  void flush() { producer_->flush(); }
  void shutdown() {
    stop();
    // CHECK: :[[@LINE+1]]:5: warning: call to 'flush' uses 'producer_' after it was closed
    flush();
  }

private:
  std::unique_ptr<kafka::KafkaProducer> producer_;
};

class Feed : public Stoppable {
public:
  Feed() : producer_(std::make_unique<kafka::KafkaProducer>()) {}
  void stop() override { producer_->close(); }
  void flush() { producer_->flush(); }
  void shutdown() {
    stop();
    flush();
  }

protected:
  std::unique_ptr<kafka::KafkaProducer> producer_;
};

class PausingFeed : public Feed {
public:
  using Feed::Feed;
  void stop() override { paused_ = true; }

private:
  bool paused_ = false;
};

void stopAll(Stoppable &s, Exporter &e) {
  s.stop();
  e.flush();
}
