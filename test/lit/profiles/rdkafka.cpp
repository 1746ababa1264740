// librdkafka's C++ API, compiled against its real header.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <librdkafka/rdkafkacpp.h>
#include <memory>
#include <string>

void consumeAfterClose(RdKafka::KafkaConsumer *consumer) {
  consumer->subscribe({"topic"});
  delete consumer->consume(100);
  consumer->close();
  // CHECK: rdkafka.cpp:[[@LINE+1]]:20: warning: call to 'consume' on 'consumer' after it was closed [errlint-send-after-close]
  delete consumer->consume(100);
  // CHECK: rdkafka.cpp:[[@LINE+1]]:13: warning: call to 'commitSync' on 'consumer' after it was closed [errlint-send-after-close]
  consumer->commitSync();
  // CHECK: rdkafka.cpp:[[@LINE+1]]:13: warning: 'close' closes 'consumer' a second time [errlint-double-close]
  consumer->close();
}

void ownedConsumer(std::unique_ptr<RdKafka::KafkaConsumer> consumer) {
  consumer->close();
  // CHECK: rdkafka.cpp:[[@LINE+1]]:13: warning: call to 'subscribe' on 'consumer' after it was closed [errlint-send-after-close]
  consumer->subscribe({"t"});
}

// Negative: the orderly shutdown.
void orderly(RdKafka::KafkaConsumer *consumer) {
  delete consumer->consume(100);
  consumer->commitSync();
  consumer->close();
  delete consumer;
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
