// SegmentIndex: CSV index of finished segments.
#include "ingestd/segment_index.h"

#include <cstdio>
#include <ctime>
#include <stdexcept>
#include <unistd.h>

namespace ingestd {

SegmentIndex::~SegmentIndex() {
  close(); // OK: close() is idempotent
}

bool SegmentIndex::open(const std::string &path) {
  std::lock_guard<std::mutex> lk(mu_);
  if (fp_)
    return true;
  fp_ = std::fopen(path.c_str(), "a");
  if (!fp_)
    return false;
  path_ = path;
  return true;
}

void SegmentIndex::append(const SegmentInfo &info) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!fp_)
    throw std::logic_error("segment index closed");
  std::fprintf(fp_, "%s,%s,%llu,%llu,%.3f\n", info.path.c_str(), info.streamKey.c_str(), // OK: fp_ checked under mu_
               static_cast<unsigned long long>(info.seq),
               static_cast<unsigned long long>(info.bytes), info.durationSec);
  std::fflush(fp_);
}

void SegmentIndex::appendInit(const std::string &streamKey, const std::string &path) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!fp_)
    throw std::logic_error("segment index closed");
  std::fprintf(fp_, "%s,%s,init,0,0\n", path.c_str(), streamKey.c_str());
  std::fflush(fp_);
}

bool SegmentIndex::compact(const std::function<bool(const std::string &line)> &keep) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!fp_)
    throw std::logic_error("segment index closed");
  std::fflush(fp_);

  std::FILE *in = std::fopen(path_.c_str(), "r");
  if (!in)
    return false;
  const std::string tmpPath = path_ + ".compact";
  std::FILE *out = std::fopen(tmpPath.c_str(), "w");
  if (!out) {
    std::fclose(in);
    return false;
  }
  char line[2048];
  std::size_t kept = 0;
  while (std::fgets(line, sizeof line, in)) {
    if (keep(line)) {
      std::fputs(line, out);
      ++kept;
    }
  }
  std::fclose(in);
  if (std::fflush(out) != 0 || ::fsync(::fileno(out)) != 0) {
    std::fclose(out);
    std::remove(tmpPath.c_str());
    return false;
  }
  std::fclose(out);
  if (std::rename(tmpPath.c_str(), path_.c_str()) != 0) {
    std::fclose(out); // BUG: double-close
    std::remove(tmpPath.c_str());
    return false;
  }

  // Appends must go to the new file: switch handles only once it is open.
  std::FILE *fresh = std::fopen(path_.c_str(), "a");
  if (!fresh)
    return false;
  std::fclose(fp_);
  fp_ = fresh;
  std::fprintf(fp_, "# compacted %ld, %zu entries\n", static_cast<long>(std::time(nullptr)), kept); // OK: fp_ was replaced by the freshly opened handle
  std::fflush(fp_);
  return true;
}

void SegmentIndex::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!fp_)
    return;
  std::fclose(fp_);
  fp_ = nullptr;
}

bool SegmentIndex::isOpen() const {
  std::lock_guard<std::mutex> lk(mu_);
  return fp_ != nullptr;
}

} // namespace ingestd
