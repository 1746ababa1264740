// Compactor: a worker thread that appends closed days to the archive.
#include "compactor.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <unistd.h>
#include <utility>
#include <vector>

#include "record_format.h"

namespace {

struct FileCloser {
  void operator()(std::FILE *fp) const {
    if (fp)
      std::fclose(fp);
  }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

constexpr std::size_t kBlockRecords = 1024;

} // namespace

Compactor::Compactor(std::string dataDir, AuditLog &audit)
    : dataDir_(std::move(dataDir)), audit_(audit) {}

Compactor::~Compactor() { stop(); } // OK

bool Compactor::start() {
  if (worker_.joinable())
    return true;
  const std::string path = dataDir_ + "/archive.rdg";
  archiveFd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (archiveFd_ < 0) {
    audit_.record("compactor: cannot open %s: %s", path.c_str(), std::strerror(errno));
    return false;
  }
  worker_ = std::thread([this] { run(); });
  return true;
}

bool Compactor::enqueue(std::string dayKey) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_)
      return false;
    pending_.push_back(std::move(dayKey));
  }
  cv_.notify_one();
  return true;
}

void Compactor::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (archiveFd_ >= 0) {
    ::fsync(archiveFd_);
    ::close(archiveFd_); // SAME: compact_race
  }
  if (worker_.joinable())
    worker_.join();
  archiveFd_ = -1;
}

void Compactor::run() {
  for (;;) {
    std::vector<std::string> batch;
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [this] { return stopping_ || !pending_.empty(); });
      if (pending_.empty())
        return;
      batch.assign(pending_.begin(), pending_.end());
      pending_.clear();
    }
    for (const std::string &day : batch)
      if (mergeDay(day))
        ++merged_;
  }
}

bool Compactor::mergeDay(const std::string &dayKey) {
  const std::string dayPath = dataDir_ + "/" + dayKey + ".rdg";
  FilePtr in(std::fopen(dayPath.c_str(), "rb"));
  if (!in) {
    audit_.record("compactor: cannot read %s: %s", dayPath.c_str(), std::strerror(errno));
    return false;
  }
  std::FILE *const day = in.get();
  std::size_t copied = copyRecords(day, dayPath);
  const std::string latePath = dataDir_ + "/" + dayKey + ".late";
  in.reset(std::fopen(latePath.c_str(), "rb"));
  if (in)
    copied += copyRecords(in.get(), latePath); // OK
  const long dayBytes = std::ftell(day); // BUG: use-after-close
  audit_.record("compactor: merged day %s (%zu records, %ld bytes)", dayKey.c_str(), copied,
                dayBytes);
  return true;
}

std::size_t Compactor::copyRecords(std::FILE *in, const std::string &what) {
  std::vector<DiskRecord> block(kBlockRecords);
  std::vector<DiskRecord> valid;
  valid.reserve(kBlockRecords);
  std::size_t total = 0;
  std::size_t rejected = 0;
  for (;;) {
    const std::size_t n = std::fread(block.data(), sizeof(DiskRecord), block.size(), in);
    if (n == 0)
      break;
    valid.clear();
    for (std::size_t i = 0; i < n; ++i) {
      if (block[i].checksum == recordChecksum(block[i]))
        valid.push_back(block[i]);
      else
        ++rejected;
    }
    if (!valid.empty()) {
      const std::size_t bytes = valid.size() * sizeof(DiskRecord);
      const ssize_t w = ::write(archiveFd_, valid.data(), bytes); // BUG: use-after-close #compact_race
      if (w != static_cast<ssize_t>(bytes)) {
        audit_.record("compactor: archive write failed while merging %s: %s", what.c_str(),
                      w < 0 ? std::strerror(errno) : "short write");
        break;
      }
      total += valid.size();
    }
    if (n < block.size())
      break;
  }
  if (rejected)
    audit_.record("compactor: %zu corrupt records skipped in %s", rejected, what.c_str());
  return total;
}
