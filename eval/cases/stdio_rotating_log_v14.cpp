// Rotating append-only log used by the ingest service. RotatingLog owns a
// FILE* opened in append mode; rotate() closes the current file, renames it to
// "<path>.1" and reopens a fresh file at the original path. When the reopen
// fails, rotate() returns false but leaves fp_ pointing at the stream it has
// already closed: the service then writes its end-of-batch line through the
// closed FILE*, and the destructor fcloses it a second time.
#include <cstdio>
#include <ctime>
#include <string>
#include <utility>
#include <vector>

class RotatingLog {
public:
  explicit RotatingLog(std::string path) : path_(std::move(path)) {
    fp_ = std::fopen(path_.c_str(), "a");
  }
  ~RotatingLog() {
    if (fp_)
      std::fclose(fp_); // SAME: dtor_after_failed_rotate
  }
  RotatingLog(const RotatingLog &) = delete;
  RotatingLog &operator=(const RotatingLog &) = delete;

  bool isOpen() const { return fp_ != nullptr; }
  long lines() const { return lines_; }

  void write(const std::string &msg) {
    std::fprintf(fp_, "%ld %s\n", static_cast<long>(std::time(nullptr)), msg.c_str()); // SAME: write_after_failed_rotate
    ++lines_;
  }

  bool rotate() {
    std::fflush(fp_);
    std::fclose(fp_);
    const std::string archived = path_ + ".1";
    std::rename(path_.c_str(), archived.c_str());
    FILE *next = std::fopen(path_.c_str(), "a");
    if (!next)
      return false;
    fp_ = next;
    lines_ = 0;
    std::fprintf(fp_, "# rotated, previous file is %s\n", archived.c_str()); // OK: fp_ now refers to the freshly opened file
    return true;
  }

private:
  std::string path_;
  FILE *fp_ = nullptr;
  long lines_ = 0;
};

class IngestService {
public:
  explicit IngestService(const std::string &logPath) : log_(logPath) {}

  bool start() {
    if (!log_.isOpen())
      return false;
    log_.write("ingest service starting");
    return true;
  }

  void ingest(const std::vector<std::string> &records) {
    std::size_t accepted = 0;
    for (const std::string &r : records) {
      if (r.empty())
        continue;
      log_.write("record " + r); // OK: a failed rotate() breaks out of the loop before the next write
      ++accepted;
      if (log_.lines() >= kMaxLines && !log_.rotate()) {
        std::fprintf(stderr, "ingest: log rotation failed\n");
        break;
      }
    }
    log_.write("batch done, accepted " + std::to_string(accepted)); // BUG: use-after-close #write_after_failed_rotate
  }

private:
  static constexpr long kMaxLines = 10000;
  RotatingLog log_;
};

int main(int argc, char **argv) {
  IngestService svc(argc > 1 ? argv[1] : "/var/log/ingest/ingest.log");
  if (!svc.start())
    return 1;
  std::vector<std::string> batch;
  for (int i = 0; i < 25000; ++i)
    batch.push_back("id=" + std::to_string(i));
  svc.ingest(batch);
  return 0;
} // BUG: double-close #dtor_after_failed_rotate
