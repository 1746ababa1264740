// Audiology clinic: the cochlear implant fitting software talks to the
// patient's sound processor through a FittingSession. Every operation goes
// through ensureOpen(), which throws once the session is closed; close()
// writes the MAP (the per-electrode levels) to the processor and ends the
// session. connect() may open a closed session again for a new appointment.
// The end-of-appointment report measures impedances after the session has
// been closed.
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

namespace audiology {

class FittingSession {
public:
  enum class State { Idle, Streaming, Closed };

  void connect(const std::string &processorSerial) {
    serial_ = processorSerial;
    state_ = State::Streaming;
  }

  void setLevels(int electrode, int threshold, int comfort) {
    ensureOpen("setLevels");
    levels_[electrode] = {threshold, comfort};
  }

  double measureImpedance(int electrode) {
    ensureOpen("measureImpedance");
    return 5.0 + electrode * 0.1;
  }

  void close() {
    if (state_ == State::Closed)
      return;
    burnMap();
    state_ = State::Closed;
  }

  State state() const { return state_; }

private:
  void ensureOpen(const char *op) const {
    if (state_ == State::Closed)
      throw std::runtime_error(std::string("fitting session closed: ") + op);
  }
  void burnMap() {}

  std::string serial_;
  State state_ = State::Idle;
  std::map<int, std::pair<int, int>> levels_;
};

void recordReport(const std::string &line);

void activation(FittingSession &s, const std::string &serial) {
  s.connect(serial);
  for (int e = 1; e <= 22; ++e)
    s.setLevels(e, 100, 180);
  s.close();
  s.close(); // OK: close() returns early when already closed
}

void followUp(FittingSession &s, const std::string &serial) {
  s.connect(serial);
  s.setLevels(12, 110, 190);
  s.close();
  s.connect(serial);
  recordReport("E12 " + std::to_string(s.measureImpedance(12))); // OK: connect() reopened it
  s.close();
}

void impedanceSweep(FittingSession &s) {
  if (s.state() != FittingSession::State::Streaming)
    return;
  for (int e : {1, 11, 22})
    recordReport("E" + std::to_string(e) + " " + std::to_string(s.measureImpedance(e))); // OK: state checked
}

void endAppointment(FittingSession &s, bool sweepFirst) {
  if (sweepFirst)
    impedanceSweep(s);
  s.close();
  impedanceSweep(s); // OK: returns early on a closed session
  recordReport("E1 " + std::to_string(s.measureImpedance(1))); // BUG: use-after-close
}

void tweak(FittingSession &s, int electrode, int comfort) {
  if (s.state() == FittingSession::State::Closed)
    return;
  s.setLevels(electrode, 100, comfort); // OK: returns when closed
}

} // namespace audiology
