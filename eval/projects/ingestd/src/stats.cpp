// Stats: counters and the optional CSV snapshot file.
#include "ingestd/stats.h"

#include <ctime>

namespace ingestd {

Stats::~Stats() {
  closeFile(); // OK: closeFile() is idempotent, the daemon closes the file in stop()
}

bool Stats::openFile(const std::string &path) {
  std::lock_guard<std::mutex> lk(mu_);
  if (fp_)
    return true;
  fp_ = std::fopen(path.c_str(), "a");
  return fp_ != nullptr;
}

void Stats::appendSnapshot() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!fp_)
    return;
  std::fprintf(fp_, "%ld,%llu,%llu,%llu,%llu,%llu,%llu,%llu\n", // OK: fp_ checked under mu_, closeFile() nulls it under mu_
               static_cast<long>(std::time(nullptr)),
               static_cast<unsigned long long>(accepted.load()),
               static_cast<unsigned long long>(kicks.load()),
               static_cast<unsigned long long>(reaped.load()),
               static_cast<unsigned long long>(segments.load()),
               static_cast<unsigned long long>(uploads.load()),
               static_cast<unsigned long long>(uploadFailures.load()),
               static_cast<unsigned long long>(droppedKeyframes.load()));
  std::fflush(fp_); // OK: same guard as the line above
}

void Stats::closeFile() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!fp_)
    return;
  std::fclose(fp_);
  fp_ = nullptr;
}

std::string Stats::toJson() const {
  auto field = [](const char *name, const std::atomic<std::uint64_t> &v) {
    return std::string("\"") + name + "\":" + std::to_string(v.load());
  };
  return "{" + field("accepted", accepted) + "," + field("handshake_failures", handshakeFailures) +
         "," + field("rejected", rejected) + "," + field("kicks", kicks) + "," +
         field("reaped", reaped) + "," + field("segments", segments) + "," +
         field("uploads", uploads) + "," + field("upload_failures", uploadFailures) + "," +
         field("dropped_keyframes", droppedKeyframes) + "," + field("thumbnails", thumbnails) +
         "}";
}

} // namespace ingestd
