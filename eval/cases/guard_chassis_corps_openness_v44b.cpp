// Chassis press of an enfleurage workshop: the press that spreads the corps
// (the purified fat) on the glass of each chassis. ChassisPress wraps the
// press controller's descriptor and a State enum (Idle, Pressing, Closed);
// ensureOpen() throws std::runtime_error("chassis press closed") and every use
// method calls it first. Callers guard in the usual shapes: a switch on
// state(), ensureOpen() before a multi-step batch, a ternary on isOpen().
// Bug: endOfDay() falls through from the Pressing case, which closes the
// press, into the Idle case, which logs the idle time on it.
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace enfleurage {

enum class PressState { Idle, Pressing, Closed };

class ChassisPress {
public:
  explicit ChassisPress(const char *controller)
      : fd_(::open(controller, O_RDWR | O_CLOEXEC)) {
    if (fd_ < 0)
      state_ = PressState::Closed;
  }
  ~ChassisPress() { close(); }
  ChassisPress(const ChassisPress &) = delete;
  ChassisPress &operator=(const ChassisPress &) = delete;

  PressState state() const { return state_; }
  bool isOpen() const { return state_ != PressState::Closed; }
  void ensureOpen() const {
    if (state_ == PressState::Closed)
      throw std::runtime_error("chassis press closed");
  }

  void load(const std::string &chassisId) {
    ensureOpen();
    send("LOAD " + chassisId);
    state_ = PressState::Pressing;
  }
  void release() {
    ensureOpen();
    send("RELEASE");
    state_ = PressState::Idle;
  }
  void annotate(const std::string &note) {
    ensureOpen();
    send("NOTE " + note);
  }
  void logIdle(int minutes) {
    ensureOpen();
    send("IDLE " + std::to_string(minutes));
  }
  void close() {
    if (state_ == PressState::Closed)
      return;
    ::close(fd_);
    fd_ = -1;
    state_ = PressState::Closed;
  }

private:
  void send(const std::string &line) {
    std::string framed = line + "\n";
    ssize_t n = fd_ >= 0 ? ::write(fd_, framed.data(), framed.size()) : -1; // OK: ternary guard on the descriptor
    if (n != static_cast<ssize_t>(framed.size()))
      throw std::runtime_error("chassis press write failed");
  }

  int fd_;
  PressState state_ = PressState::Idle;
};

void advance(ChassisPress &press, const std::string &nextChassis, bool cleaningDue) {
  if (cleaningDue)
    press.close();
  switch (press.state()) {
  case PressState::Closed:
    return;
  case PressState::Pressing:
    press.release(); // OK: the Closed case returned
    press.load(nextChassis);
    break;
  case PressState::Idle:
    press.load(nextChassis); // OK: the Closed case returned
    break;
  }
}

void pressBatch(ChassisPress &press, const std::vector<std::string> &chassis,
                bool cleaningDue) {
  if (cleaningDue)
    press.close();
  press.ensureOpen();
  for (const std::string &id : chassis) {
    press.load(id); // OK: ensureOpen() threw above if the press was closed
    press.release();
  }
}

void journalNote(FILE *journal, const std::string &note) {
  std::fprintf(journal, "%s\n", note.c_str());
}

void finishCharge(ChassisPress &press, FILE *journal, const std::string &note,
                  bool flagged) {
  if (flagged)
    press.close();
  press.isOpen() ? press.annotate(note) : journalNote(journal, note); // OK: ternary on isOpen()
}

void endOfDay(ChassisPress &press, int idleMinutes) {
  switch (press.state()) {
  case PressState::Pressing:
    press.release();
    press.close();
  case PressState::Idle:
    press.logIdle(idleMinutes); // BUG: use-after-close
    break;
  case PressState::Closed:
    break;
  }
}

} // namespace enfleurage
