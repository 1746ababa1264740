// Description of a finished segment, handed to segment-complete callbacks,
// written to the index and published as metadata.
#pragma once
#include <cstdint>
#include <string>

namespace ingestd {

struct SegmentInfo {
  std::string streamKey;
  std::string path;
  std::uint64_t seq = 0;
  std::uint64_t bytes = 0;
  double durationSec = 0.0;
};

// {"stream":...,"path":...,"seq":...,"bytes":...,"duration":...}
std::string toJson(const SegmentInfo &info);
// Escapes a string for use inside a JSON string literal.
std::string jsonEscape(const std::string &s);

} // namespace ingestd
