// Evaporator probes of a maple sugarhouse. The sap evaporator's brix probe is
// read through ProbeSession, whose close() returns EINTR when the serial
// line was interrupted mid-handshake (the session is still open and close()
// may be called again), EBUSY while a reading is in flight (same), 0 once the
// session is closed; calling it on a closed session throws. Every retry
// below happens only after close() reported EINTR or EBUSY, each loop stops
// at the first 0, and the boil log is closed once after the retries, so no
// session or file is closed twice.
#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <string>

class ProbeSession {
public:
  explicit ProbeSession(std::string port) : port_(std::move(port)) {}

  double brix() {
    if (closed_)
      throw std::runtime_error("probe session closed: " + port_);
    inFlight_ = true;
    double v = 66.2 + 0.1 * (reads_++ % 5);
    inFlight_ = false;
    return v;
  }

  int close() {
    if (closed_)
      throw std::logic_error("probe session " + port_ + " already closed");
    if (inFlight_)
      return EBUSY;
    if (lineGlitch_) {
      lineGlitch_ = false;
      return EINTR;
    }
    closed_ = true;
    return 0;
  }

  void markGlitch() { lineGlitch_ = true; }

private:
  std::string port_;
  int reads_ = 0;
  bool inFlight_ = false;
  bool lineGlitch_ = false;
  bool closed_ = false;
};

int closeProbe(ProbeSession &probe) {
  int rc;
  int tries = 0;
  do {
    rc = probe.close(); // OK
  } while ((rc == EINTR || rc == EBUSY) && ++tries < 5);
  return rc;
}

bool drawOff(ProbeSession &probe, std::FILE *boilLog, double targetBrix) {
  double b = probe.brix();
  std::fprintf(boilLog, "brix %.1f\n", b);
  if (b < targetBrix)
    return false;
  int rc = probe.close();
  if (rc == EINTR)
    rc = probe.close(); // OK
  std::fprintf(boilLog, "draw-off at %.1f, probe close rc=%d\n", b, rc); // OK
  return rc == 0;
}

void endOfBoil(const char *logPath, ProbeSession &front, ProbeSession &flue) {
  std::FILE *boilLog = std::fopen(logPath, "a");
  if (!boilLog)
    return;
  std::fprintf(boilLog, "front pan %.1f, flue pan %.1f\n", front.brix(), flue.brix());
  int rcFront = closeProbe(front);
  int rcFlue = closeProbe(flue);
  for (int i = 0; i < 3 && rcFlue == EBUSY; ++i)
    rcFlue = flue.close(); // OK
  std::fprintf(boilLog, "probes closed: %d %d\n", rcFront, rcFlue); // OK
  std::fclose(boilLog); // OK
}
