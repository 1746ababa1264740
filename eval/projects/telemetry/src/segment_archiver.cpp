// segment_archiver.cpp: SegmentArchiver. Seals spool segments at shutdown and
// writes the archive's MANIFEST (through a SpoolFile) and INDEX (through a
// FilePtr).
#include "telemetry/segment_archiver.h"
#include "telemetry/file_handle.h"
#include "telemetry/util.h"

namespace telemetry {

SegmentArchiver::SegmentArchiver(std::string archiveDir)
    : archiveDir_(std::move(archiveDir)) {}

void SegmentArchiver::sealAll(std::vector<std::unique_ptr<SpoolFile>> &segments,
                              SpoolFile &manifest) {
  manifest.append("# sealing " + std::to_string(segments.size()) +
                  " segments " + nowIso8601() + "\n");
  for (auto &segment : segments) {
    if (!segment->is_open())
      continue;
    segment->flush(); // OK: a different segment each iteration, closed only below
    segment->close();
    manifest.close(); // BUG: double-close
  }
}

void SegmentArchiver::writeManifest(const std::vector<std::string> &names) {
  if (names.empty())
    return;
  SpoolFile manifest(archiveDir_ + "/MANIFEST");
  for (std::size_t i = 0; i < names.size(); ++i) {
    manifest.append(names[i] + "\n"); // OK: the close below runs after the last name only
    if (i + 1 == names.size())
      manifest.close(); // OK: runs once, in the last iteration
  }
}

void SegmentArchiver::writeIndex(const std::vector<std::string> &names) {
  std::FILE *out = nullptr;
  if (FilePtr index = openFile(archiveDir_ + "/INDEX", "w")) {
    out = index.get();
    for (const auto &name : names)
      std::fprintf(out, "%s\n", name.c_str()); // OK: index still owns the open file here
  }
  if (out != nullptr && std::fflush(out) != 0) // BUG: use-after-close
    logWarn("archive: flushing the index failed");
}

} // namespace telemetry
