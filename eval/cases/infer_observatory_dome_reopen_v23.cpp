// Observatory: the night-run sequencer drives the dome shutter and rotation
// through a DomeLink.  DomeLink has three states:
//  - Open: command() works.
//  - Suspended (after suspend(), e.g. a wind gust): command() throws;
//    resume() goes back to Open.  resume() from any other state throws.
//  - Closed (after close(), or after parkAndClose(), which parks the dome
//    and closes the link itself): command() throws; reopen() reconnects and
//    goes back to Open.  reopen() from any other state throws.
// close() is idempotent.  This case is correct: every command is issued in
// the Open state, reopen() is only called after a close, resume() only after
// a suspend, and the second close is a documented no-op.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class DomeLink {
public:
  enum class State { Open, Suspended, Closed };

  explicit DomeLink(std::string controller) : controller_(std::move(controller)) {}

  void command(const std::string &cmd) {
    if (state_ != State::Open)
      throw std::runtime_error("dome link not open: " + controller_);
    history_.push_back(cmd);
  }
  void suspend() {
    if (state_ == State::Open)
      state_ = State::Suspended;
  }
  void resume() {
    if (state_ != State::Suspended)
      throw std::logic_error("resume() without suspend()");
    state_ = State::Open;
  }
  void close() { state_ = State::Closed; }
  void reopen() {
    if (state_ != State::Closed)
      throw std::logic_error("reopen() of a link that is not closed");
    history_.push_back("RECONNECT");
    state_ = State::Open;
  }
  void parkAndClose() {
    command("ROTATE 180");
    command("SHUTTER CLOSE");
    close();
  }
  State state() const { return state_; }

private:
  std::string controller_;
  State state_ = State::Open;
  std::vector<std::string> history_;
};

struct Target {
  std::string name;
  double azimuth;
};

class NightRun {
public:
  explicit NightRun(DomeLink &dome) : dome_(dome) {}

  void observe(const std::vector<Target> &targets, double windLimit,
               const std::vector<double> &gusts) {
    dome_.command("SHUTTER OPEN");
    for (size_t i = 0; i < targets.size(); ++i) {
      double gust = i < gusts.size() ? gusts[i] : 0.0;
      if (gust > windLimit) {
        dome_.suspend();
        std::printf("gust %.1f m/s, holding before %s\n", gust, targets[i].name.c_str());
        dome_.resume(); // OK: resume() right after suspend()
      }
      dome_.command("ROTATE " + std::to_string(targets[i].azimuth)); // OK: link is Open here
    }
  }

  // Cloud cover: park and close, then come back when the sky clears.
  void cloudBreak(const Target &next) {
    dome_.parkAndClose();
    std::printf("clouds: dome parked\n");
    dome_.reopen(); // OK: parkAndClose() left the link Closed
    dome_.command("SHUTTER OPEN"); // OK: reopened
    dome_.command("ROTATE " + std::to_string(next.azimuth));
  }

  void dawn() {
    if (dome_.state() == DomeLink::State::Open)
      dome_.parkAndClose();
    dome_.close(); // OK: close() is idempotent
    if (dome_.state() == DomeLink::State::Open)
      dome_.command("STATUS"); // OK: guarded by the state check
  }

private:
  DomeLink &dome_;
};

int main() {
  DomeLink dome("dome-ctl.obs.local");
  NightRun run(dome);
  std::vector<Target> targets{{"M51", 41.0}, {"NGC 7331", 102.5}, {"M27", 233.0}};
  run.observe(targets, 12.0, {4.0, 13.5, 6.0});
  run.cloudBreak({"M13", 275.0});
  run.dawn();
  return 0;
}
