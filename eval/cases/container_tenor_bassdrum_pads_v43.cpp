// Pipe-band drum corps practice rig: every drummer plays on a sensor pad
// connected by a serial line (fd). The rig keeps one PadLine per drummer with
// a `live` flag; standing the tenor section down closes their lines and
// clears the flag, after which cues go only to live lines. The bass drum's
// pad is the tempo reference and stays connected until the rig shuts down.
#include <string>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

namespace drumcorps {

enum class Section { Snare, Tenor, Bass };

struct PadLine {
  int fd = -1;
  bool live = false;
  Section section = Section::Snare;
  std::string drummer;
};

static bool sendCue(const PadLine &line, const std::string &cue) {
  const std::string frame = "CUE " + cue + "\r\n";
  return ::write(line.fd, frame.data(), frame.size()) ==
         static_cast<ssize_t>(frame.size());
}

class PadRig {
public:
  ~PadRig() { shutDown(); }

  bool connect(const std::string &drummer, Section section, const std::string &tty) {
    const int fd = ::open(tty.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
      return false;
    lines_.push_back(PadLine{fd, true, section, drummer});
    return true;
  }

  void cueAll(const std::string &cue) {
    for (const PadLine &line : lines_) {
      if (!line.live)
        continue;
      sendCue(line, cue);
    }
  }

  void standDownTenors();
  void resetAll();
  void shutDown();

private:
  std::vector<PadLine> lines_;
};

void PadRig::standDownTenors() {
  for (PadLine &line : lines_) {
    if (line.section != Section::Tenor || !line.live)
      continue;
    sendCue(line, "STAND DOWN");
    ::close(line.fd);
    line.live = false;
  }
  for (const PadLine &line : lines_) {
    if (line.live)
      sendCue(line, "TENORS OUT"); // OK
  }
  for (const PadLine &line : lines_)
    ::tcdrain(line.fd); // BUG: use-after-close
}

void PadRig::resetAll() {
  for (PadLine &line : lines_) {
    ::close(line.fd); // SAME: padreset
    line.fd = -1;
    line.live = false;
  }
}

void PadRig::shutDown() {
  for (PadLine &line : lines_) {
    if (!line.live)
      continue;
    ::close(line.fd); // OK
    line.live = false;
  }
}

void eveningPractice(PadRig &rig) {
  rig.connect("Morrison", Section::Snare, "/dev/ttyUSB0");
  rig.connect("Kerr", Section::Tenor, "/dev/ttyUSB1");
  rig.connect("Lindsay", Section::Tenor, "/dev/ttyUSB2");
  rig.connect("Baird", Section::Bass, "/dev/ttyUSB3");
  rig.cueAll("2/4 MARCH, 84 BPM");
  rig.standDownTenors();
  rig.cueAll("STRATHSPEY"); // OK
  rig.shutDown();
}

void tenorsLeaveEarly(PadRig &rig) {
  rig.cueAll("RETREAT");
  rig.standDownTenors();
  rig.resetAll(); // BUG: double-close #padreset
}

} // namespace drumcorps
