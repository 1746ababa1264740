// HTTP server logging: an access log with size-based rotation (rename to .1,
// fopen a fresh file, fclose the old stream), a slow-request logger, a daily
// report and an audit trail, all on plain FILE* streams.
// AccessLog::rotate() replaces its own fp_, but SlowRequestLog was given the
// raw FILE* once at startup and keeps writing to the stream rotate() closed.
#include <cstdio>
#include <string>
#include <utility>

struct Request {
  std::string method, path;
  int status;
  int ms;
};

class AccessLog {
public:
  AccessLog(std::string path, long maxBytes)
      : path_(std::move(path)), maxBytes_(maxBytes), fp_(std::fopen(path_.c_str(), "a")) {}
  ~AccessLog() {
    if (fp_)
      std::fclose(fp_);
  }
  AccessLog(const AccessLog &) = delete;
  AccessLog &operator=(const AccessLog &) = delete;

  FILE *stream() const { return fp_; }

  void write(const Request &r) {
    if (fp_ && bytes_ >= maxBytes_)
      rotate();
    if (!fp_)
      return;
    int n = std::fprintf(fp_, "%s %s %d %dms\n", r.method.c_str(), r.path.c_str(), r.status, r.ms); // OK: rotate() reopened fp_
    if (n > 0)
      bytes_ += n;
  }

private:
  // Open-new-then-close-old rotation: the fresh file exists before the old
  // stream goes away.
  void rotate() {
    std::fflush(fp_);
    std::rename(path_.c_str(), (path_ + ".1").c_str());
    FILE *fresh = std::fopen(path_.c_str(), "a");
    std::fclose(fp_);
    fp_ = fresh;
    bytes_ = 0;
  }

  std::string path_;
  long maxBytes_;
  long bytes_ = 0;
  FILE *fp_;
};

class SlowRequestLog {
public:
  explicit SlowRequestLog(FILE *sink) : sink_(sink) {}
  void note(const Request &r) {
    if (sink_ && r.ms > 500)
      std::fprintf(sink_, "SLOW %s %s took %dms\n", r.method.c_str(), r.path.c_str(), r.ms); // SAME: stale
  }

private:
  FILE *sink_;
};

struct Totals {
  long requests = 0;
  long errors = 0;
};

static void writeDailyReport(FILE *out, const Totals &t) {
  std::fprintf(out, "requests=%ld errors=%ld\n", t.requests, t.errors);
  std::fclose(out);
}

int main() {
  Totals totals;
  FILE *audit = std::fopen("/tmp/audit_v16.log", "a");
  {
    AccessLog access("/tmp/access_v16.log", 4096);
    SlowRequestLog slow(access.stream());
    for (int i = 0; i < 300; ++i) {
      Request r{"GET", "/api/orders/" + std::to_string(i), i % 17 ? 200 : 503, (i * 37) % 900};
      access.write(r);
      slow.note(r); // BUG: use-after-close #stale
      ++totals.requests;
      if (r.status >= 500)
        ++totals.errors;
    }
  }

  FILE *errors = std::fopen("/tmp/errors_v16.log", "a");
  if (errors) {
    std::fprintf(errors, "errors: %ld\n", totals.errors);
    std::fclose(errors);
  }
  errors = std::fopen("/tmp/errors_v16.log.summary", "w");
  if (errors) {
    std::fprintf(errors, "total errors: %ld\n", totals.errors); // OK: errors was reopened
    std::fclose(errors); // OK: closes the second stream once
  }

  FILE *rpt = std::fopen("/tmp/daily_v16.txt", "w");
  if (rpt) {
    writeDailyReport(rpt, totals);
    std::fclose(rpt); // BUG: double-close
  }

  if (audit) {
    std::fprintf(audit, "server stopping after %ld requests\n", totals.requests);
    std::fclose(audit);
    std::fprintf(audit, "server stopped\n"); // BUG: use-after-close
  }
  return 0;
}
