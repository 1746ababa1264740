// Waterjet cutting of marble inlays. The garnet abrasive feeder needs two
// descriptors, the hopper metering motor and the mixing-chamber valve;
// AbrasiveFeeder::open() opens both and, when the second one fails, closes the
// first and returns false. The cutting head's nozzle is primed through
// primeNozzle(), which reports failure through a std::error_code out-parameter
// and closes the nozzle descriptor on that path. fatal() never returns.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <string>
#include <system_error>
#include <unistd.h>

[[noreturn]] void fatal(const char *what) {
  std::fprintf(stderr, "waterjet: %s\n", what);
  std::exit(2);
}

class AbrasiveFeeder {
public:
  ~AbrasiveFeeder() {
    if (open_) {
      ::close(valveFd_);
      ::close(hopperFd_);
    }
  }

  bool open(const char *hopperDev, const char *valveDev) {
    hopperFd_ = ::open(hopperDev, O_RDWR | O_NOCTTY);
    if (hopperFd_ < 0)
      return false;
    valveFd_ = ::open(valveDev, O_RDWR | O_NOCTTY);
    if (valveFd_ < 0) {
      ::close(hopperFd_);
      return false;
    }
    open_ = true;
    return true;
  }

  void dose(int gramsPerMin) {
    char cmd[32];
    int n = std::snprintf(cmd, sizeof cmd, "RATE %d\r", gramsPerMin);
    ::write(hopperFd_, cmd, static_cast<size_t>(n)); // SAME: feeder-unchecked
    ::write(valveFd_, "MIX ON\r", 7);
  }

private:
  int hopperFd_ = -1;
  int valveFd_ = -1;
  bool open_ = false;
};

void primeNozzle(int nozzleFd, std::error_code &ec) {
  if (::write(nozzleFd, "PRIME\r", 6) != 6) {
    ec.assign(errno, std::generic_category());
    ::close(nozzleFd);
    return;
  }
  ec.clear();
}

// Takes over nozzleFd: it is closed on every failure path, left open on success.
bool startInlayCut(AbrasiveFeeder &feeder, int nozzleFd) {
  if (!feeder.open("/dev/ttyHOPPER", "/dev/ttyMIXVALVE")) {
    ::close(nozzleFd);
    return false;
  }
  feeder.dose(350); // OK

  std::error_code ec;
  primeNozzle(nozzleFd, ec);
  if (ec) {
    std::fprintf(stderr, "nozzle prime failed: %s\n", ec.message().c_str());
    return false;
  }
  ::write(nozzleFd, "CUT 4100\r", 9); // OK
  return true;
}

void rerunOffcut(AbrasiveFeeder &feeder, int nozzleFd) {
  feeder.open("/dev/ttyHOPPER", "/dev/ttyMIXVALVE");
  feeder.dose(220); // BUG: use-after-close #feeder-unchecked

  std::error_code ec;
  primeNozzle(nozzleFd, ec);
  if (ec)
    std::fprintf(stderr, "nozzle prime failed: %s\n", ec.message().c_str());
  ::write(nozzleFd, "CUT 900\r", 8); // BUG: use-after-close
  ::close(nozzleFd); // BUG: double-close
}

void purgeLine(int nozzleFd) {
  std::error_code ec;
  primeNozzle(nozzleFd, ec);
  if (ec)
    fatal("purge line could not be primed");
  ::write(nozzleFd, "PURGE\r", 6); // OK
  ::close(nozzleFd); // OK
}

int main() {
  int nozzle = ::open("/dev/ttyNOZZLE", O_RDWR | O_NOCTTY);
  if (nozzle < 0)
    fatal("nozzle controller not reachable");
  AbrasiveFeeder feeder;
  if (startInlayCut(feeder, nozzle))
    ::close(nozzle);

  AbrasiveFeeder offcutFeeder;
  int offcutNozzle = ::open("/dev/ttyNOZZLE", O_RDWR | O_NOCTTY);
  if (offcutNozzle >= 0)
    rerunOffcut(offcutFeeder, offcutNozzle);

  int purge = ::open("/dev/ttyPURGE", O_RDWR | O_NOCTTY);
  if (purge >= 0)
    purgeLine(purge);
}
