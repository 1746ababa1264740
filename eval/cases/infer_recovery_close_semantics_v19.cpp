// Crash recovery of an embedded key-value store. Three resources with
// different close() contracts:
//  - JournalFile::close() fsyncs and closes the journal descriptor; calling
//    it a second time throws std::logic_error("journal already closed"), and
//    so do replayNext()/truncate() on a closed journal.
//  - StatsSocket::close() is idempotent: it returns early once closed.
//  - SnapshotReader::close() also throws when called twice; callers are
//    expected to check isOpen() first.
// Recovery::fail() reports the error and closes everything it owns.
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>

class JournalFile {
public:
  explicit JournalFile(const std::string &path) : fd_(::open(path.c_str(), O_RDWR)) {}
  bool replayNext(std::string &record);
  void truncate() {
    if (fd_ < 0)
      throw std::logic_error("journal closed: cannot truncate");
    (void)::ftruncate(fd_, 0);
  }
  void close() {
    if (fd_ < 0)
      throw std::logic_error("journal already closed");
    ::fsync(fd_);
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

bool JournalFile::replayNext(std::string &record) {
  if (fd_ < 0)
    throw std::logic_error("journal closed: cannot replay");
  char buf[256];
  ssize_t n = ::read(fd_, buf, sizeof buf);
  if (n <= 0)
    return false;
  record.assign(buf, static_cast<size_t>(n));
  return true;
}

class StatsSocket {
public:
  void report(const std::string &metric) { if (open_) std::printf("stat %s\n", metric.c_str()); }
  void close() {
    if (!open_)
      return;
    open_ = false;
  }

private:
  bool open_ = true;
};

class SnapshotReader {
public:
  explicit SnapshotReader(const std::string &path) : fp_(std::fopen(path.c_str(), "rb")) {}
  bool isOpen() const { return fp_ != nullptr; }
  void close() {
    if (!fp_)
      throw std::logic_error("snapshot already closed");
    std::fclose(fp_);
    fp_ = nullptr;
  }

private:
  FILE *fp_;
};

class Recovery {
public:
  explicit Recovery(const std::string &dir)
      : journal_(dir + "/journal"), snapshot_(dir + "/snapshot"), dir_(dir) {}
  bool run();
  void compact();

private:
  bool checksumOk(const std::string &record) const { return !record.empty() && record.back() != '\0'; }
  void fail(const std::string &why);
  JournalFile journal_;
  SnapshotReader snapshot_;
  StatsSocket stats_;
  std::string dir_;
};

void Recovery::fail(const std::string &why) {
  std::fprintf(stderr, "recovery of %s failed: %s\n", dir_.c_str(), why.c_str());
  stats_.report("recovery.failed");
  journal_.close();
  stats_.close();
  if (snapshot_.isOpen())
    snapshot_.close();
}

bool Recovery::run() {
  bool ok = true;
  std::string record;
  while (journal_.replayNext(record)) {
    if (!checksumOk(record)) {
      fail("corrupt journal record");
      ok = false;
      break;
    }
    stats_.report("recovery.replayed");
  }
  journal_.close(); // BUG: double-close
  stats_.close(); // OK: StatsSocket::close() is idempotent
  if (snapshot_.isOpen())
    snapshot_.close(); // OK: guarded by isOpen(), fail() may have closed it
  return ok;
}

// After a successful replay the journal content lives in the tables.
void Recovery::compact() {
  journal_.truncate(); // SAME: compact
  stats_.report("recovery.compacted");
}

bool recoverStore(const std::string &dir) {
  Recovery recovery(dir);
  if (!recovery.run())
    return false;
  recovery.compact(); // BUG: use-after-close #compact
  return true;
}
