// Follows one log file with stdio, coping with rename- and truncate-style
// rotation.
#include "logship/file_tailer.h"
#include "logship/log.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace logship {

namespace {
constexpr std::size_t kMaxDrain = 100000;
}

FileTailer::FileTailer(std::string path) : path_(std::move(path)) {}

FileTailer::~FileTailer() { close(); }

bool FileTailer::open(long startOffset) {
  const int fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    ::close(fd);
    return false;
  }
  std::FILE *fp = ::fdopen(fd, "r");
  if (!fp) {
    ::close(fd); // OK: fdopen failed, so the descriptor is still ours to close
    return false;
  }
  if (startOffset > st.st_size)
    startOffset = 0; // truncated since the checkpoint was written
  if (std::fseek(fp, startOffset, SEEK_SET) != 0) {
    log_warn("tailer: cannot seek %s to %ld: %s", path_.c_str(), startOffset,
             std::strerror(errno));
    std::fclose(fp);
    ::close(fd); // BUG: double-close
    return false;
  }
  if (fp_)
    std::fclose(fp_); // OK: the previous handle is dropped once and replaced below
  fp_ = fp;
  inode_ = st.st_ino;
  lastOffset_ = startOffset;
  partial_.clear();
  headPrint_ = fingerprint();
  return true;
}

std::size_t FileTailer::readLines(std::vector<std::string> &out, std::size_t max) {
  std::size_t n = 0;
  while (n < max && !pending_.empty()) {
    out.push_back(std::move(pending_.front()));
    pending_.erase(pending_.begin());
    ++n;
  }
  if (!fp_)
    return n;
  char buf[8192];
  while (n < max && std::fgets(buf, sizeof buf, fp_)) { // OK: fp_ checked just above; close() resets it
    partial_ += buf;
    if (!partial_.empty() && partial_.back() == '\n') {
      partial_.pop_back();
      out.push_back(std::move(partial_));
      partial_.clear();
      ++n;
    }
  }
  // Clear EOF so lines appended later are seen by the next call.
  std::clearerr(fp_);
  lastOffset_ = std::ftell(fp_);
  return n;
}

bool FileTailer::reopenIfRotated() {
  struct stat st {};
  if (::stat(path_.c_str(), &st) != 0)
    return false; // moved away and not recreated yet
  if (fp_ && st.st_ino == inode_) {
    if (st.st_size >= std::ftell(fp_))
      return false; // same file, still growing
    // Shrunk: copytruncate, or someone emptied it by hand.
    if (fingerprint() == headPrint_ && st.st_size > 0)
      return false; // same head: not rotated, just a racy stat
  }
  if (fp_) {
    std::vector<std::string> rest; // whatever the old file still holds
    readLines(rest, kMaxDrain);
    pending_ = std::move(rest);
    std::fclose(fp_);
    fp_ = nullptr;
  }
  log_info("tailer: %s rotated, reopening", path_.c_str());
  return open(0);
}

void FileTailer::close() noexcept {
  if (!fp_)
    return;
  lastOffset_ = std::ftell(fp_);
  std::fclose(fp_);
  fp_ = nullptr;
}

long FileTailer::offset() const {
  return fp_ ? std::ftell(fp_) : lastOffset_; // OK: ftell only while open
}

std::string FileTailer::fingerprint() const {
  std::FILE *fp = std::fopen(path_.c_str(), "r");
  if (!fp)
    return {};
  char buf[256] = {0};
  const bool got = std::fgets(buf, sizeof buf, fp) != nullptr;
  std::fclose(fp);
  if (!got && std::ferror(fp)) // BUG: use-after-close
    log_warn("tailer: cannot read the head of %s", path_.c_str());
  return got ? std::string(buf) : std::string();
}

} // namespace logship
