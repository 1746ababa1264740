// Theatre lighting: the followspot operators and the prompter's desk get their cue lights through
// CueLightLink, one link per position. The cue loops close a link from inside the loop, but each
// close runs once: on the last cue only, right before a break or return, behind std::call_once or
// an std::exchange'd "armed" flag, or on a link created fresh in that same iteration. Correct as
// written: no link is signalled after its close and none is closed twice.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class CueLightLink {
 public:
  explicit CueLightLink(const std::string& dev) : fd_(::open(dev.c_str(), O_WRONLY)) {
    if (fd_ < 0) throw std::runtime_error("cue light: cannot open " + dev);
  }
  ~CueLightLink() {
    if (fd_ >= 0) ::close(fd_);
  }
  CueLightLink(const CueLightLink&) = delete;
  CueLightLink& operator=(const CueLightLink&) = delete;

  void signal(int cue) {
    if (fd_ < 0) throw std::runtime_error("cue light link closed");
    char buf[16];
    int n = std::snprintf(buf, sizeof buf, "Q%d\n", cue);
    if (::write(fd_, buf, static_cast<size_t>(n)) != n) throw std::runtime_error("cue light: write failed");
  }
  void close() {
    if (fd_ < 0) throw std::runtime_error("cue light link already closed");
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

void run_act(CueLightLink& spot, const std::vector<int>& cues) {
  for (size_t i = 0; i < cues.size(); ++i) {
    spot.signal(cues[i]);  // OK: the close below runs after the last signal only
    if (i + 1 == cues.size()) spot.close();  // OK: last iteration only
  }
}

void limelight_fade(CueLightLink& lime, const std::vector<int>& cues, int blackout_cue) {
  for (int cue : cues) {
    if (cue == blackout_cue) {
      lime.close();  // OK: followed by break
      break;
    }
    lime.signal(cue);  // OK: the close path has left the loop
  }
}

bool prompter_standby(CueLightLink& desk, const std::vector<int>& cues) {
  for (int cue : cues) {
    if (cue < 0) {
      desk.close();  // OK: followed by return
      return false;
    }
    desk.signal(cue);  // OK
  }
  return true;
}

class InterventionDesk {
 public:
  explicit InterventionDesk(const std::string& dev) : link_(dev) {}
  void on_cue(int cue, bool curtain_down) {
    if (curtain_down) {
      std::call_once(closed_once_, [this] { link_.close(); });  // OK: call_once
      curtain_ = true;
      return;
    }
    if (!curtain_) link_.signal(cue);  // OK: curtain_ is set together with the close
  }

 private:
  CueLightLink link_;
  std::once_flag closed_once_;
  bool curtain_ = false;
};

void curtain_calls(CueLightLink& spot, const std::vector<int>& bows) {
  bool armed = true;
  for (int bow : bows) {
    if (armed) spot.signal(bow);  // OK: armed is cleared when the link closes
    if (bow == 0 && std::exchange(armed, false)) spot.close();  // OK: exchange lets this run once
  }
  if (armed) spot.close();  // OK: only when the loop never closed it
}

void rig_check(const std::vector<std::string>& positions) {
  for (const std::string& dev : positions) {
    CueLightLink probe(dev);
    probe.signal(0);  // OK
    probe.close();  // OK: a fresh link each iteration
  }
}
