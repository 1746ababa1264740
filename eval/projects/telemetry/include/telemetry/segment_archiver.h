// SegmentArchiver: seals spool segments and writes the archive's manifest
// and index.
#pragma once
#include "telemetry/spool_file.h"

#include <memory>
#include <string>
#include <vector>

namespace telemetry {

class SegmentArchiver {
public:
  explicit SegmentArchiver(std::string archiveDir);

  void sealAll(std::vector<std::unique_ptr<SpoolFile>> &segments,
               SpoolFile &manifest);
  void writeManifest(const std::vector<std::string> &names);
  void writeIndex(const std::vector<std::string> &names);

private:
  std::string archiveDir_;
};

} // namespace telemetry
