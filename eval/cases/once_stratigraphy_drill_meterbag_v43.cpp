// Ice-core stratigraphy: at the end of a drill shift every metre-bag of core
// is logged (depth, visible layers, ash bands) to the shift's stratigraphy
// file (FILE*), and the depth counter of the old winch encoder (fd) is
// handed over to the new one (on the first bag of the shift, or where the
// first ash band shows, for the older drill). Logging stops at
// the brittle-ice zone, whose bags are logged later, in the cold room.
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace stratigraphy {

struct MeterBag {
  int number = 0;
  double topMetres = 0.0;
  int visibleLayers = 0;
  bool ashBand = false;
};

constexpr double kBrittleZoneTop = 650.0;

void logShift(const std::string &path, const std::vector<MeterBag> &bags) {
  FILE *strat = std::fopen(path.c_str(), "a");
  if (!strat)
    return;
  for (const MeterBag &bag : bags) {
    if (bag.topMetres >= kBrittleZoneTop) {
      std::fprintf(strat, "# brittle zone from bag %d\n", bag.number);
      std::fclose(strat); // OK
      strat = nullptr;
      break;
    }
    std::fprintf(strat, "%d %.2f layers=%d%s\n", bag.number, bag.topMetres,
                 bag.visibleLayers, bag.ashBand ? " ASH" : "");
  }
  if (strat)
    std::fclose(strat); // OK
}

void logAshBands(const std::string &path, const std::vector<MeterBag> &bags) {
  FILE *ash = std::fopen(path.c_str(), "a");
  if (!ash)
    return;
  for (const MeterBag &bag : bags) {
    if (!bag.ashBand)
      continue;
    std::fprintf(ash, "ash band in bag %d at %.2f m\n", bag.number, bag.topMetres); // BUG: use-after-close
    std::fclose(ash); // BUG: double-close
  }
}

static bool sendCounter(int fd, double metres) {
  const std::string line = "SET " + std::to_string(metres) + "\n";
  return ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
}

void handOverEncoder(int oldEncoder, int newEncoder, const std::vector<MeterBag> &bags) {
  for (std::size_t i = 0; i < bags.size(); ++i) {
    if (i == 0) {
      sendCounter(newEncoder, bags[i].topMetres);
      ::close(oldEncoder); // OK
    }
    sendCounter(newEncoder, bags[i].topMetres + 1.0);
  }
}

void switchEncoderAtAsh(int oldEncoder, int newEncoder, const std::vector<MeterBag> &bags) {
  bool onNew = false;
  for (const MeterBag &bag : bags) {
    sendCounter(onNew ? newEncoder : oldEncoder, bag.topMetres);
    if (bag.ashBand) {
      ::close(oldEncoder); // BUG: double-close
      onNew = true;
    }
  }
  if (!onNew)
    ::close(oldEncoder);
}

} // namespace stratigraphy
