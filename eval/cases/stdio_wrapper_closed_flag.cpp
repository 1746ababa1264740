// Negative: a wrapper whose close() is idempotent and whose write() checks a
// closed flag first; closing then writing through it is safe.
#include <cstdio>

class LogFile {
public:
  explicit LogFile(const char *path) : fp_(fopen(path, "a")) {}
  void write(const char *line) {
    if (closed_ || !fp_)
      return;
    fputs(line, fp_);
  }
  void close() {
    if (closed_)
      return;
    closed_ = true;
    if (fp_)
      fclose(fp_);
  }
  ~LogFile() { close(); }

private:
  FILE *fp_;
  bool closed_ = false;
};

void shutdownSequence(LogFile &log) {
  log.write("stopping\n");
  log.close();
  log.write("stopped\n");
  log.close();
}
