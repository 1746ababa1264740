// Wax museum exhibit upkeep. Figures are inspected hall by hall for heat
// sag; the results go into an exhibit CSV, the visitor counts of each hall
// are appended to a counts file, and alerts go to the facilities channel.
#include "messaging.h"

#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

namespace waxworks {

struct Figure {
  std::string name;
  std::string hall;
  double sagMm = 0;
};

struct HallCount {
  std::string hall;
  int visitors = 0;
  bool overheated = false;
};

void exportInspection(const std::vector<Figure> &figures, const char *path) {
  FILE *out = std::fopen(path, "w");
  if (!out)
    return;
  for (std::size_t i = 0; i < figures.size(); ++i) {
    const Figure &f = figures[i];
    std::fprintf(out, "%s,%s,%.1f\n", f.name.c_str(), f.hall.c_str(), f.sagMm); // OK
    if (i + 1 == figures.size())
      std::fclose(out); // OK
  }
}

void appendCounts(const std::vector<HallCount> &halls, const char *path) {
  int fd = ::open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return;
  for (const HallCount &h : halls) {
    std::string line = h.hall + " " + std::to_string(h.visitors) + "\n";
    ::write(fd, line.data(), line.size()); // BUG: use-after-close
    ::close(fd); // BUG: double-close
  }
}

void alertFacilities(EventChannel &facilities, const std::vector<HallCount> &halls) {
  for (const HallCount &h : halls) {
    if (h.overheated) {
      facilities.send("evacuate figures from " + h.hall);
      facilities.close();
      break;
    }
    facilities.send("hall ok: " + h.hall); // OK
  }
}

void reportSag(kafka::KafkaProducer &sag, const std::vector<Figure> &figures, double limit) {
  bool closed = false;
  for (const Figure &f : figures) {
    if (closed)
      continue;
    sag.send({"museum.sag", f.name}); // OK
    if (f.sagMm > limit) {
      sag.close(); // OK
      closed = true;
    }
  }
}

} // namespace waxworks
