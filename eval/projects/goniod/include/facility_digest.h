// goniod — the station digest published to the facility's Kafka cluster.
#pragma once
#include <memory>
#include <mutex>
#include <string>

#include "errands.h"
#include "messaging.h"

namespace goniod {

class FacilityDigest {
public:
  FacilityDigest(const std::string &brokers, std::string topic, Errands &errands);
  ~FacilityDigest();
  FacilityDigest(const FacilityDigest &) = delete;
  FacilityDigest &operator=(const FacilityDigest &) = delete;

  void publish(std::string payload);
  void publish_now(const std::string &payload);
  void close();
  bool closed() const;

private:
  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::string topic_;
  Errands &errands_;
  mutable std::mutex mu_;
};

} // namespace goniod
