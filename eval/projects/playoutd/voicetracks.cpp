// VoicetrackImport: imports presenters' voice links. importBatch() records
// every file in the manifest from stagehand jobs; probeDuration() reads the
// WAV header on the stagehand so the automation thread never blocks on NFS.
#include "voicetracks.h"
#include "stagehand.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace {
long wavFrames(const unsigned char *h) {
  if (std::memcmp(h, "RIFF", 4) != 0 || std::memcmp(h + 8, "WAVE", 4) != 0)
    return 0;
  const unsigned channels = h[22] | (h[23] << 8);
  const unsigned bits = h[34] | (h[35] << 8);
  const unsigned long bytes = h[40] | (h[41] << 8) | (h[42] << 16) |
                              (static_cast<unsigned long>(h[43]) << 24);
  const unsigned frameBytes = channels * bits / 8;
  return frameBytes ? static_cast<long>(bytes / frameBytes) : 0;
}
} // namespace

VoicetrackImport::VoicetrackImport(Stagehand &hand, std::string manifestPath)
    : hand_(hand), manifestPath_(std::move(manifestPath)) {}

void VoicetrackImport::importBatch(const std::vector<std::string> &paths) {
  std::FILE *manifest = std::fopen(manifestPath_.c_str(), "a");
  if (!manifest)
    throw std::runtime_error("voicetracks: cannot open " + manifestPath_);
  try {
    for (const auto &path : paths) {
      hand_.post([manifest, path] { // SAME: vtpost
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0)
          return;
        std::fprintf(manifest, "%s\t%lld\n", path.c_str(), // OK: drained before the fclose below
                     static_cast<long long>(st.st_size));
      });
    }
  } catch (...) {
    hand_.drain();
    std::fclose(manifest);
    throw;
  }
  hand_.drain();
  std::fclose(manifest);
}

bool VoicetrackImport::probeDuration(const std::string &path, double &seconds) {
  const int src = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (src < 0)
    return false;
  auto frames = std::make_shared<std::atomic<long>>(-1);
  hand_.post([src, frames] {
    unsigned char header[44];
    const ssize_t n = ::pread(src, header, sizeof header, 0); // BUG: use-after-close #vtprobe
    frames->store(n == static_cast<ssize_t>(sizeof header) ? wavFrames(header)
                                                           : 0);
  });
  const bool done = hand_.drainFor(std::chrono::seconds(2));
  ::close(src); // SAME: vtprobe
  if (!done || frames->load() <= 0)
    return false;
  seconds = static_cast<double>(frames->load()) / 48000.0;
  return true;
}
