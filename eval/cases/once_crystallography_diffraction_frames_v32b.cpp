// Synchrotron beamline, protein crystallography: a data collection rotates
// the crystal through a wedge of frames. The fast shutter's control channel
// is closed on the final frame of the wedge; the per-frame goniometer log is
// meant to be one file per wedge. In the sweep used for the inverse-beam
// strategy the goniometer log is opened once before the loop, but the
// end-of-frame code closes it in every iteration.
#include <cstddef>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace beamline {

class ShutterChannel {
public:
  void pulse(double exposureMs) {
    if (closed_)
      throw std::runtime_error("shutter channel closed");
    lastMs_ = exposureMs;
  }
  void close() { closed_ = true; }

private:
  double lastMs_ = 0;
  bool closed_ = false;
};

struct Frame {
  double phiDeg;
  double exposureMs;
};

void writeLine(int fd, const std::string &line) { ::write(fd, line.data(), line.size()); }

void collectWedge(ShutterChannel &shutter, const std::vector<Frame> &frames, const std::string &logPath) {
  const std::size_t n = frames.size();
  for (std::size_t i = 0; i < n; ++i) {
    shutter.pulse(frames[i].exposureMs); // OK: closed only after the last frame's pulse
    if (i == n - 1)
      shutter.close();
  }
  int fd = ::open(logPath.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return;
  for (std::size_t i = 0; i < n; ++i) {
    writeLine(fd, "phi " + std::to_string(frames[i].phiDeg) + "\n"); // OK: closed after the loop
  }
  ::close(fd);
}

void collectPerFrameLogs(const std::vector<Frame> &frames, const std::string &dir) {
  for (std::size_t i = 0; i < frames.size(); ++i) {
    int fd = ::open((dir + "/frame" + std::to_string(i) + ".log").c_str(), O_WRONLY | O_CREAT, 0644);
    if (fd < 0)
      continue;
    writeLine(fd, "phi " + std::to_string(frames[i].phiDeg) + "\n"); // OK: a fresh descriptor each iteration
    ::close(fd); // OK
  }
}

void inverseBeamSweep(ShutterChannel &shutter, const std::vector<Frame> &frames, const std::string &logPath) {
  int fd = ::open(logPath.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    shutter.pulse(frames[i].exposureMs);
    ::write(fd, "frame\n", 6); // BUG: use-after-close
    ::close(fd); // BUG: double-close
  }
  shutter.close();
}

} // namespace beamline
