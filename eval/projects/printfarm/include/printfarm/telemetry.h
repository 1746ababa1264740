// Publishes printer telemetry (job progress, camera statistics, farm state) to Kafka,
// one topic per kind: "<prefix>.<kind>".
//
//  - publish() throws std::runtime_error("telemetry publisher closed") after close().
//  - flush() does nothing once closed.
//  - reconnect() flushes and closes the current producer and replaces it with a fresh one
//    for the given brokers (broker fail-over); it does nothing on a closed publisher.
//  - close() flushes and closes the producer. It is idempotent; the destructor calls it.
// Thread-safe: every member function takes mu_.
#pragma once
#include <memory>
#include <mutex>
#include <string>

#include "messaging.h"

namespace printfarm {

class TelemetryPublisher {
public:
  TelemetryPublisher(std::string brokers, std::string topicPrefix);
  ~TelemetryPublisher();
  TelemetryPublisher(const TelemetryPublisher &) = delete;
  TelemetryPublisher &operator=(const TelemetryPublisher &) = delete;

  void publish(const std::string &printer, const std::string &kind, const std::string &json);
  void flush();
  void reconnect(const std::string &brokers);
  void close();
  bool isClosed() const;

private:
  std::string brokers_;
  const std::string prefix_;
  mutable std::mutex mu_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  bool closed_ = false;
};

} // namespace printfarm
