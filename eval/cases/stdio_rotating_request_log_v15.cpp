// Request log for the edge proxy. RotatingLog appends lines to <base>.log;
// once the file passes maxBytes, rotate() closes it, renames it to
// <base>.<n>.log and opens a fresh <base>.log. reopen() (on SIGHUP, after an
// external logrotate) closes and reopens the current file. write() skips
// writing when fp_ is null; the destructor closes fp_ when it is non-null.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

class RotatingLog {
public:
  RotatingLog(std::string base, long maxBytes)
      : base_(std::move(base)), maxBytes_(maxBytes) {}
  ~RotatingLog();
  RotatingLog(const RotatingLog &) = delete;
  RotatingLog &operator=(const RotatingLog &) = delete;

  bool open();
  void write(const std::string &line);
  bool needsRotation() const { return written_ >= maxBytes_; }
  bool rotate();
  bool reopen();

private:
  std::string current() const { return base_ + ".log"; }

  std::string base_;
  long maxBytes_;
  FILE *fp_ = nullptr;
  long written_ = 0;
  int generation_ = 0;
};

RotatingLog::~RotatingLog() {
  if (fp_ != nullptr)
    std::fclose(fp_); // SAME: rotdtor
}

bool RotatingLog::open() {
  fp_ = std::fopen(current().c_str(), "a");
  if (fp_ == nullptr)
    return false;
  written_ = std::ftell(fp_);
  return true;
}

void RotatingLog::write(const std::string &line) {
  if (fp_ == nullptr)
    return;
  std::fputs(line.c_str(), fp_); // SAME: rotwrite
  std::fputc('\n', fp_);
  written_ += static_cast<long>(line.size()) + 1;
}

bool RotatingLog::rotate() {
  std::fflush(fp_);
  std::fclose(fp_);
  const std::string archived =
      base_ + "." + std::to_string(++generation_) + ".log";
  if (std::rename(current().c_str(), archived.c_str()) != 0)
    return false;
  fp_ = std::fopen(current().c_str(), "a");
  written_ = 0;
  return fp_ != nullptr;
}

bool RotatingLog::reopen() {
  if (fp_ != nullptr) {
    std::fclose(fp_); // BUG: double-close
    fp_ = nullptr;
  }
  fp_ = std::fopen(current().c_str(), "a");
  written_ = fp_ != nullptr ? std::ftell(fp_) : 0;
  return fp_ != nullptr;
}

void serveBatch(const std::string &base, const std::vector<std::string> &requests) {
  RotatingLog log(base, 1L << 20);
  if (!log.open())
    return;
  for (const std::string &r : requests) {
    log.write(r);
    if (log.needsRotation() && !log.rotate()) {
      log.write("log rotation failed, keeping current file"); // BUG: use-after-close #rotwrite
      break;
    }
  }
} // BUG: double-close #rotdtor

void onHangup(RotatingLog &log) {
  if (!log.reopen())
    std::fprintf(stderr, "cannot reopen request log\n");
  log.write("log reopened after SIGHUP"); // OK: reopen() reset fp_ and opened a new stream
}
