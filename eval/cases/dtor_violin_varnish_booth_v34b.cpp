// Varnish booth of a violin maker: while a coat of varnish is sprayed the
// booth's extractor fan must run; the fan link is opened by an RAII guard and
// closed in the guard's destructor. Each coat is noted in a log file owned by
// a unique_ptr with a closing deleter. Two mistakes: spray_coat() slows the
// fan down after the guard's block has ended (the destructor already closed
// the link), and varnish_day() lets the drying rack keep the log's raw FILE*
// beyond the unique_ptr's scope.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

class ExtractorLink {
public:
  void open() { open_ = true; }
  void set_speed(int level);
  void close() { open_ = false; }
  bool is_open() const { return open_; }

private:
  bool open_ = false;
  int level_ = 0;
};

void ExtractorLink::set_speed(int level) {
  if (!open_)
    throw std::runtime_error("extractor link closed");
  level_ = level;
}

class ExtractorGuard {
public:
  explicit ExtractorGuard(ExtractorLink &link) : link_(link) { link_.open(); }
  ~ExtractorGuard() { link_.close(); }
  ExtractorGuard(const ExtractorGuard &) = delete;
  ExtractorGuard &operator=(const ExtractorGuard &) = delete;

private:
  ExtractorLink &link_;
};

template <class F> class ScopeExit {
public:
  explicit ScopeExit(F f) : f_(std::move(f)) {}
  ~ScopeExit() { f_(); }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  F f_;
};

struct FileCloser {
  void operator()(FILE *f) const {
    if (f)
      std::fclose(f);
  }
};
using CoatLog = std::unique_ptr<FILE, FileCloser>;

struct DryingRack {
  FILE *notes = nullptr;
  void hang(int piece) {
    std::fprintf(notes, "piece %d on the rack\n", piece); // SAME: rack
  }
};

void spray_coat(ExtractorLink &fan, int coat) {
  {
    ExtractorGuard guard(fan);
    fan.set_speed(coat < 3 ? 3 : 2); // OK: the guard is alive in this block
  }
  fan.set_speed(1); // BUG: use-after-close
}

void varnish_day(DryingRack &rack, const char *path) {
  {
    CoatLog log(std::fopen(path, "a"));
    if (!log)
      return;
    rack.notes = log.get();
    rack.hang(1); // OK: the log still owns an open file here
  }
  rack.hang(2); // BUG: use-after-close #rack
}

void sand_between_coats(ExtractorLink &fan) {
  fan.open();
  ScopeExit close_fan([&fan] { fan.close(); });
  fan.set_speed(2); // OK: the scope guard closes only at the end of the function
  fan.set_speed(4); // OK: still before the end of the scope
}

void pass_log_on(const char *path) {
  CoatLog log(std::fopen(path, "a"));
  if (!log)
    return;
  CoatLog keeper = std::move(log);
  if (!log)
    std::fprintf(keeper.get(), "log handed over\n"); // OK: ownership moved, the file is still open
}

void final_coat(ExtractorLink &fan, const char *path) {
  ExtractorGuard guard(fan);
  CoatLog log(std::fopen(path, "a"));
  fan.set_speed(5); // OK: guard destroyed only at the closing brace
  if (log)
    std::fprintf(log.get(), "final coat at speed 5\n"); // OK: log open until scope end
}
