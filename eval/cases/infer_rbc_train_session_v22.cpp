// Railway radio block centre (RBC): one RbcSession per train carries movement
// authorities over a safety link. RbcSession semantics, implemented below:
// - send() throws std::runtime_error once the session is closed;
// - close() throws std::logic_error when the session is already closed
//   (a second disconnect is a protocol violation the RBC must not emit);
// - endOfMission() sends the final telegram and closes the session itself;
// - reopen() is only legal from the Closed state and throws otherwise.
// Defects: the handover path calls endOfMission() and then close(); the
// shunting path sends a movement authority after endOfMission().
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace rbc {

enum class SessionState { Idle, Open, Closed };

class RbcSession {
public:
  explicit RbcSession(unsigned trainId) : trainId_(trainId) {}

  void open() {
    if (state_ != SessionState::Idle)
      throw std::logic_error("session already opened");
    state_ = SessionState::Open;
  }

  void send(const std::string &telegram) {
    if (state_ != SessionState::Open)
      throw std::runtime_error("rbc session closed");
    log_.push_back(telegram);
  }

  void close() {
    if (state_ == SessionState::Closed)
      throw std::logic_error("rbc session closed twice");
    state_ = SessionState::Closed;
  }

  void endOfMission() {
    send("M156 TERMINATION " + std::to_string(trainId_));
    close();
  }

  void reopen() {
    if (state_ != SessionState::Closed)
      throw std::logic_error("reopen requires a closed session");
    state_ = SessionState::Open;
  }

  SessionState state() const { return state_; }

private:
  unsigned trainId_;
  SessionState state_ = SessionState::Idle;
  std::vector<std::string> log_;
};

class RadioBlockCentre {
public:
  RbcSession &admit(unsigned trainId) {
    auto &slot = sessions_[trainId];
    if (!slot)
      slot = std::make_unique<RbcSession>(trainId);
    if (slot->state() == SessionState::Idle)
      slot->open();
    return *slot;
  }

  void grantAuthority(unsigned trainId, unsigned endKm) {
    RbcSession &s = admit(trainId);
    s.send("M3 MA end=" + std::to_string(endKm));
  }

  // Train leaves our area: hand it to the neighbouring RBC.
  void handover(unsigned trainId, const std::string &neighbour) {
    RbcSession &s = admit(trainId);
    s.send("M201 HANDOVER to=" + neighbour);
    s.endOfMission();
    s.close(); // BUG: double-close
  }

  // Train reverses into the depot: the mission ends, then the shunting
  // authority is sent on the same session.
  void startShunting(unsigned trainId) {
    RbcSession &s = admit(trainId);
    s.endOfMission();
    s.send("M2 SH authorised"); // BUG: use-after-close
  }

  // Train returns after a driver change: a new mission on the same session.
  void resumeMission(unsigned trainId, unsigned endKm) {
    RbcSession &s = admit(trainId);
    s.endOfMission();
    s.reopen();
    s.send("M3 MA end=" + std::to_string(endKm)); // OK: reopen() moved it back to Open
    s.close(); // OK: the first close since reopen()
  }

  void emergencyStopAll() {
    for (auto &entry : sessions_)
      if (entry.second->state() == SessionState::Open)
        entry.second->send("M15 CONDITIONAL EMERGENCY STOP"); // OK: only open sessions
  }

  void closeAll() {
    for (auto &entry : sessions_)
      if (entry.second->state() != SessionState::Closed)
        entry.second->close(); // OK: sessions closed earlier are skipped
  }

private:
  std::map<unsigned, std::unique_ptr<RbcSession>> sessions_;
};

} // namespace rbc

void morningTimetable(rbc::RadioBlockCentre &centre) {
  centre.grantAuthority(9041, 120);
  centre.grantAuthority(9043, 88);
  centre.resumeMission(9043, 140);
  centre.emergencyStopAll();
  centre.handover(9041, "RBC-NORTH");
  centre.startShunting(9047);
  centre.closeAll();
}
