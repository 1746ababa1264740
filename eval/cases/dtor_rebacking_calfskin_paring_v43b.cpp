// Rebacking workshop for leather bindings: new calfskin for a spine is pared
// down on a paring machine that measures the thickness after every pass.
// Measurements go to a paring log, an RAII wrapper whose destructor fcloses
// the FILE*. The machine writes to whatever sink is attached to it, and the
// log of the current hide is held in a std::optional that is reset and
// re-emplaced when the next hide is mounted.
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace rebacking {

class ParingLog {
public:
  explicit ParingLog(const std::string &path) : fp_(std::fopen(path.c_str(), "a")) {
    if (!fp_)
      throw std::runtime_error("cannot open paring log " + path);
  }
  ParingLog(ParingLog &&other) noexcept : fp_(std::exchange(other.fp_, nullptr)) {}
  ParingLog(const ParingLog &) = delete;
  ParingLog &operator=(const ParingLog &) = delete;
  ~ParingLog() {
    if (fp_)
      std::fclose(fp_);
  }

  void thickness(const std::string &hide, int pass, double mm) {
    std::fprintf(fp_, "%s pass=%d %.2fmm\n", hide.c_str(), pass, mm);
  }
  FILE *stream() const { return fp_; }

private:
  FILE *fp_;
};

class ParingMachine {
public:
  void attach_sink(FILE *sink) { sink_ = sink; }
  void detach_sink() { sink_ = nullptr; }
  double measure() const;
  void pass(const std::string &hide, int n) {
    for (int i = 0; i < n; ++i) {
      double mm = measure();
      ++passes_;
      if (sink_)
        std::fprintf(sink_, "%s pass=%d %.2fmm\n", hide.c_str(), passes_, mm); // SAME: skim
    }
  }

private:
  FILE *sink_ = nullptr;
  int passes_ = 0;
};

static std::string log_path(const std::string &hide) { return "/srv/bindery/paring/" + hide + ".log"; }

// Three roughing passes logged to the hide's log, then a final skim pass.
void pare_spine_leather(ParingMachine &machine, const std::string &hide) {
  {
    ParingLog log(log_path(hide));
    machine.attach_sink(log.stream());
    machine.pass(hide, 3);
  }
  machine.pass(hide, 1); // BUG: use-after-close #skim
}

void pare_spine_leather_detached(ParingMachine &machine, const std::string &hide) {
  {
    ParingLog log(log_path(hide));
    machine.attach_sink(log.stream());
    machine.pass(hide, 3);
    machine.detach_sink();
  }
  machine.pass(hide, 1); // OK: the sink was detached before the log closed
}

void stamp_header(const std::string &hide, const std::string &binder) {
  FILE *fp = ParingLog(log_path(hide)).stream();
  std::fprintf(fp, "# mounted by %s\n", binder.c_str()); // BUG: use-after-close
}

void stamp_header_named(const std::string &hide, const std::string &binder) {
  ParingLog log(log_path(hide));
  std::fprintf(log.stream(), "# mounted by %s\n", binder.c_str()); // OK: log is alive
}

class ParingBench {
public:
  void mount(const std::string &hide) {
    current_.reset();
    current_.emplace(log_path(hide));
    hide_ = hide;
    current_->thickness(hide_, 0, 1.60); // OK: emplaced after the reset
  }
  void record(double mm) {
    if (!current_)
      return;
    current_->thickness(hide_, ++pass_, mm); // OK: guarded
  }
  void unmount() {
    current_.reset();
    pass_ = 0;
  }

private:
  std::optional<ParingLog> current_;
  std::string hide_;
  int pass_ = 0;
};

void two_hides(ParingBench &bench, const std::string &a, const std::string &b) {
  bench.mount(a);
  bench.record(1.2);
  bench.unmount();
  bench.record(1.1); // OK: record() returns when nothing is mounted
  bench.mount(b);
  bench.record(1.0);
}

} // namespace rebacking
