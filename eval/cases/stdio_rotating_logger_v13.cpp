// A size-rotating file logger of the kind kept in a project's util/ folder.
// log() formats one line, rotates the file when the line would push it past
// the size limit (close, rename to .1, reopen) and appends the line; the
// stream falls back to stderr while no file could be opened. reopen() is
// called from the SIGHUP tick after an external logrotate moved the file.
//
// Bug: log() picks its output stream (`out`) before deciding to rotate. When
// the line triggers a rotation, rotate() fcloses that very FILE* and opens a
// new one into fp_, but the line is then written through the stale `out`:
// fputs on a closed (freed) FILE* is undefined behaviour.
// Correct lines: rotate() and reopen() only write through fp_ after replacing it
// with a fresh fopen() result and checking it for null; close() nulls fp_, so
// the destructor's close() after main()'s close() does nothing.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>

class RotatingLogger {
public:
  RotatingLogger(std::string path, long limit)
      : path_(std::move(path)), limit_(limit) {
    fp_ = std::fopen(path_.c_str(), "a");
    if (fp_)
      written_ = std::ftell(fp_);
  }
  ~RotatingLogger() {
    close(); // OK: close() returns early once fp_ is null
  }
  RotatingLogger(const RotatingLogger &) = delete;
  RotatingLogger &operator=(const RotatingLogger &) = delete;

  void log(const char *level, const char *msg) {
    char line[1024];
    char stamp[32];
    std::time_t now = std::time(nullptr);
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S",
                  std::localtime(&now));
    int len = std::snprintf(line, sizeof line, "%s [%s] %s\n", stamp, level, msg);
    if (len < 0)
      return;
    FILE *out = fp_ ? fp_ : stderr;
    if (fp_ && written_ + len > limit_)
      rotate();
    if (std::fputs(line, out) >= 0 && out == fp_) // BUG: use-after-close
      written_ += len;
  }

  void flush() {
    if (!fp_)
      return;
    std::fflush(fp_);
  }

  // Called after logrotate renamed the file behind our back.
  void reopen() {
    close();
    fp_ = std::fopen(path_.c_str(), "a");
    if (!fp_)
      return;
    std::fprintf(fp_, "# log reopened\n"); // OK: fresh stream from fopen()
    written_ = std::ftell(fp_);
  }

  void close() {
    if (!fp_)
      return;
    std::fclose(fp_);
    fp_ = nullptr;
    written_ = 0;
  }

private:
  void rotate() {
    std::fclose(fp_);
    fp_ = nullptr;
    std::string backup = path_ + ".1";
    if (std::rename(path_.c_str(), backup.c_str()) != 0)
      std::fprintf(stderr, "logger: cannot rotate %s: %s\n", path_.c_str(),
                   std::strerror(errno));
    fp_ = std::fopen(path_.c_str(), "a");
    if (!fp_)
      return;
    written_ = std::ftell(fp_);
    std::fprintf(fp_, "# rotated, previous file is %s\n", backup.c_str()); // OK: reopened above
  }

  std::string path_;
  long limit_;
  long written_ = 0;
  FILE *fp_ = nullptr;
};

int main(int argc, char **argv) {
  RotatingLogger logger(argc > 1 ? argv[1] : "app.log", 4096);
  for (int i = 0; i < 200; ++i) {
    char msg[64];
    std::snprintf(msg, sizeof msg, "request %d served", i);
    logger.log("info", msg);
    if (i % 50 == 49)
      logger.reopen();
  }
  logger.flush();
  logger.close();
  return 0;
}
