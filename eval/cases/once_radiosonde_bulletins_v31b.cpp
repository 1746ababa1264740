// Upper-air weather station: after the twice-daily radiosonde launches the
// station software writes one coded bulletin file for all flights, one raw
// file per flight, and appends a line per flight to the season archive. The
// bulletin is closed in the loop's last iteration; a lost-signal flight ends
// the quality log early; the archive writer closes its file in every
// iteration.
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace radiosonde {

struct Flight {
  std::string id;
  std::string station;
  double burstAltitudeM;
  bool signalLost;
};

void writeBulletin(const std::vector<Flight> &flights, const std::string &path) {
  if (flights.empty())
    return;
  std::FILE *bulletin = std::fopen(path.c_str(), "w");
  if (!bulletin)
    return;
  for (std::size_t i = 0; i < flights.size(); ++i) {
    std::fprintf(bulletin, "TTAA %s %s\n", flights[i].station.c_str(), flights[i].id.c_str()); // OK: closed only after the last flight
    if (i == flights.size() - 1)
      std::fclose(bulletin); // OK
  }
}

void writeRawFiles(const std::vector<Flight> &flights, const std::string &dir) {
  for (const Flight &f : flights) {
    std::FILE *raw = std::fopen((dir + "/" + f.id + ".raw").c_str(), "w");
    if (!raw)
      continue;
    std::fprintf(raw, "burst=%.0f\n", f.burstAltitudeM); // OK: opened in this iteration
    std::fclose(raw); // OK
  }
}

void writeQualityLog(const std::vector<Flight> &flights, std::FILE *quality) {
  for (const Flight &f : flights) {
    std::fprintf(quality, "%s ok\n", f.id.c_str()); // OK: the loop stops at the close
    if (f.signalLost) {
      std::fclose(quality);
      break;
    }
  }
}

void appendToArchive(const std::vector<Flight> &flights, const std::string &path) {
  std::FILE *archive = std::fopen(path.c_str(), "a");
  if (!archive)
    return;
  for (const Flight &f : flights) {
    std::fprintf(archive, "%s %s burst %.0f m\n", f.station.c_str(), f.id.c_str(), f.burstAltitudeM); // BUG: use-after-close
    std::fclose(archive); // BUG: double-close
  }
}

} // namespace radiosonde
