// Hovercraft ferry crossing manifest. Before each crossing the manifest file is
// written (header, vehicles, passengers). The validation helpers close the
// manifest when a check fails: an unsealed manifest aborts the crossing through
// abortCrossing() (alerts the harbour master and exits the process), an
// over-capacity crossing throws ManifestError, and a vehicle with an unreadable
// plate makes writeVehicles() return -1.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace hovercraft {

struct Vehicle {
  std::string plate;
  double lengthM = 0.0;
};

struct Crossing {
  std::string id;
  std::string route;
  std::string sealNumber;
  int passengers = 0;
  int capacity = 0;
  std::vector<Vehicle> vehicles;
};

class ManifestError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

[[noreturn]] void abortCrossing(const std::string &why);
void notifyPurser(const std::string &crossing, const std::string &why);

static void requireSeal(FILE *manifest, const Crossing &c) {
  if (c.sealNumber.empty()) {
    std::fclose(manifest);
    abortCrossing("manifest for " + c.id + " is not sealed");
  }
}

static void checkCapacity(FILE *manifest, const Crossing &c) {
  if (c.passengers > c.capacity) {
    std::fclose(manifest);
    throw ManifestError(c.id + ": " + std::to_string(c.passengers) +
                        " passengers over capacity " +
                        std::to_string(c.capacity));
  }
}

static int writeVehicles(FILE *manifest, const Crossing &c) {
  for (const Vehicle &v : c.vehicles) {
    if (v.plate.empty()) {
      std::fclose(manifest);
      return -1;
    }
    std::fprintf(manifest, "VEH %s %.1f\n", v.plate.c_str(), v.lengthM);
  }
  return 0;
}

int writeManifest(const Crossing &c, const std::string &path) {
  FILE *m = std::fopen(path.c_str(), "w");
  if (!m)
    return -1;
  requireSeal(m, c);
  std::fprintf(m, "CROSSING %s %s SEAL %s\n", c.id.c_str(), c.route.c_str(), // OK
               c.sealNumber.c_str());
  checkCapacity(m, c);
  std::fprintf(m, "PAX %d/%d\n", c.passengers, c.capacity); // OK
  if (writeVehicles(m, c) != 0)
    return -1;
  std::fputs("END\n", m); // OK
  return std::fclose(m) == 0 ? 0 : -1; // OK
}

int writeManifestLenient(const Crossing &c, const std::string &path) {
  FILE *m = std::fopen(path.c_str(), "w");
  if (!m)
    return -1;
  requireSeal(m, c);
  std::fprintf(m, "CROSSING %s %s SEAL %s\n", c.id.c_str(), c.route.c_str(),
               c.sealNumber.c_str());
  try {
    checkCapacity(m, c);
  } catch (const ManifestError &e) {
    notifyPurser(c.id, e.what());
    std::fprintf(m, "# %s\n", e.what()); // BUG: use-after-close
    return -1;
  }
  writeVehicles(m, c);
  std::fputs("END\n", m); // BUG: use-after-close
  return std::fclose(m) == 0 ? 0 : -1; // BUG: double-close
}

} // namespace hovercraft
