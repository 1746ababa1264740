// Access log with size-based rotation: AccessLog appends one line per request
// to a FILE*, and when the file grows past a limit it closes it, renames it
// to an archive name and opens a fresh file under the original name. The
// request handler writes through log.stream(); the slow-request reporter
// caches the FILE* before writing a multi-line report, and a rotation
// triggered in the middle of the report leaves it writing to a closed FILE*.
#include <cstdio>
#include <string>
#include <vector>

class AccessLog {
public:
  explicit AccessLog(std::string path, long limit) : path_(std::move(path)), limit_(limit) {
    fp_ = std::fopen(path_.c_str(), "a");
  }
  ~AccessLog() {
    if (fp_)
      std::fclose(fp_);
  }
  AccessLog(const AccessLog &) = delete;
  AccessLog &operator=(const AccessLog &) = delete;

  bool usable() const { return fp_ != nullptr; }
  FILE *stream() const { return fp_; }

  // Closes the current file and reopens a fresh one when it is too large.
  // On failure fp_ is left null and logging stops.
  void maybeRotate() {
    if (!fp_ || std::ftell(fp_) < limit_)
      return;
    std::fclose(fp_);
    fp_ = nullptr;
    std::string archived = path_ + "." + std::to_string(++generation_);
    if (std::rename(path_.c_str(), archived.c_str()) != 0)
      std::perror("access log rename");
    fp_ = std::fopen(path_.c_str(), "a");
    if (fp_)
      std::fprintf(fp_, "# rotated, generation %d\n", generation_);
  }

private:
  std::string path_;
  long limit_;
  FILE *fp_ = nullptr;
  int generation_ = 0;
};

struct Request {
  std::string method;
  std::string uri;
  int status;
  long micros;
};

static void logRequest(AccessLog &log, const Request &r) {
  log.maybeRotate();
  if (!log.usable())
    return;
  std::fprintf(log.stream(), "%s %s %d %ld\n", r.method.c_str(), r.uri.c_str(), // OK: stream() re-read after rotation
               r.status, r.micros);
}

static void reportSlow(AccessLog &log, const std::vector<Request> &slow) {
  if (!log.usable())
    return;
  FILE *out = log.stream();
  std::fprintf(out, "# slow requests: %zu\n", slow.size());
  for (const Request &r : slow) {
    log.maybeRotate();
    std::fprintf(out, "#   %s took %ld us\n", r.uri.c_str(), r.micros); // BUG: use-after-close
  }
  std::fflush(out); // BUG: use-after-close
}

int main() {
  AccessLog log("/tmp/access_v18b.log", 256);
  if (!log.usable()) {
    std::perror("open access log");
    return 1;
  }
  std::vector<Request> slow;
  for (int i = 0; i < 40; ++i) {
    Request r{"GET", "/api/items/" + std::to_string(i), 200, 900L * (i % 9)};
    logRequest(log, r);
    if (r.micros > 5000)
      slow.push_back(r);
  }
  reportSlow(log, slow);
  return 0;
}
