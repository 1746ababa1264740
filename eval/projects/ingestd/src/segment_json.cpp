// JSON encoding of segment descriptions (metadata records, sidecars).
#include "ingestd/segment_info.h"

#include <cstdio>

namespace ingestd {

std::string jsonEscape(const std::string &s) {
  std::string out;
  out.reserve(s.size() + 2);
  for (char c : s) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out += buf;
      } else {
        out += c;
      }
    }
  }
  return out;
}

std::string toJson(const SegmentInfo &info) {
  char dur[32];
  std::snprintf(dur, sizeof dur, "%.3f", info.durationSec);
  return "{\"stream\":\"" + jsonEscape(info.streamKey) + "\",\"path\":\"" + jsonEscape(info.path) +
         "\",\"seq\":" + std::to_string(info.seq) + ",\"bytes\":" + std::to_string(info.bytes) +
         ",\"duration\":" + dur + "}";
}

} // namespace ingestd
