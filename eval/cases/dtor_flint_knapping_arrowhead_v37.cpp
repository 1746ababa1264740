// Flint-knapping workshop: each apprentice's bench writes a strike log (one
// line per percussion or pressure flake) to a FILE*. Logs are closed by a
// ScopeExit at the end of a session, by a unique_ptr deleter, or when the
// bench list is cleared. Correct as written: every write happens while the log
// is open: inside the guard's scope, after the guard was dismissed and the log
// handed to the caller, after a reopen, or on a freshly emplaced element.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename F>
class ScopeExit {
 public:
  explicit ScopeExit(F f) : f_(std::move(f)) {}
  ~ScopeExit() {
    if (armed_) f_();
  }
  void dismiss() { armed_ = false; }
  ScopeExit(const ScopeExit&) = delete;
  ScopeExit& operator=(const ScopeExit&) = delete;

 private:
  F f_;
  bool armed_ = true;
};

class StrikeLog {
 public:
  explicit StrikeLog(std::string path) : path_(std::move(path)) { reopen(); }
  StrikeLog(StrikeLog&& o) noexcept : path_(std::move(o.path_)), fp_(o.fp_) { o.fp_ = nullptr; }
  StrikeLog(const StrikeLog&) = delete;
  StrikeLog& operator=(const StrikeLog&) = delete;
  ~StrikeLog() { close(); }

  void reopen() {
    close();
    fp_ = std::fopen(path_.c_str(), "a");
    if (!fp_) throw std::runtime_error("strike log: cannot open " + path_);
  }
  void strike(const char* kind, double mass_g) {
    if (!fp_) throw std::runtime_error("strike log: closed");
    std::fprintf(fp_, "%s %.2f\n", kind, mass_g);
  }
  void close() {
    if (fp_) std::fclose(fp_);
    fp_ = nullptr;
  }

 private:
  std::string path_;
  FILE* fp_ = nullptr;
};

struct FcloseDeleter {
  void operator()(FILE* f) const { std::fclose(f); }
};
using FilePtr = std::unique_ptr<FILE, FcloseDeleter>;

void knap_session(StrikeLog& log, const std::vector<double>& flakes) {
  ScopeExit close_log([&log] { log.close(); });
  for (double m : flakes) {
    log.strike("pressure", m);  // OK: the guard only closes at the end of this function
  }
  log.strike("notch", 0.4);  // OK: still inside the guard's scope
}

// Opens a log for the caller; the guard only closes it if setup throws.
StrikeLog open_for_apprentice(const std::string& path) {
  StrikeLog log(path);
  ScopeExit undo([&log] { log.close(); });
  log.strike("header", 0.0);
  undo.dismiss();
  return log;
}

void first_lesson() {
  StrikeLog log = open_for_apprentice("/var/knap/apprentice1.log");
  log.strike("percussion", 12.5);  // OK: the setup guard was dismissed before returning
}

void evening_rotation(StrikeLog& log) {
  knap_session(log, {3.1, 2.7, 1.9});
  log.reopen();
  log.strike("rotation", 0.0);  // OK: reopened after the session guard closed it
}

void rebuild_benches(std::vector<StrikeLog>& benches, const std::vector<std::string>& paths) {
  benches.clear();  // every old log is closed by its destructor here
  for (const auto& p : paths) benches.emplace_back(p);
  if (!benches.empty()) benches.back().strike("bench-ready", 0.0);  // OK: freshly constructed element
}

void archive_tally(const char* path, int arrowheads) {
  FilePtr out(std::fopen(path, "w"));
  if (!out) return;
  FilePtr keep = std::move(out);
  std::fprintf(keep.get(), "arrowheads %d\n", arrowheads);  // OK: ownership moved, the file is still open
  std::fflush(keep.get());
}
