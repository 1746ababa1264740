// Register planning and decoding of polled registers into samples.
#include "sample.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <ctime>
#include <set>

namespace histd {

std::vector<RegisterBlock> planBlocks(const TagGroup &group, uint16_t maxPerRequest) {
  std::set<uint16_t> regs;
  for (const TagDef &t : group.tags) {
    for (uint16_t w = 0; w < t.words; ++w)
      regs.insert(static_cast<uint16_t>(t.reg + w));
  }
  std::vector<RegisterBlock> blocks;
  for (uint16_t r : regs) {
    if (!blocks.empty()) {
      RegisterBlock &last = blocks.back();
      const uint32_t end = uint32_t(last.start) + last.count;
      // Reading a few unused registers is cheaper than another round trip.
      if (r >= end && r - end <= 8 && uint32_t(r) - last.start < maxPerRequest) {
        last.count = static_cast<uint16_t>(r - last.start + 1);
        continue;
      }
    }
    blocks.push_back({r, 1});
  }
  return blocks;
}

SampleBatch decodeSamples(const TagGroup &group, const PollResult &result) {
  SampleBatch batch;
  batch.source = group.name;
  batch.samples.reserve(group.tags.size());
  for (const TagDef &t : group.tags) {
    Sample s;
    s.tagId = t.id;
    s.tsMicros = result.tsMicros;
    auto hi = result.registers.find(t.reg);
    if (hi == result.registers.end()) {
      s.quality = kQualityBad;
      batch.samples.push_back(s);
      continue;
    }
    if (t.words == 1) {
      s.value = static_cast<int16_t>(hi->second) * t.scale;
    } else {
      auto lo = result.registers.find(static_cast<uint16_t>(t.reg + 1));
      if (lo == result.registers.end()) {
        s.quality = kQualityBad;
        batch.samples.push_back(s);
        continue;
      }
      const uint32_t bits = (uint32_t(hi->second) << 16) | lo->second;
      float f;
      std::memcpy(&f, &bits, sizeof f);
      s.value = f * t.scale;
      if (f != f)
        s.quality = kQualityUncertain;
    }
    batch.samples.push_back(s);
  }
  return batch;
}

int64_t nowMicros() {
  using namespace std::chrono;
  return duration_cast<microseconds>(system_clock::now().time_since_epoch()).count();
}

std::string isoTime(int64_t micros) {
  const std::time_t secs = static_cast<std::time_t>(micros / 1000000);
  std::tm tm {};
  gmtime_r(&secs, &tm);
  char buf[40];
  const size_t n = std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  std::snprintf(buf + n, sizeof buf - n, ".%06lldZ", static_cast<long long>(micros % 1000000));
  return buf;
}

} // namespace histd
