// Log rotator for a long-running daemon. The access log is a raw FILE* that
// is closed and reopened on rotation, the error log is a unique_ptr<FILE>
// with an fclose deleter that is replaced on rotation, the slow-query log is
// an std::ofstream that is closed and reopened, and stderr is redirected to a
// file with freopen() when the daemon detaches.
//
// This code is correct: after each close the handle is either reassigned to a
// newly opened stream or set to null before any further write, every write
// checks for null, unique_ptr::reset() closes the old FILE exactly once, the
// ofstream is reopened before it is written again, and the freopen() result
// is checked before stderr is used.
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>

struct FileCloser {
  void operator()(FILE *F) const {
    if (F)
      std::fclose(F);
  }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

class LogRotator {
public:
  explicit LogRotator(std::string Dir) : Dir(std::move(Dir)) {
    Access = std::fopen(path("access", 0).c_str(), "a");
    Errors.reset(std::fopen(path("error", 0).c_str(), "a"));
    SlowQueries.open(path("slow", 0), std::ios::app);
  }

  ~LogRotator() {
    if (Access)
      std::fclose(Access); // OK: rotate() always leaves Access open or null
  }

  void access(const std::string &Line) {
    if (Access)
      std::fprintf(Access, "%s\n", Line.c_str()); // OK: null after a failed reopen
  }

  void error(const std::string &Line) {
    if (Errors)
      std::fprintf(Errors.get(), "E %s\n", Line.c_str()); // OK: reset() installs the new FILE
  }

  void slow(const std::string &Query, double Ms) {
    if (SlowQueries.is_open())
      SlowQueries << Ms << "ms " << Query << '\n'; // OK: reopened in rotate()
  }

  void rotate() {
    ++Generation;
    if (Access) {
      std::fflush(Access);
      std::fclose(Access);
      Access = nullptr;
    }
    Access = std::fopen(path("access", Generation).c_str(), "a");
    if (Access)
      std::fprintf(Access, "# rotated generation %d\n", Generation); // OK: newly opened stream

    Errors.reset(std::fopen(path("error", Generation).c_str(), "a")); // OK: reset() closes the previous FILE once
    if (Errors)
      std::fputs("# rotated\n", Errors.get()); // OK

    SlowQueries.close();
    SlowQueries.clear();
    SlowQueries.open(path("slow", Generation), std::ios::app);
    SlowQueries << "# rotated\n"; // OK: reopened just above
  }

  // Called once when the daemon detaches from its terminal.
  bool redirectStderr() {
    if (!std::freopen(path("stderr", 0).c_str(), "a", stderr))
      return false;
    std::fprintf(stderr, "stderr redirected\n"); // OK: freopen succeeded, stderr is open on the new file
    return true;
  }

private:
  std::string path(const char *Kind, int Gen) const {
    return Dir + "/" + Kind + "." + std::to_string(Gen) + ".log";
  }

  std::string Dir;
  FILE *Access = nullptr;
  FilePtr Errors;
  std::ofstream SlowQueries;
  int Generation = 0;
};

int main() {
  LogRotator Logs("/tmp");
  Logs.access("GET / 200");
  Logs.error("upstream timeout");
  Logs.slow("SELECT * FROM events", 812.5);
  Logs.rotate();
  Logs.access("GET /health 200"); // OK
  Logs.rotate();
  Logs.error("disk almost full"); // OK
  Logs.slow("UPDATE counters SET n = n + 1", 95.0);
  if (!Logs.redirectStderr())
    return 1;
  return 0;
}
