// Seismograph station archive: each trigger event is written to its own waveform
// file. A ScopeExit guard closes the file on early exits and is dismissed once the
// event is committed with an explicit fclose; the index file lives in a unique_ptr
// with an fclose deleter and is released before it is closed by hand; drum
// channels own their FILE* and null it when moved from. Negative case: every file
// is closed exactly once and never written after its close.
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

class ScopeExit {
public:
  explicit ScopeExit(std::function<void()> fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (armed_)
      fn_();
  }
  void dismiss() { armed_ = false; }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  std::function<void()> fn_;
  bool armed_ = true;
};

struct Sample {
  double t;
  int counts;
};

struct IndexCloser {
  void operator()(FILE *f) const { std::fclose(f); }
};

class DrumChannel {
public:
  explicit DrumChannel(FILE *f) : f_(f) {}
  DrumChannel(DrumChannel &&o) noexcept : f_(std::exchange(o.f_, nullptr)) {}
  DrumChannel(const DrumChannel &) = delete;
  ~DrumChannel();
  void plot(int counts);

private:
  FILE *f_;
};

DrumChannel::~DrumChannel() {
  if (f_)
    std::fclose(f_); // OK: a moved-from channel holds nullptr and closes nothing
}

void DrumChannel::plot(int counts) {
  if (f_)
    std::fprintf(f_, "%d\n", counts);
}

class EventArchive {
public:
  bool writeEvent(const std::string &path, const std::vector<Sample> &trace);
  void sealIndex(const std::string &path, int events);
  void addDrum(const char *path);

private:
  std::vector<DrumChannel> drums_;
};

bool EventArchive::writeEvent(const std::string &path,
                              const std::vector<Sample> &trace) {
  FILE *out = std::fopen(path.c_str(), "wb");
  if (!out)
    return false;
  ScopeExit onAbort([out] { std::fclose(out); }); // OK: runs only while armed
  for (const Sample &s : trace) {
    if (s.counts > 8000000)
      return false; // clipped trace: the guard closes the file
    std::fprintf(out, "%.4f %d\n", s.t, s.counts);
  }
  onAbort.dismiss();
  return std::fclose(out) == 0; // OK: the guard was dismissed, this is the only close
}

void EventArchive::sealIndex(const std::string &path, int events) {
  std::unique_ptr<FILE, IndexCloser> index(std::fopen(path.c_str(), "a"));
  if (!index)
    return;
  std::fprintf(index.get(), "events=%d\n", events);
  FILE *raw = index.release();
  std::fprintf(raw, "sealed\n"); // OK: release() gave up ownership without closing
  std::fclose(raw); // OK: the unique_ptr no longer owns the stream
}

void EventArchive::addDrum(const char *path) {
  FILE *f = std::fopen(path, "a");
  if (!f)
    return;
  DrumChannel channel(f);
  channel.plot(0);
  drums_.push_back(std::move(channel));
  drums_.back().plot(1); // OK: the vector's element owns the open stream now
}

int main() {
  EventArchive archive;
  archive.addDrum("/data/drum-z.txt");
  std::vector<Sample> trace{{0.0, 12}, {0.01, 340}, {0.02, -95}};
  if (archive.writeEvent("/data/ev-0001.txt", trace))
    archive.sealIndex("/data/index.txt", 1);
  return 0;
}
