// PassValidator: decides whether a scanned pass may go through a turnstile
// and writes every decision to the gate audit log. Called from the gate
// scanner threads.
#pragma once
#include <mutex>
#include <set>
#include <string>

#include "file_handle.h"
#include "status.h"

namespace liftops {

class PassValidator {
public:
  explicit PassValidator(const std::string &auditPath);
  Status loadValid(const std::string &path);
  bool admit(const std::string &gateId, const std::string &passId);
  void rotateAudit(const std::string &path);
  void closeAudit();

private:
  std::mutex mu_;
  std::set<std::string> valid_;
  FileHandle audit_;
};

} // namespace liftops
