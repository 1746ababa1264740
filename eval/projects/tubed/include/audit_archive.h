// AuditArchiver: moves rotated audit files into the archive directory and verifies them.
#pragma once

#include <cstdint>
#include <string>

#include "status.h"

namespace tubed {

class AuditArchiver {
 public:
  explicit AuditArchiver(std::string archive_dir);

  Status archive(const std::string& rotated_file);
  Result<std::uint32_t> verify(const std::string& archived_file);

 private:
  Status sync_dir();
  std::string dir_;
};

}  // namespace tubed
