// Roast profiles for a coffee roastery. A RoastSession records the bean
// temperature curve of one batch into a profile file; its RoastLogger member
// adds the first-crack mark and a summary line. Finished curves are exported
// as CSV through a unique_ptr with an fclose deleter and handed to the
// archiver, which takes ownership of the file.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct FileCloser {
  void operator()(FILE *f) const {
    if (f)
      std::fclose(f);
  }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

class ProfileSink {
public:
  explicit ProfileSink(const std::string &path) : f_(std::fopen(path.c_str(), "a")) {}
  ~ProfileSink() { close(); }
  ProfileSink(const ProfileSink &) = delete;
  ProfileSink &operator=(const ProfileSink &) = delete;

  void write(const std::string &line) {
    if (!f_)
      throw std::runtime_error("profile sink closed");
    std::fputs(line.c_str(), f_);
    std::fputc('\n', f_);
  }
  void close() {
    if (f_) {
      std::fclose(f_);
      f_ = nullptr;
    }
  }

private:
  FILE *f_;
};

class RoastLogger {
public:
  explicit RoastLogger(ProfileSink &sink) : sink_(sink) {}
  ~RoastLogger() {
    sink_.write("summary samples=" + std::to_string(samples_) + " fc=" + std::to_string(firstCrack_)); // BUG: use-after-close
  }
  void sample(double seconds, double beanC) {
    sink_.write(std::to_string(seconds) + "," + std::to_string(beanC)); // OK
    ++samples_;
  }
  void firstCrack(double seconds) {
    firstCrack_ = seconds;
    sink_.write("first-crack," + std::to_string(seconds));
  }

private:
  ProfileSink &sink_;
  int samples_ = 0;
  double firstCrack_ = 0.0;
};

class RoastSession {
public:
  RoastSession(const std::string &path, std::string bean) : sink_(path), logger_(sink_), bean_(std::move(bean)) {
    sink_.write("# bean " + bean_);
  }
  ~RoastSession() { sink_.close(); }

  RoastLogger &logger() { return logger_; }

private:
  ProfileSink sink_;
  RoastLogger logger_;
  std::string bean_;
};

struct CurvePoint {
  double seconds;
  double beanC;
  double rorCPerMin;
};

static void writeCurve(FILE *out, const std::vector<CurvePoint> &curve) {
  std::fputs("seconds,bean_c,ror\n", out);
  for (const CurvePoint &p : curve)
    std::fprintf(out, "%.0f,%.1f,%.1f\n", p.seconds, p.beanC, p.rorCPerMin);
}

void archiveProfile(FilePtr f, const std::string &batchId) {
  std::fprintf(f.get(), "# archived batch %s\n", batchId.c_str());
  std::fflush(f.get());
}

long previewSize(const FilePtr &f) {
  std::fflush(f.get());
  return std::ftell(f.get());
}

int exportBatch(const std::string &path, const std::string &batchId,
                const std::vector<CurvePoint> &curve) {
  FilePtr out(std::fopen(path.c_str(), "w+"));
  if (!out)
    return -1;
  FILE *raw = out.get();
  writeCurve(raw, curve);
  long bytes = previewSize(out);
  std::fprintf(raw, "# %ld bytes before trailer\n", bytes); // OK
  archiveProfile(std::move(out), batchId);
  std::fprintf(raw, "# export complete\n"); // BUG: use-after-close
  return 0;
}

int exportTwice(const std::string &path, const std::vector<CurvePoint> &curve) {
  FilePtr out(std::fopen(path.c_str(), "w"));
  if (!out)
    return -1;
  writeCurve(out.get(), curve);
  out.reset(std::fopen((path + ".bak").c_str(), "w"));
  if (!out)
    return -2;
  writeCurve(out.get(), curve); // OK
  return 0;
}

void roastBatch(const std::string &path, const std::vector<CurvePoint> &curve) {
  RoastSession session(path, "Yirgacheffe G1");
  for (const CurvePoint &p : curve) {
    session.logger().sample(p.seconds, p.beanC);
    if (p.beanC >= 196.0 && p.rorCPerMin < 9.0)
      session.logger().firstCrack(p.seconds);
  }
}
