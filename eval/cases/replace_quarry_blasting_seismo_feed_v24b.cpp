// Quarry blast monitoring: a geophone at the nearest house streams ground
// vibration through a VibrationFeed. For each blast the monitor records the
// peak particle velocity over the blast window, closes the recording and arms
// a fresh feed for the next blast, and writes a line to the day's blast
// report (rotated to a new file per bench). After the last blast of the day
// the feed is left closed (the first blast of the next day re-arms it), yet
// the settling check still samples it.
#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>

class VibrationFeed {
public:
  explicit VibrationFeed(std::string host) : host_(std::move(host)) {}
  VibrationFeed(VibrationFeed &&) = default;
  VibrationFeed &operator=(VibrationFeed &&) = default;
  VibrationFeed(const VibrationFeed &) = delete;
  VibrationFeed &operator=(const VibrationFeed &) = delete;

  double sample() {
    if (closed_)
      throw std::runtime_error("geophone recording closed: " + host_);
    ++samples_;
    return static_cast<double>(samples_ % 17) * 0.35;
  }

  void close() { closed_ = true; }
  bool closed() const { return closed_; }
  const std::string &host() const { return host_; }

private:
  std::string host_;
  long samples_ = 0;
  bool closed_ = false;
};

struct Blast {
  int id = 0;
  std::string bench;
  double chargeKg = 0;
  bool lastOfDay = false;
};

class BlastMonitor {
public:
  BlastMonitor(std::string geophoneHost, const std::string &reportPath)
      : feed_(std::move(geophoneHost)) {
    report_ = std::fopen(reportPath.c_str(), "a");
    if (!report_)
      throw std::runtime_error("cannot open blast report " + reportPath);
  }
  ~BlastMonitor() { std::fclose(report_); }
  BlastMonitor(const BlastMonitor &) = delete;
  BlastMonitor &operator=(const BlastMonitor &) = delete;

  void onBlast(const Blast &b) {
    if (feed_.closed())
      feed_ = VibrationFeed(feed_.host());
    double ppv = 0;
    for (int i = 0; i < kWindowSamples; ++i)
      ppv = std::max(ppv, feed_.sample()); // OK
    feed_.close();
    std::fprintf(report_, "%d,%s,%.1f,%.2f\n", b.id, b.bench.c_str(),
                 b.chargeKg, ppv);
    if (!b.lastOfDay)
      feed_ = VibrationFeed(feed_.host());
    double settle = feed_.sample(); // BUG: use-after-close
    if (settle > 0.5)
      std::fprintf(report_, "%d,settling,%.2f\n", b.id, settle);
  }

  void onGeophoneMoved(const std::string &newHost) {
    feed_.close();
    feed_ = VibrationFeed(newHost);
    std::fprintf(report_, "geophone moved to %s, baseline %.2f\n",
                 newHost.c_str(), feed_.sample()); // OK
  }

  void onNewBench(const std::string &bench, const std::string &dir) {
    const std::string path = dir + "/blasts-" + bench + ".csv";
    std::FILE *next = std::fopen(path.c_str(), "a");
    if (!next)
      throw std::runtime_error("cannot open blast report " + path);
    std::fclose(report_);
    report_ = next;
    std::fprintf(report_, "# bench %s\n", bench.c_str()); // OK
  }

private:
  static constexpr int kWindowSamples = 400;
  VibrationFeed feed_;
  std::FILE *report_ = nullptr;
};
