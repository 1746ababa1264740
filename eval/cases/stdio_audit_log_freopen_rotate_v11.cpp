// Audit log writer that rotates its file with freopen(). When freopen()
// succeeds the same FILE* refers to the new file, so writing through it after a
// rotation is fine; when it fails the old stream is already closed, so rotate()
// forgets the pointer and reopens with fopen() before writing again. shutdown()
// closes only a non-null stream and clears it, so calling it twice (explicitly
// and from the destructor) closes once. attachStderr() redirects stderr with
// freopen() and writes only after it succeeded. writeDailyReport() may pass
// ownership of its FILE* to the caller's ReportSink and then clears the local
// pointer, so its own cleanup does not close it again; closeSink() clears the
// sink's pointer, so a second call is a no-op. No use-after-close or double-close.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>

class AuditLog {
public:
  explicit AuditLog(std::string path) : path_(std::move(path)) {
    fp_ = std::fopen(path_.c_str(), "a");
  }
  ~AuditLog() { shutdown(); }
  AuditLog(const AuditLog &) = delete;
  AuditLog &operator=(const AuditLog &) = delete;

  bool record(const char *user, const char *action) {
    if (fp_ == nullptr)
      return false;
    if (std::fprintf(fp_, "%s %s\n", user, action) < 0)
      return false;
    if (++written_ >= kRotateEvery)
      rotate();
    return true;
  }

  void shutdown() {
    if (fp_ == nullptr)
      return;
    std::fclose(fp_); // OK: guarded by the null check, cleared right below
    fp_ = nullptr;
  }

private:
  void rotate() {
    std::string archived = path_ + "." + std::to_string(generation_++);
    std::fflush(fp_);
    std::rename(path_.c_str(), archived.c_str());
    if (std::freopen(path_.c_str(), "a", fp_) == nullptr) {
      fp_ = nullptr; // the old stream is closed even though freopen failed
      fp_ = std::fopen(path_.c_str(), "a");
      if (fp_ == nullptr) {
        std::fprintf(stderr, "audit: cannot reopen %s: %s\n", path_.c_str(),
                     std::strerror(errno));
        return;
      }
    }
    std::fprintf(fp_, "# rotated, previous file %s\n", archived.c_str()); // OK: freopen succeeded or fp_ was reopened
    written_ = 0;
  }

  static constexpr int kRotateEvery = 1000;
  std::string path_;
  std::FILE *fp_ = nullptr;
  int written_ = 0;
  int generation_ = 0;
};

bool attachStderr(const char *logPath) {
  if (std::freopen(logPath, "a", stderr) == nullptr)
    return false;
  std::fputs("stderr attached to log file\n", stderr); // OK: freopen reopened stderr on the log file
  return true;
}

struct ReportSink {
  std::FILE *fp = nullptr;
  long bytes = 0;
};

static void closeSink(ReportSink &sink) {
  if (sink.fp != nullptr) {
    sink.bytes += std::ftell(sink.fp);
    std::fclose(sink.fp);
    sink.fp = nullptr;
  }
}

int writeDailyReport(const char *path, AuditLog &audit, ReportSink *totals) {
  std::FILE *fp = std::fopen(path, "w");
  if (fp == nullptr)
    return -1;
  std::fputs("daily report\n", fp);
  if (totals != nullptr) {
    totals->fp = fp; // the caller's sink owns the stream from here on
    fp = nullptr;
  }
  audit.record("reporter", "daily report written");
  if (fp != nullptr)
    std::fclose(fp); // OK: only reached when the stream was not handed to the sink
  return 0;
}

int runNightly(AuditLog &audit) {
  ReportSink totals;
  if (writeDailyReport("/var/reports/daily.txt", audit, &totals) != 0)
    return -1;
  std::fputs("totals: 0\n", totals.fp); // OK: the sink owns the open stream
  closeSink(totals);
  closeSink(totals); // OK: closeSink() cleared sink.fp the first time
  audit.shutdown();
  audit.shutdown(); // OK: second shutdown sees fp_ == nullptr and returns
  return 0;
}
