// Time-series sample types and the tag-group definitions the pollers read.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace histd {

constexpr uint8_t kQualityGood = 192;
constexpr uint8_t kQualityUncertain = 64;
constexpr uint8_t kQualityBad = 0;

struct Sample {
  uint32_t tagId = 0;
  int64_t tsMicros = 0;
  double value = 0.0;
  uint8_t quality = kQualityGood;
};

struct SampleBatch {
  std::string source;
  std::vector<Sample> samples;
};

struct TagDef {
  uint32_t id = 0;
  std::string name;
  uint16_t reg = 0;   // first holding register (0-based)
  uint8_t words = 1;  // 1 = int16, 2 = float32 (big-endian word order)
  double scale = 1.0;
};

struct TagGroup {
  std::string name;
  std::string controller;
  int periodMs = 1000;
  std::vector<TagDef> tags;
};

struct RegisterBlock {
  uint16_t start = 0;
  uint16_t count = 0;
};

struct PollResult {
  std::string group;
  int64_t tsMicros = 0;
  std::map<uint16_t, uint16_t> registers;
};

/// Splits a group's registers into contiguous read requests.
std::vector<RegisterBlock> planBlocks(const TagGroup &group, uint16_t maxPerRequest = 120);
/// Turns raw registers into scaled samples; missing registers give bad quality.
SampleBatch decodeSamples(const TagGroup &group, const PollResult &result);

int64_t nowMicros();
std::string isoTime(int64_t micros);

} // namespace histd
