// MRI suite nightly coil QA: the scanner's service host ramps the gradient
// amplifier through its control descriptor (closed by a ScopeExit guard when
// the check returns) and writes the head-coil SNR figures to a QA file owned
// by a unique_ptr with an fclose deleter. A QA run object keeps the file and
// a trailer that writes the closing line from its destructor. The ramp-down
// command is queued as a deferred callback that runs after the check has
// returned, and the archiving step takes the file's owner by value.
#include <cstdio>
#include <fcntl.h>
#include <functional>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace mriqa {

struct FcloseDeleter {
  void operator()(std::FILE *f) const {
    if (f)
      std::fclose(f);
  }
};
using QaFile = std::unique_ptr<std::FILE, FcloseDeleter>;

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() { fn_(); }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  F fn_;
};

class Trailer {
public:
  explicit Trailer(std::FILE *out) : out_(out) {}
  ~Trailer() {
    std::fprintf(out_, "# end of coil run, %d slices\n", slices_); // OK: the run declares log_ first, so it outlives trailer_
  }
  void count() { ++slices_; }

private:
  std::FILE *out_;
  int slices_ = 0;
};

class CoilQaRun {
public:
  explicit CoilQaRun(QaFile log) : log_(std::move(log)), trailer_(log_.get()) {}
  void record(int slice, double snr) {
    std::fprintf(log_.get(), "%d,%.2f\n", slice, snr);
    trailer_.count();
  }

private:
  QaFile log_;
  Trailer trailer_;
};

void archive(QaFile file) { std::fputs("# archived to PACS share\n", file.get()); }

void runGradientCheck(const std::string &dev, std::vector<std::function<void()>> &deferred) {
  int fd = ::open(dev.c_str(), O_RDWR | O_NOCTTY);
  if (fd < 0)
    return;
  auto closeAmp = [fd] { ::close(fd); };
  ScopeExit<decltype(closeAmp)> guard(closeAmp);
  ::write(fd, "RAMP 40\n", 8); // OK: closed when the guard leaves scope
  ::write(fd, "HOLD 500\n", 9); // OK
  deferred.push_back([fd] { ::write(fd, "RAMP 0\n", 7); }); // SAME: ramp_down
}

bool headCoilSnr(const std::string &path, const std::vector<double> &snr) {
  QaFile log(std::fopen(path.c_str(), "w"));
  if (!log)
    return false;
  std::fputs("slice,snr\n", log.get()); // OK
  CoilQaRun run(std::move(log));
  for (std::size_t i = 0; i < snr.size(); ++i)
    run.record(static_cast<int>(i), snr[i]);
  return true;
}

void nightlyQa(const std::string &dev, const std::string &path) {
  std::vector<std::function<void()>> deferred;
  runGradientCheck(dev, deferred);
  for (auto &step : deferred)
    step(); // BUG: use-after-close #ramp_down

  QaFile summary(std::fopen((path + ".summary").c_str(), "w"));
  if (!summary)
    return;
  std::FILE *raw = summary.get();
  std::fputs("gradient ramp ok\n", raw); // OK: summary still owns it
  archive(std::move(summary));
  std::fputs("coil QA complete\n", raw); // BUG: use-after-close
}

} // namespace mriqa
