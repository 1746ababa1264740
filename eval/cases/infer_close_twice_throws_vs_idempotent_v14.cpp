// Nightly export job writing through three sinks of the project's own:
//  - SpoolFile: close() on an already closed spool throws std::logic_error
//    (a second close would release the descriptor twice);
//  - AuditTrail: close() is idempotent (it nulls its FILE* and returns early);
//  - PipeSink: close() looks idempotent, but it never resets fd_ after closing,
//    so its "already closed" check never fires and a second close() calls
//    ::close() on the same descriptor again.
// finish() closes every sink; the negative-total path of exportRows() then
// closes some of them again. Defects: the second SpoolFile::close() and the
// second PipeSink::close(); the second AuditTrail::close() is harmless.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class SpoolFile {
public:
  explicit SpoolFile(const std::string &path)
      : fd_(::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644)) {
    if (fd_ < 0)
      throw std::runtime_error("cannot open spool " + path);
  }
  void append(const std::string &line) {
    if (closed_)
      throw std::logic_error("append on closed spool");
    ::write(fd_, line.data(), line.size());
  }
  void close() {
    if (closed_)
      throw std::logic_error("spool closed twice");
    closed_ = true;
    ::close(fd_);
  }

private:
  int fd_;
  bool closed_ = false;
};

class AuditTrail {
public:
  explicit AuditTrail(const std::string &path) : fp_(std::fopen(path.c_str(), "a")) {}
  ~AuditTrail() { close(); }
  void record(const std::string &what) {
    if (fp_)
      std::fprintf(fp_, "%s\n", what.c_str());
  }
  void close() {
    if (!fp_)
      return;
    std::fclose(fp_);
    fp_ = nullptr;
  }

private:
  std::FILE *fp_;
};

class PipeSink {
public:
  explicit PipeSink(int fd) : fd_(fd) {}
  void push(const std::string &s) { ::write(fd_, s.data(), s.size()); }
  void close() {
    if (fd_ < 0)
      return;
    ::close(fd_); // SAME: pipeagain
  }

private:
  int fd_;
};

struct Row {
  std::string key;
  long value;
};

static void finish(SpoolFile &spool, AuditTrail &audit, PipeSink &notify) {
  spool.close();
  audit.close();
  notify.close();
}

bool exportRows(const std::vector<Row> &rows, SpoolFile &spool, AuditTrail &audit,
                PipeSink &notify) {
  long total = 0;
  for (const Row &r : rows) {
    spool.append(r.key + "=" + std::to_string(r.value) + "\n");
    total += r.value;
  }
  notify.push("rows=" + std::to_string(rows.size()) + "\n");
  audit.record("exported " + std::to_string(rows.size()) + " rows");
  finish(spool, audit, notify);
  if (total < 0) {
    // A negative total means an upstream sign error: make sure all is closed.
    audit.close(); // OK: AuditTrail::close() returns early when already closed
    notify.close(); // BUG: double-close #pipeagain
    spool.close(); // BUG: double-close
    return false;
  }
  return true;
}

int main(int argc, char **argv) {
  std::vector<Row> rows;
  for (int i = 1; i < argc; ++i)
    rows.push_back({"arg" + std::to_string(i), std::stol(argv[i])});
  int fds[2];
  if (::pipe(fds) != 0)
    return 1;
  {
    SpoolFile spool("/var/spool/export/rows.spool");
    AuditTrail audit("/var/log/export/audit.log");
    PipeSink notify(fds[1]);
    exportRows(rows, spool, audit, notify);
  } // OK: ~AuditTrail() calls close() again, which returns early
  ::close(fds[0]);
  return 0;
}
