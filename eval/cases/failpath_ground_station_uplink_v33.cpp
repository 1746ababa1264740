// Satellite ground station pass handling. negotiate() returns a LinkStatus and
// closes the uplink session only on its Rejected path; passStart() handles only
// the Timeout status and then sends a telecommand on the session that a
// rejection already closed. requireRanging() closes and throws on a bad range,
// and the catch in rangingPass() sends the abort on the closed session.
// ensureCarrier() closes and calls a [[noreturn]] helper, so its callers are safe.
#include <stdexcept>
#include <string>
#include <vector>

class UplinkSession {
public:
  explicit UplinkSession(int antenna) : antenna_(antenna) {}
  bool handshake(int spacecraftId);
  bool carrierLocked() const { return lockDb_ > 6.0; }
  double rangeKm() const { return rangeKm_; }
  void telecommand(const std::string &tc);
  void close();

private:
  enum class State { Idle, Open, Closed };
  int antenna_;
  State state_ = State::Idle;
  double lockDb_ = 9.5;
  double rangeKm_ = 1450.0;
  std::vector<std::string> sent_;
};

bool UplinkSession::handshake(int spacecraftId) {
  if (state_ == State::Closed)
    return false;
  state_ = State::Open;
  return spacecraftId != 0;
}

void UplinkSession::telecommand(const std::string &tc) {
  if (state_ == State::Closed)
    throw std::runtime_error("antenna " + std::to_string(antenna_) + ": uplink session closed");
  sent_.push_back(tc);
}

void UplinkSession::close() {
  if (state_ == State::Closed)
    throw std::runtime_error("uplink session closed twice");
  state_ = State::Closed;
}

enum class LinkStatus { Ok, Rejected, Timeout };

LinkStatus negotiate(UplinkSession &s, int spacecraftId, int waitedSeconds) {
  if (waitedSeconds > 30)
    return LinkStatus::Timeout;
  if (!s.handshake(spacecraftId)) {
    s.close();
    return LinkStatus::Rejected;
  }
  return LinkStatus::Ok;
}

[[noreturn]] void abortPass(const std::string &why) {
  throw std::runtime_error("pass aborted: " + why);
}

void ensureCarrier(UplinkSession &s) {
  if (!s.carrierLocked()) {
    s.close();
    abortPass("carrier lost");
  }
}

void requireRanging(UplinkSession &s, double predictedKm) {
  if (s.rangeKm() - predictedKm > 5.0 || predictedKm - s.rangeKm() > 5.0) {
    s.close();
    throw std::runtime_error("range residual too large");
  }
}

class GroundStation {
public:
  void passStart(UplinkSession &session, int spacecraftId, int waited);
  void checkedPass(UplinkSession &session, int spacecraftId);
  void rangingPass(UplinkSession &session, double predictedKm);
};

void GroundStation::passStart(UplinkSession &session, int spacecraftId, int waited) {
  const LinkStatus st = negotiate(session, spacecraftId, waited);
  if (st == LinkStatus::Timeout)
    return;
  session.telecommand("SAFE-MODE-EXIT"); // BUG: use-after-close
}

void GroundStation::checkedPass(UplinkSession &session, int spacecraftId) {
  if (negotiate(session, spacecraftId, 0) != LinkStatus::Ok)
    return;
  ensureCarrier(session);
  session.telecommand("DUMP-HK"); // OK: ensureCarrier() closes only before a [[noreturn]] call
  session.telecommand("SET-TIME"); // OK: still the open session
}

void GroundStation::rangingPass(UplinkSession &session, double predictedKm) {
  try {
    requireRanging(session, predictedKm);
    session.telecommand("RANGE-TONE-ON"); // OK: requireRanging() threw if it closed
  } catch (const std::runtime_error &) {
    session.telecommand("ABORT-PASS"); // BUG: use-after-close
  }
}

int main() {
  GroundStation svalbard;
  UplinkSession dish1(1);
  svalbard.checkedPass(dish1, 43013);
  UplinkSession dish2(2);
  svalbard.rangingPass(dish2, 1600.0);
  UplinkSession dish3(3);
  svalbard.passStart(dish3, 0, 5);
  return 0;
}
