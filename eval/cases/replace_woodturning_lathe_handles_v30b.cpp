// Woodturning workshop lathe controller: the spindle log is a FILE* rotated
// for every new blank, the dust extractor's counter is a descriptor reopened
// after each filter change, vibration data goes to the sensor hub over a
// net::Connection that is replaced when the hub restarts, and the finishing
// station keeps a unique_ptr to its dispenser session. Every use that follows
// a close is preceded, on every path that reaches it, by the handle being
// replaced with a freshly opened one (or by a return when reopening failed).
#include "netconn.h"

#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

namespace lathe {

class DispenserSession {
public:
  explicit DispenserSession(std::string finish) : finish_(std::move(finish)) {}
  void dispense(int ml) {
    if (closed_)
      throw std::runtime_error("dispenser session closed (" + finish_ + ")");
    dispensedMl_ += ml;
  }
  void close() { closed_ = true; }

private:
  std::string finish_;
  int dispensedMl_ = 0;
  bool closed_ = false;
};

enum class Finish { Oil, Wax };

struct Blank {
  std::string id;
  std::string species;
  int diameterMm;
};

struct Workshop {
  std::FILE *spindleLog = nullptr;
  int dustFd = -1;
  std::string dustDevice;
  std::string hubEndpoint;
  net::Connection vibration;
  std::unique_ptr<DispenserSession> dispenser;
};

void startBlank(Workshop &w, const Blank &b) {
  if (w.spindleLog)
    std::fclose(w.spindleLog);
  const std::string path = "/var/log/lathe/" + b.id + ".log";
  w.spindleLog = std::fopen(path.c_str(), "w");
  if (!w.spindleLog)
    throw std::runtime_error("cannot open " + path);
  std::fprintf(w.spindleLog, "blank %s %s %dmm\n", b.id.c_str(), b.species.c_str(), b.diameterMm); // OK
}

void afterFilterChange(Workshop &w) {
  ::close(w.dustFd);
  w.dustFd = ::open(w.dustDevice.c_str(), O_RDWR | O_CLOEXEC);
  if (w.dustFd < 0)
    return;
  const char reset[] = "RESET\n";
  if (::write(w.dustFd, reset, sizeof reset - 1) < 0) // OK
    std::perror("dust extractor");
}

void onHubRestart(Workshop &w) {
  w.vibration.close();
  w.vibration = net::Connection(w.hubEndpoint);
  w.vibration.send("hello lathe-3"); // OK
}

void changeFinish(Workshop &w, Finish next) {
  if (w.dispenser)
    w.dispenser->close();
  if (next == Finish::Oil)
    w.dispenser = std::make_unique<DispenserSession>("danish oil");
  else
    w.dispenser = std::make_unique<DispenserSession>("carnauba wax");
  w.dispenser->dispense(2); // OK
}

void endOfDay(Workshop &w) {
  if (w.spindleLog) {
    std::fclose(w.spindleLog);
    w.spindleLog = nullptr;
  }
  if (w.dustFd >= 0) {
    ::close(w.dustFd);
    w.dustFd = -1;
  }
  w.vibration.send("lathe-3 stopped");
  w.vibration.flush();
  w.vibration.close();
}

} // namespace lathe
