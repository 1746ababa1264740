// Segment writer of an append-only log store. A segment is a data file
// (LogSegment, stdio) plus an offset index (IndexFile, POSIX descriptor).
// Both classes close in their destructors. LogSegment::seal() closes early
// and clears fp_, so its destructor skips the fclose. IndexFile::finish()
// closes the descriptor for the fsync-then-close durability sequence but
// does not reset fd_, so the destructor closes the same descriptor number a
// second time (by then it may belong to another thread's socket).
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

namespace store {

static void logWarn(const std::string &msg) {
  std::fprintf(stderr, "[store] %s\n", msg.c_str());
}

// Owns a FILE*. seal() flushes and closes it and sets fp_ to nullptr; the
// destructor closes only a file that was not sealed.
class LogSegment {
public:
  explicit LogSegment(const std::string &path)
      : path_(path), fp_(std::fopen(path.c_str(), "ab")) {}
  ~LogSegment();
  bool ok() const { return fp_ != nullptr; }
  void append(const std::string &rec);
  bool seal();

private:
  std::string path_;
  FILE *fp_;
};

LogSegment::~LogSegment() {
  if (fp_)
    std::fclose(fp_);
}

void LogSegment::append(const std::string &rec) {
  std::fwrite(rec.data(), 1, rec.size(), fp_);
  std::fputc('\n', fp_);
}

bool LogSegment::seal() {
  int rc = std::fflush(fp_);
  rc |= std::fclose(fp_);
  fp_ = nullptr;
  return rc == 0;
}

// Owns a descriptor. finish() fsyncs and closes it; the destructor closes
// fd_ while it is >= 0.
class IndexFile {
public:
  explicit IndexFile(const std::string &path)
      : fd_(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644)) {}
  ~IndexFile() {
    if (fd_ >= 0)
      ::close(fd_); // SAME: idxfd
  }
  bool ok() const { return fd_ >= 0; }
  void put(long offset) { (void)::write(fd_, &offset, sizeof offset); }
  bool finish();

private:
  int fd_;
};

bool IndexFile::finish() {
  if (::fsync(fd_) != 0)
    return false;
  return ::close(fd_) == 0;
}

bool writeSegment(const std::string &dir, const std::vector<std::string> &records) {
  bool durable = false;
  {
    LogSegment seg(dir + "/00000001.log");
    IndexFile idx(dir + "/00000001.idx");
    if (!seg.ok() || !idx.ok()) {
      logWarn("cannot open segment files in " + dir);
      return false;
    }
    long offset = 0;
    for (const std::string &r : records) {
      idx.put(offset);
      seg.append(r);
      offset += static_cast<long>(r.size()) + 1;
    }
    durable = seg.seal() && idx.finish();
    if (!durable)
      logWarn("segment in " + dir + " is not durable");
  } // BUG: double-close #idxfd
  return durable;
}

// Appends a manifest line and seals the previous manifest generation.
void writeManifest(const std::string &dir, const std::string &line,
                   const std::string &previousLine) {
  LogSegment manifest(dir + "/MANIFEST");
  LogSegment previous(dir + "/MANIFEST.prev");
  if (!manifest.ok() || !previous.ok()) {
    logWarn("cannot open manifest in " + dir);
    return;
  }
  previous.append(previousLine);
  if (!previous.seal())
    logWarn("previous manifest not sealed");
  manifest.append(line); // OK: seal() closed the previous generation, not this one
  if (!manifest.seal())
    logWarn("manifest seal failed");
} // OK: seal() cleared fp_ of both, ~LogSegment skips the fclose

} // namespace store
