// Rotating application log and crash-report writer of a media transcoder.
// RotatingLog serializes write() and rotate() on one mutex; rotate() fcloses
// the current file, renames it and opens a new one, but when the new fopen
// fails it reports the failure into the FILE* it has just closed.
// writeCrashReport() wraps the supervisor's descriptor with fdopen(), fcloses
// the stream (which closes the descriptor) and then close()s the descriptor
// again; writeCoreNote() fdopens a dup() and is correct.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <utility>

// RotatingLog: write() is a no-op when no file is open; rotate() replaces the
// file. The destructor fcloses the current file if one is open.
class RotatingLog {
public:
  explicit RotatingLog(std::string path)
      : path_(std::move(path)), fp_(std::fopen(path_.c_str(), "a")) {}
  ~RotatingLog() {
    if (fp_)
      std::fclose(fp_);
  }
  RotatingLog(const RotatingLog &) = delete;
  RotatingLog &operator=(const RotatingLog &) = delete;

  void write(const char *level, const std::string &msg);
  void rotate();

private:
  std::mutex mu_;
  std::string path_;
  std::FILE *fp_;
  int generation_ = 0;
};

void RotatingLog::write(const char *level, const std::string &msg) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!fp_)
    return;
  std::fprintf(fp_, "[%s] %s\n", level, msg.c_str()); // OK: rotate() holds mu_ and never leaves fp_ closed
}

void RotatingLog::rotate() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!fp_)
    return;
  std::fflush(fp_);
  std::fclose(fp_);
  const std::string archived = path_ + "." + std::to_string(++generation_);
  std::rename(path_.c_str(), archived.c_str());
  std::FILE *next = std::fopen(path_.c_str(), "a");
  if (!next) {
    std::fprintf(fp_, "[ERROR] log rotation failed: %s\n", std::strerror(errno)); // BUG: use-after-close
    fp_ = nullptr;
    return;
  }
  fp_ = next;
  std::fprintf(fp_, "[INFO] rotated, previous file is %s\n", archived.c_str()); // OK: the new file
}

// The supervisor hands over an open, writable descriptor for the crash report.
void writeCrashReport(int fd, const std::string &trace) {
  std::FILE *f = ::fdopen(fd, "w");
  if (!f) {
    ::close(fd); // fdopen failed, the descriptor is still ours
    return;
  }
  std::fprintf(f, "transcoder crashed\n%s\n", trace.c_str());
  std::fclose(f);
  ::close(fd); // BUG: double-close
}

// Same report on a duplicate, so the original descriptor stays usable.
void writeCoreNote(int fd, const std::string &corePath) {
  const int copy = ::dup(fd);
  if (copy < 0)
    return;
  std::FILE *f = ::fdopen(copy, "w");
  if (!f) {
    ::close(copy);
    return;
  }
  std::fprintf(f, "core dumped to %s\n", corePath.c_str());
  std::fclose(f);
  ::write(fd, "\n", 1); // OK: fclose closed the duplicate, not fd
  ::close(fd); // OK: first close of the original
}
