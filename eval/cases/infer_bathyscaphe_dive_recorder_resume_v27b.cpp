// Dive recorder for a research bathyscaphe. Depth and hull-strain samples are
// appended to a per-dive CSV through DiveRecorder. pause()/resume() bracket the
// ballast-drop window (samples are held and written out on resume), close()
// ends the dive log, reopen() starts the log of the next dive. resume() on a
// closed recorder does nothing; record() on a closed recorder throws.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Sample {
  long tMs;
  double depthM;
  double strainMicro;
};

class DiveRecorder {
public:
  explicit DiveRecorder(std::string path) : path_(std::move(path)) { open(); }
  ~DiveRecorder() {
    if (out_)
      std::fclose(out_);
  }
  DiveRecorder(const DiveRecorder &) = delete;
  DiveRecorder &operator=(const DiveRecorder &) = delete;

  void record(const Sample &s) {
    if (closed_)
      throw std::runtime_error("dive recorder closed: " + path_);
    if (paused_) {
      held_.push_back(s);
      return;
    }
    std::fprintf(out_, "%ld,%.2f,%.1f\n", s.tMs, s.depthM, s.strainMicro);
  }

  void pause() {
    if (closed_)
      throw std::runtime_error("dive recorder closed: " + path_);
    paused_ = true;
  }

  void resume() {
    if (closed_)
      return;
    paused_ = false;
    for (const Sample &s : held_)
      record(s);
    held_.clear();
  }

  void close() {
    if (closed_)
      return;
    std::fclose(out_);
    out_ = nullptr;
    closed_ = true;
    held_.clear();
  }

  void reopen(const std::string &path) {
    close();
    path_ = path;
    open();
  }

  bool isClosed() const { return closed_; }
  const std::string &path() const { return path_; }

private:
  void open() {
    out_ = std::fopen(path_.c_str(), "a");
    if (!out_)
      throw std::runtime_error("cannot open dive log " + path_);
    closed_ = false;
    paused_ = false;
  }

  std::string path_;
  std::FILE *out_ = nullptr;
  std::vector<Sample> held_;
  bool closed_ = true;
  bool paused_ = false;
};

void ballastDrop(DiveRecorder &rec, const std::vector<Sample> &during) {
  rec.pause();
  for (const Sample &s : during)
    rec.record(s);
  rec.resume();
}

// Called by the surface controller once the hatch pressure equalises.
void surface(DiveRecorder &rec, const Sample &lastAtDepth, long hatchOpenMs) {
  rec.record(lastAtDepth);
  rec.close();
  std::printf("dive log %s sealed\n", rec.path().c_str());
  rec.resume(); // OK
  rec.record(Sample{hatchOpenMs, 0.0, 0.0}); // BUG: use-after-close
}

// Start of the next dive on the same recorder.
void nextDive(DiveRecorder &rec, const std::string &path, const Sample &first) {
  rec.close();
  rec.reopen(path);
  rec.record(first); // OK
}

// Abort on a hull-strain alarm: the log is sealed, nothing more is recorded.
void strainAlarm(DiveRecorder &rec, const Sample &atAlarm, double limitMicro) {
  if (atAlarm.strainMicro < limitMicro) {
    rec.record(atAlarm);
    return;
  }
  rec.record(atAlarm);
  rec.close();
  rec.resume(); // OK
  if (!rec.isClosed())
    rec.record(Sample{atAlarm.tMs + 1, atAlarm.depthM, 0.0}); // OK
}

void diveProfile(const std::string &dir, const std::vector<Sample> &descent,
                 const std::vector<Sample> &ballast) {
  DiveRecorder rec(dir + "/dive-001.csv");
  for (const Sample &s : descent)
    rec.record(s);
  ballastDrop(rec, ballast);
  rec.close();
  rec.close(); // OK
}
