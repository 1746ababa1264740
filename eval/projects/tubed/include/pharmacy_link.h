// PharmacyLink: TCP link to the pharmacy's dispensing robot. Not thread-safe: one caller
// at a time (the PharmacyDispenser serializes its own calls). The transport lives in Impl.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "status.h"

namespace tubed {

class PharmacyLink {
 public:
  PharmacyLink(std::string host, int port);
  ~PharmacyLink();
  PharmacyLink(const PharmacyLink&) = delete;
  PharmacyLink& operator=(const PharmacyLink&) = delete;

  Status connect();
  void disconnect();  // idempotent
  bool connected() const;
  std::chrono::milliseconds silent_for() const;

  // Code::Closed when disconnected.
  Result<int> request_dispense(const std::string& order_id, const std::string& ward);
  // Throws std::runtime_error("pharmacy link closed") when disconnected.
  void ack(const std::string& order_id);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tubed
