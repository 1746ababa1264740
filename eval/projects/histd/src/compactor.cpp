// Compactor: packs sealed segments into ".z" files on a background thread
// and records the result in the segment index.
#include "compactor.h"

#include "codec.h"
#include "defer.h"
#include "log.h"
#include "signal_pipe.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace histd {

namespace {
constexpr std::size_t kBlockRecords = 4096;
}

Compactor::Compactor(SegmentIndex &index) : index_(index), queue_("compactor", 1024) {}

Compactor::~Compactor() {
  requestStop();
  join();
}

void Compactor::start() { worker_ = std::thread([this] { run(); }); }

void Compactor::enqueue(const SealedSegment &segment) {
  if (!queue_.tryPush(segment))
    log::warn("compactor: backlog full, %s stays unpacked", segment.path.c_str());
}

void Compactor::requestStop() {
  stopping_ = true;
  queue_.close();
}

void Compactor::join() {
  if (worker_.joinable())
    worker_.join();
}

void Compactor::run() {
  blockShutdownSignals();
  while (std::optional<SealedSegment> segment = queue_.pop()) {
    if (stopping_.load())
      break;
    try {
      if (compressOne(*segment))
        ++compacted_;
    } catch (const std::exception &e) {
      log::error("compactor: %s: %s", segment->path.c_str(), e.what());
    }
  }
}

bool Compactor::compressOne(const SealedSegment &segment) {
  std::FILE *in = std::fopen(segment.path.c_str(), "rb");
  if (!in) {
    log::warn("compactor: cannot open %s: %s", segment.path.c_str(), std::strerror(errno));
    return false;
  }
  auto closeIn = defer([&] { std::fclose(in); });

  SegmentFooter footer;
  if (!readSegmentFooter(in, footer)) {
    log::warn("compactor: %s has no footer, skipping", segment.path.c_str());
    return false;
  }
  if (std::fseek(in, long(kSegmentHeaderBytes), SEEK_SET) != 0) // OK
    return false;

  const std::string tmp = segment.path + ".z.tmp";
  std::FILE *out = std::fopen(tmp.c_str(), "wb");
  if (!out) {
    log::warn("compactor: cannot create %s: %s", tmp.c_str(), std::strerror(errno));
    return false;
  }
  if (!writeSegmentHeader(out, kPackedMagic, segment.number)) {
    std::fclose(out);
    std::remove(tmp.c_str());
    return false;
  }

  std::vector<unsigned char> raw(kBlockRecords * kSampleRecordBytes);
  std::vector<Sample> samples;
  uint32_t remaining = footer.count;
  uint32_t crc = 0;
  uint64_t packedBytes = kSegmentHeaderBytes;
  while (remaining > 0) {
    const std::size_t want = std::min<std::size_t>(remaining, kBlockRecords);
    const std::size_t got = std::fread(raw.data(), kSampleRecordBytes, want, in); // OK
    if (got == 0)
      break;
    remaining -= static_cast<uint32_t>(got);
    samples.clear();
    for (std::size_t i = 0; i < got; ++i)
      samples.push_back(decodeRecord(&raw[i * kSampleRecordBytes]));
    const std::string packed = codec::packSamples(samples);
    const uint32_t lens[2] = {static_cast<uint32_t>(got), static_cast<uint32_t>(packed.size())};
    crc = codec::crc32(packed.data(), packed.size(), crc);
    if (std::fwrite(lens, sizeof lens, 1, out) != 1 || // OK
        std::fwrite(packed.data(), 1, packed.size(), out) != packed.size()) {
      log::warn("compactor: short write to %s: %s", tmp.c_str(), std::strerror(errno));
      std::fclose(out);
      std::remove(tmp.c_str());
      break;
    }
    packedBytes += sizeof lens + packed.size();
  }

  SegmentFooter packedFooter = footer;
  packedFooter.crc = crc;
  packedFooter.flags |= kFooterCompressed;
  bool ok = writeSegmentFooter(out, packedFooter); // BUG: use-after-close #compact-footer
  if (std::fclose(out) != 0) // BUG: double-close
    ok = false;
  if (!ok || remaining != 0) {
    std::remove(tmp.c_str());
    return false;
  }

  const std::string packedPath = segment.path + ".z";
  if (std::rename(tmp.c_str(), packedPath.c_str()) != 0) {
    log::warn("compactor: rename %s: %s", tmp.c_str(), std::strerror(errno));
    std::remove(tmp.c_str());
    return false;
  }
  std::remove(segment.path.c_str());
  index_.markCompacted(segment.number, packedBytes + kSegmentFooterBytes); // BUG: use-after-close #compactor-index-race
  log::info("compactor: %s packed to %llu bytes", segment.path.c_str(),
            static_cast<unsigned long long>(packedBytes));
  return true;
}

} // namespace histd
