// Bell foundry pour recording. Casting a bell is logged record by record to
// a pour log (a file descriptor) while the furnace controller is driven over
// a net::Connection. The helpers close what they were given on their error
// path: writeRecord() closes the log and returns -1, armFurnace() closes the
// controller session and returns false, abortPour() closes the log and throws.
// Every caller stops using the object as soon as a helper reports failure,
// so nothing is written to a closed log or sent on a closed session.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

#include "netconn.h"

struct PourAborted : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Pour {
  std::string bell;
  double bronzeKg = 0.0;
  double metalC = 0.0;
  std::vector<double> mouldTempsC;
};

static int writeRecord(int fd, const std::string &rec) {
  std::string line = rec + "\n";
  if (::write(fd, line.data(), line.size()) != static_cast<ssize_t>(line.size())) {
    ::close(fd);
    return -1;
  }
  return 0;
}

[[noreturn]] static void abortPour(int fd, const std::string &why) {
  std::string line = "ABORT " + why + "\n";
  ::write(fd, line.data(), line.size());
  ::close(fd);
  throw PourAborted(why);
}

static bool armFurnace(net::Connection &furnace, double targetC) {
  if (targetC < 1050.0 || targetC > 1200.0) {
    furnace.send("DISARM");
    furnace.close();
    return false;
  }
  furnace.send("ARM " + std::to_string(targetC));
  return true;
}

int logMould(int fd, const Pour &pour) {
  for (double c : pour.mouldTempsC) {
    int rc = writeRecord(fd, "MOULD " + std::to_string(c));
    switch (rc) {
    case 0:
      break;
    default:
      return rc;
    }
  }
  return writeRecord(fd, "MOULD READY " + pour.bell); // OK
}

int castBell(const char *logPath, net::Connection &furnace, const Pour &pour) {
  int fd = ::open(logPath, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return -errno;
  if (writeRecord(fd, "POUR " + pour.bell) < 0)
    return -EIO;
  if (logMould(fd, pour) < 0)
    return -EIO;
  if (!armFurnace(furnace, pour.metalC)) {
    if (writeRecord(fd, "FURNACE REFUSED") == 0)
      ::close(fd); // OK
    return -EINVAL;
  }
  furnace.send("TAP " + std::to_string(pour.bronzeKg)); // OK
  if (pour.metalC < 1100.0)
    abortPour(fd, "metal too cold for " + pour.bell);
  if (writeRecord(fd, "TAPPED " + std::to_string(pour.bronzeKg)) < 0) // OK
    return -EIO;
  furnace.flush(); // OK
  ::fsync(fd); // OK
  ::close(fd);
  return 0;
}

int castPeal(const char *logPath, net::Connection &furnace,
             const std::vector<Pour> &peal) {
  int cast = 0;
  for (const Pour &pour : peal) {
    try {
      if (castBell(logPath, furnace, pour) != 0)
        break;
    } catch (const PourAborted &e) {
      std::fprintf(stderr, "%s: %s\n", pour.bell.c_str(), e.what());
      continue;
    }
    ++cast;
  }
  return cast;
}
