// Circus trapeze rigging: the load cells on each rigging point are sampled
// during every act, and the peak loads are written to the rigging log
// descriptor (one line per act) so the rigger can sign the show off. The
// ring's event channel carries overload alarms to the ringmaster's desk.
#include "messaging.h"

#include <cstddef>
#include <cstdio>
#include <string>
#include <unistd.h>
#include <vector>

namespace rigging {

struct Act {
  std::string name;
  std::string point;
  double peakKg;
  double ratedKg;
};

std::string formatAct(const Act &a) {
  return a.name + "," + a.point + "," + std::to_string(a.peakKg) + "," + std::to_string(a.ratedKg) + "\n";
}

void writeShowLog(int fd, const std::vector<Act> &acts) {
  for (std::size_t i = 0; i < acts.size(); ++i) {
    const std::string line = formatAct(acts[i]);
    if (::write(fd, line.data(), line.size()) < 0) // OK
      std::perror("rigging log");
    if (i + 1 == acts.size()) {
      ::fsync(fd);
      ::close(fd); // OK
    }
  }
}

void writeRehearsalLog(int fd, const std::vector<Act> &acts) {
  for (const Act &a : acts) {
    const std::string line = "rehearsal," + formatAct(a);
    if (::write(fd, line.data(), line.size()) < 0) // BUG: use-after-close
      std::perror("rehearsal log");
    ::close(fd); // BUG: double-close
  }
}

void watchOverloads(EventChannel &ring, const std::vector<Act> &acts) {
  for (const Act &a : acts) {
    if (a.peakKg <= a.ratedKg)
      continue;
    ring.send("OVERLOAD " + a.point + " during " + a.name); // OK
    if (a.peakKg > 1.5 * a.ratedKg) {
      ring.send("STOP SHOW"); // OK
      ring.close();
      break;
    }
  }
}

} // namespace rigging
