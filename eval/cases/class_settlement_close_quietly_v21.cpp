// Payments reconciliation: loads acquirer settlement files, publishes the
// daily reconciliation report atomically (temp file + rename) and keeps a
// dispute journal. Descriptors are released through two helpers:
// closeQuietly(fd) closes and ignores errors (does nothing for fd < 0) but
// cannot reset the caller's variable; closeAndReset(fd) closes and sets the
// caller's variable to -1. The loader measures a rejected file after it was
// closed, and the publisher's unconditional cleanup closes a descriptor that
// the success path already closed.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <sys/types.h>
#include <unistd.h>
#include <vector>

static void closeQuietly(int fd) {
  if (fd >= 0)
    ::close(fd); // SAME: publish_cleanup
}

static void closeAndReset(int &fd) {
  if (fd >= 0) {
    ::close(fd);
    fd = -1;
  }
}

static off_t fileSize(int fd) {
  return ::lseek(fd, 0, SEEK_END); // SAME: reject_size
}

static bool readAll(int fd, std::string &out) {
  char buf[4096];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return false;
    if (n == 0)
      return true;
    out.append(buf, static_cast<size_t>(n));
  }
}

static bool writeAll(int fd, const std::string &data) {
  size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::write(fd, data.data() + off, data.size() - off);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

struct Settlement {
  std::string merchant;
  long amountCents = 0;
};

class SettlementLoader {
public:
  bool load(const std::string &path, std::vector<Settlement> &out) {
    int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0)
      return false;
    std::string raw;
    if (!readAll(fd, raw)) {
      closeQuietly(fd);
      return false;
    }
    if (!parse(raw, out)) {
      closeQuietly(fd);
      std::rename(path.c_str(), (path + ".rejected").c_str());
      rejectedBytes_ += fileSize(fd); // BUG: use-after-close #reject_size
      return false;
    }
    closeQuietly(fd); // OK: every path through load() closes fd exactly once
    return true;
  }

private:
  static bool parse(const std::string &raw, std::vector<Settlement> &out) {
    size_t pos = 0;
    while (pos < raw.size()) {
      size_t comma = raw.find(',', pos), nl = raw.find('\n', pos);
      if (comma == std::string::npos || nl == std::string::npos || comma > nl)
        return false;
      out.push_back({raw.substr(pos, comma - pos), std::stol(raw.substr(comma + 1, nl - comma - 1))});
      pos = nl + 1;
    }
    return true;
  }
  long long rejectedBytes_ = 0;
};

class ReportPublisher {
public:
  explicit ReportPublisher(std::string dir) : dir_(std::move(dir)) {}
  bool publish(const std::string &name, const std::string &body) {
    const std::string tmp = dir_ + "/." + name + ".tmp";
    const std::string target = dir_ + "/" + name;
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0640);
    if (fd < 0)
      return false;
    bool success = writeAll(fd, body) && ::fsync(fd) == 0;
    if (success) {
      ::close(fd);
      success = std::rename(tmp.c_str(), target.c_str()) == 0;
    }
    closeQuietly(fd); // BUG: double-close #publish_cleanup
    return success;
  }

private:
  std::string dir_;
};

class DisputeJournal {
public:
  explicit DisputeJournal(const std::string &path) : fd_(::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0640)) {}
  ~DisputeJournal() { closeAndReset(fd_); } // OK: fd_ is already -1 when finish() ran
  void add(const std::string &line) {
    if (fd_ >= 0)
      writeAll(fd_, line + "\n");
  }
  void finish() {
    ::fsync(fd_);
    closeAndReset(fd_);
  }

private:
  int fd_;
};

int main() {
  SettlementLoader loader;
  std::vector<Settlement> rows;
  loader.load("/data/recon/inbound/acq-visa-20240331.csv", rows);

  ReportPublisher publisher("/data/recon/out");
  publisher.publish("recon-20240331.txt", "matched " + std::to_string(rows.size()) + "\n");

  DisputeJournal journal("/data/recon/disputes.log");
  journal.add("CB-7781 merchant=4411 reason=13.1");
  journal.finish();
  journal.add("CB-7782 merchant=9001 reason=10.4"); // OK: add() skips when fd_ is -1
  return 0;
}
