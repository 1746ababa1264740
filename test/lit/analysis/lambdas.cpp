// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <functional>
using namespace kafka;

// A lambda that closes a captured object counts where it is called.
void lambdaCloses(KafkaProducer &producer, ProducerRecord r) {
  auto stop = [&] { producer.close(); };
  producer.send(r);
  stop();
  // CHECK: lambdas.cpp:[[@LINE+1]]:12: warning: call to 'send' on 'producer' after it was closed
  producer.send(r);
}

// A std::function holding such a lambda.
void functionCloses(KafkaProducer &producer, ProducerRecord r) {
  std::function<void()> stop = [&producer] { producer.close(); };
  stop();
  // CHECK: lambdas.cpp:[[@LINE+1]]:12: warning: call to 'flush' on 'producer' after it was closed
  producer.flush();
  // CHECK: lambdas.cpp:[[@LINE-3]]:3: note: 'producer' is closed by the call to 'stop' here
  // CHECK: lambdas.cpp:[[@LINE-5]]:55: note: 'stop' closes it here
}

// A lambda that uses the object, called after the close.
void lambdaUses(KafkaProducer &producer, ProducerRecord r) {
  auto publish = [&](const ProducerRecord &rec) { producer.send(rec); };
  publish(r);
  producer.close();
  // CHECK: lambdas.cpp:[[@LINE+1]]:3: warning: call to 'publish' uses 'producer' after it was closed
  publish(r);
  // CHECK: lambdas.cpp:[[@LINE-5]]:60: note: 'publish' uses it here
}

// Negative: the lambda closes its own copy.
void copyCaptured(KafkaProducer producer, ProducerRecord r) {
  auto stop = [producer]() mutable { producer.close(); };
  stop();
  producer.send(r);
}

// Negative: defined but never called.
void neverCalled(KafkaProducer &producer, ProducerRecord r) {
  auto stop = [&] { producer.close(); };
  (void)stop;
  producer.send(r);
}

// Inside a lambda body, the straight-line case is found too.
void insideLambda(KafkaProducer &producer, ProducerRecord r) {
  auto body = [&] {
    producer.close();
    // CHECK: lambdas.cpp:[[@LINE+1]]:14: warning: call to 'send' on 'producer' after it was closed
    producer.send(r);
  };
  (void)body;
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags | FileCheck %s --implicit-check-not=warning:

// A private std::function member the class's own code gives one lambda
// runs that lambda where it is called; one given two (or a public one,
// which any code may set) runs something errlint does not know.
class Uploader {
public:
  explicit Uploader(KafkaProducer &P) : Producer(P) {
    OnComplete = [this] { Producer.send(ProducerRecord{}); };
  }
  void run(bool Corrupt) {
    if (Corrupt)
      Producer.close();
    // CHECK: lambdas.cpp:[[@LINE+1]]:5: warning: call to 'operator()' uses 'Producer' that may have been closed
    OnComplete();
  }

private:
  KafkaProducer &Producer;
  std::function<void()> OnComplete;
};
class Rebindable {
public:
  explicit Rebindable(KafkaProducer &P) : Producer(P) {
    OnComplete = [this] { Producer.send(ProducerRecord{}); };
  }
  void quietly() {
    OnComplete = [] {};
  }
  void run() {
    Producer.close();
    OnComplete();
  }

private:
  KafkaProducer &Producer;
  std::function<void()> OnComplete;
};
