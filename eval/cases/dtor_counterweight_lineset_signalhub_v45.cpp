// Fly-floor telemetry for a counterweight line-set system. A CueSignalHub keeps
// raw observer pointers and fans every line-set move out to them. The arbor
// position recorder appends each move to a log descriptor; the load-rail alarm
// writes over-travel warnings to a FILE* and detaches itself from the hub before
// it closes (its destructor does the same); a HubTap token detaches a scratch
// recorder when a rehearsal pass goes out of scope. At the end of the show the
// console retires the arbor recorder and parks every flown set.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <map>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

struct LineSetMove {
  int lineSet;
  int fromMm;
  int toMm;
};

class LineSetObserver {
public:
  virtual ~LineSetObserver() = default;
  virtual void onMove(const LineSetMove &move) = 0;
};

class CueSignalHub {
public:
  void attach(LineSetObserver *o) { observers_.push_back(o); }
  void detach(LineSetObserver *o) {
    observers_.erase(std::remove(observers_.begin(), observers_.end(), o), observers_.end());
  }
  void fire(const LineSetMove &move) {
    for (LineSetObserver *o : observers_)
      o->onMove(move);
  }

private:
  std::vector<LineSetObserver *> observers_;
};

// Detaches an observer from the hub when the owning scope ends.
class HubTap {
public:
  HubTap(CueSignalHub &hub, LineSetObserver *o) : hub_(hub), o_(o) { hub_.attach(o_); }
  ~HubTap() { hub_.detach(o_); }
  HubTap(const HubTap &) = delete;
  HubTap &operator=(const HubTap &) = delete;

private:
  CueSignalHub &hub_;
  LineSetObserver *o_;
};

class ArborPositionRecorder : public LineSetObserver {
public:
  explicit ArborPositionRecorder(const std::string &path)
      : fd_(::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644)) {
    if (fd_ < 0)
      throw std::runtime_error("cannot open arbor log " + path);
  }
  ~ArborPositionRecorder() override { if (!retired_) ::close(fd_); }
  void onMove(const LineSetMove &move) override {
    char line[96];
    int n = std::snprintf(line, sizeof line, "set %d %d->%d\n", move.lineSet, move.fromMm, move.toMm);
    if (::write(fd_, line, static_cast<size_t>(n)) != n) // SAME: arbor-park
      throw std::runtime_error("arbor log write failed");
  }
  // Flushes and closes the log before the night's backup job copies it.
  void retire() {
    ::fsync(fd_);
    ::close(fd_);
    retired_ = true;
  }

private:
  int fd_;
  bool retired_ = false;
};

class LoadRailAlarm : public LineSetObserver {
public:
  LoadRailAlarm(CueSignalHub &hub, const std::string &path)
      : hub_(hub), out_(std::fopen(path.c_str(), "a")) {
    if (!out_)
      throw std::runtime_error("cannot open load-rail log " + path);
    hub_.attach(this);
  }
  ~LoadRailAlarm() override { shutdown(); } // OK
  void onMove(const LineSetMove &move) override {
    if (std::abs(move.toMm - move.fromMm) > kMaxTravelMm)
      std::fprintf(out_, "over-travel on set %d\n", move.lineSet);
  }
  void shutdown() {
    if (!out_)
      return;
    hub_.detach(this);
    std::fclose(out_);
    out_ = nullptr;
  }

private:
  static constexpr int kMaxTravelMm = 9000;
  CueSignalHub &hub_;
  FILE *out_;
};

class FlyFloorConsole {
public:
  explicit FlyFloorConsole(const std::string &dir)
      : dir_(dir), arbor_(dir + "/arbor.log"), alarm_(hub_, dir + "/loadrail.log") {
    hub_.attach(&arbor_);
  }

  void runCue(int lineSet, int toMm) {
    int &at = heightMm_[lineSet];
    hub_.fire({lineSet, at, toMm});
    at = toMm;
  }

  void rehearsalPass(int lineSet, int trimMm) {
    {
      ArborPositionRecorder scratch(dir_ + "/rehearsal.log");
      HubTap tap(hub_, &scratch);
      hub_.fire({lineSet, 0, trimMm});
    }
    hub_.fire({lineSet, trimMm, 0}); // OK
  }

  void strikeLoadRail() {
    alarm_.shutdown();
    runCue(12, 0); // OK
  }

  void endOfShow() {
    arbor_.retire();
    for (auto &entry : heightMm_) {
      if (entry.second != 0)
        hub_.fire({entry.first, entry.second, 0}); // BUG: use-after-close #arbor-park
    }
  }

private:
  std::string dir_;
  CueSignalHub hub_;
  ArborPositionRecorder arbor_;
  LoadRailAlarm alarm_;
  std::map<int, int> heightMm_;
};

int main() {
  FlyFloorConsole console("/var/log/fly-floor");
  console.runCue(7, 4200);
  console.rehearsalPass(9, 3100);
  console.strikeLoadRail();
  console.endOfShow();
}
