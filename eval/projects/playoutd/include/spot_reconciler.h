// SpotReconciler: tells the traffic system which commercial spots aired, so
// billing can be reconciled against the log.
#pragma once
#include "messaging.h"
#include <atomic>
#include <chrono>
#include <memory>
#include <string>

class HookPanel;

class SpotReconciler {
public:
  SpotReconciler(HookPanel &panel, const std::string &brokers);
  ~SpotReconciler();
  /// End of the broadcast day: flush and close the producer.
  void close();
  int aired() const { return aired_.load(); }

private:
  void onAired(const std::string &item, std::chrono::seconds length);

  HookPanel &panel_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  int hookId_ = 0;
  std::atomic<int> aired_{0};
};
