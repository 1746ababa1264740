// Annealing records for a glassblowing studio: each batch of pieces put into
// the annealer gets a log of kiln temperatures that is sealed with a summary
// line when the cool-down completes. A log object that goes out of scope
// without being sealed (a thermocouple fault, an exception from the
// controller) marks the file as aborted so the batch is re-inspected.
// Temperature samples also go to an in-memory ring for the studio display,
// and the finished pieces get a tag sheet for the gallery.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class AnnealLog {
public:
  explicit AnnealLog(const std::string &path)
      : f_(std::fopen(path.c_str(), "w")) {
    if (!f_)
      throw std::runtime_error("cannot create anneal log " + path);
    std::fputs("minute,celsius\n", f_);
  }
  ~AnnealLog();
  AnnealLog(const AnnealLog &) = delete;
  AnnealLog &operator=(const AnnealLog &) = delete;

  void sample(int minute, double celsius);
  void seal(int pieces, double peakC);

private:
  FILE *f_;
  int samples_ = 0;
};

void AnnealLog::sample(int minute, double celsius) {
  std::fprintf(f_, "%d,%.1f\n", minute, celsius);
  ++samples_;
}

void AnnealLog::seal(int pieces, double peakC) {
  std::fprintf(f_, "# sealed pieces=%d peak=%.1f samples=%d\n", pieces, peakC,
               samples_);
  std::fflush(f_);
  std::fclose(f_);
}

AnnealLog::~AnnealLog() {
  if (f_) {
    std::fputs("# aborted\n", f_); // BUG: use-after-close
    std::fclose(f_); // BUG: double-close
  }
}

class TempRing {
public:
  explicit TempRing(size_t cap) : buf_(cap) {}
  void push(double c) {
    buf_[head_] = c;
    head_ = (head_ + 1) % buf_.size();
  }

private:
  std::vector<double> buf_;
  size_t head_ = 0;
};

struct Thermocouple {
  std::vector<double> script;
  size_t pos = 0;
  bool read(double &out) {
    if (pos >= script.size())
      return false;
    out = script[pos++];
    return out > -50.0;
  }
};

bool annealBatch(const std::string &logPath, Thermocouple &tc, TempRing &ring,
                 int pieces, double targetC) {
  AnnealLog log(logPath);
  double peak = 0.0;
  double c = 0.0;
  int minute = 0;
  while (tc.read(c)) {
    log.sample(minute++, c); // OK
    ring.push(c);
    if (c > peak)
      peak = c;
    if (minute > 30 && c < targetC) {
      log.seal(pieces, peak);
      return true;
    }
  }
  return false;
}

struct FileCloser {
  void operator()(FILE *f) const {
    if (f)
      std::fclose(f); // OK
  }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

bool printTagSheet(const std::string &path, const std::vector<std::string> &pieces) {
  FilePtr out(std::fopen(path.c_str(), "w"));
  if (!out)
    return false;
  for (const std::string &p : pieces) {
    if (std::fprintf(out.get(), "%s\n", p.c_str()) < 0)
      return false;
  }
  FILE *raw = out.release();
  return std::fclose(raw) == 0; // OK
}
