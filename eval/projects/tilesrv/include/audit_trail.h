// AuditTrail: operator-visible events (starts, reloads, bans, fatal errors)
// sent to the audit topic. It owns the producer's lifetime: close() flushes
// and closes it, and must be called once; destroying an open trail closes it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "messaging.h"

namespace tilesrv {

class AuditTrail {
public:
  AuditTrail(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic);
  ~AuditTrail();

  AuditTrail(const AuditTrail &) = delete;
  AuditTrail &operator=(const AuditTrail &) = delete;

  void record(const std::string &action, const std::string &detail);
  void close();
  bool isClosed() const { return closed_; }
  const std::string &topic() const { return topic_; }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::string topic_;
  std::uint64_t sequence_ = 0;
  bool closed_ = false;
};

} // namespace tilesrv
