// Show control of a musical fountain in a city park. Cue rows (nozzle
// heights, lights) are sent to the pump-and-nozzle controller through a
// NozzleLink (fire() throws once the link is released). The evening show
// releases the link on its final cue; the rehearsal releases it inside the
// loop over the rehearsed pieces.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class NozzleLink {
public:
  explicit NozzleLink(std::string basin) : basin_(std::move(basin)) {}

  void fire(const std::string &cue) {
    if (released_)
      throw std::runtime_error("nozzle link " + basin_ + " released");
    std::printf("[%s] %s\n", basin_.c_str(), cue.c_str());
    ++cues_;
  }

  void release() {
    if (released_)
      throw std::logic_error("nozzle link " + basin_ + " released twice");
    std::printf("[%s] released after %d cues\n", basin_.c_str(), cues_);
    released_ = true;
  }

private:
  std::string basin_;
  int cues_ = 0;
  bool released_ = false;
};

struct Piece {
  std::string title;
  std::vector<std::string> cues;
};

void eveningShow(NozzleLink &link, const std::vector<std::string> &cues) {
  for (std::size_t i = 0; i < cues.size(); ++i) {
    link.fire(cues[i]); // OK
    if (i + 1 == cues.size())
      link.release(); // OK
  }
}

void rehearsal(NozzleLink &link, const std::vector<Piece> &pieces) {
  for (const Piece &p : pieces) {
    link.fire("prime pumps for " + p.title); // BUG: use-after-close
    for (const std::string &cue : p.cues)
      link.fire(cue);
    link.release();
  }
}

void hourlyBurst(NozzleLink &link, int hour) {
  for (int burst = 0; burst < hour; ++burst) {
    link.fire("centre jet 12m"); // OK
    if (burst == 11) {
      link.release();
      break;
    }
  }
}

void weddingBooking(NozzleLink &link, const std::vector<std::string> &cues,
                    int maxCues) {
  bool released = false;
  int fired = 0;
  for (const std::string &cue : cues) {
    if (released)
      continue;
    link.fire(cue); // OK
    if (++fired == maxCues) {
      link.release();
      released = true;
    }
  }
  if (!released)
    link.release(); // OK
}
