// Snorkelling trip logbook: the surface log is the group's own class. pause()
// stops recording while the group is on the boat and resume() restarts it,
// but resume() returns early once the log has been closed, so it never
// reopens it; record() throws on a closed log, and close() refuses to run
// twice (it throws). The GPS float's close() is idempotent: a second call
// just returns.
#include <stdexcept>
#include <string>
#include <vector>

class SurfaceLog {
public:
  void record(const std::string &entry) {
    if (closed_)
      throw std::runtime_error("surface log closed");
    if (!paused_)
      entries_.push_back(entry);
  }
  void pause() { paused_ = true; }
  void resume() {
    if (closed_)
      return;
    paused_ = false;
  }
  void close() {
    if (closed_)
      throw std::logic_error("surface log already closed");
    closed_ = true;
  }
  bool closed() const { return closed_; }

private:
  std::vector<std::string> entries_;
  bool paused_ = false;
  bool closed_ = false;
};

class GpsFloat {
public:
  void mark(double lat, double lon) {
    if (!open_)
      throw std::runtime_error("gps float switched off");
    track_.push_back(lat);
    track_.push_back(lon);
  }
  void close() {
    if (!open_)
      return;
    open_ = false;
    track_.shrink_to_fit();
  }

private:
  std::vector<double> track_;
  bool open_ = true;
};

void lunchOnTheBoat(SurfaceLog &log, GpsFloat &gps, bool swellRising) {
  log.pause();
  gps.close();
  if (swellRising)
    log.close();
  log.resume();
  log.record("afternoon: reef wall"); // BUG: use-after-close
  gps.close(); // OK: GpsFloat::close is idempotent
}

void morningSwim(SurfaceLog &log, GpsFloat &gps) {
  log.record("morning: seagrass bay");
  gps.mark(-16.52, 145.47);
  log.pause();
  log.resume(); // OK: the log was only paused
  log.record("turtle at 4 m"); // OK: still open
}

void headHome(SurfaceLog &log, GpsFloat &gps, bool sawJellyfish) {
  if (sawJellyfish) {
    log.record("jellyfish warning, trip ended");
    log.close();
  }
  gps.close();
  gps.close(); // OK: idempotent close
  if (!log.closed())
    log.close(); // OK: checked first
}

void stormCalled(SurfaceLog &log, GpsFloat &gps, bool groupBackAboard) {
  if (groupBackAboard)
    log.close();
  gps.close();
  log.close(); // BUG: double-close
}
