// PharmacyDispenser: turns dispense orders into robot requests and audit entries.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "audit_writer.h"
#include "pharmacy_link.h"

namespace tubed {

struct DispenseOrder {
  std::string id;
  std::string ward;
  std::string item;
};

class PharmacyDispenser {
 public:
  PharmacyDispenser(std::shared_ptr<PharmacyLink> link, std::shared_ptr<AuditWriter> audit);
  ~PharmacyDispenser();

  Status dispense(const DispenseOrder& order);  // runs on a worker thread
  void poll();                                  // control thread: redials a dropped robot link
  int failures() const;

 private:
  void recover_link(const std::string& why);

  std::shared_ptr<PharmacyLink> link_;
  std::shared_ptr<AuditWriter> audit_;
  mutable std::mutex mu_;
  int failures_ = 0;
};

}  // namespace tubed
