// A class whose close is named by its domain (`decommission()`) and whose
// closed state is too (`Decommissioned`): what its code does says it is a
// close, not the names. Where it sets that state it lets go of the socket it
// holds (`::close(std::exchange(sock_, -1))`), and its uses refuse to work
// there by returning an error. A call after it whose error is dropped is a
// use after close; one made after checking the state is not. A state that
// no close sets while letting go of a resource (`Cooling`) is no close.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
// RUN: %errlint --list-protocols %s -- %cxxflags | FileCheck %s --check-prefix=PROTO
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

enum class PressStatus { Ok, Fault, Decommissioned };
enum class PressState { Ready, Decommissioned };

// PROTO: LiningPress: closed when 'state_' is Decommissioned
// PROTO-NOT: KilnPanel
class LiningPress {
public:
  explicit LiningPress(int sock) : sock_(sock) {}
  PressStatus setTemperature(int c) {
    if (state_ == PressState::Decommissioned)
      return PressStatus::Decommissioned;
    return command("TEMP " + std::to_string(c));
  }
  PressStatus decommission() {
    if (state_ == PressState::Decommissioned)
      return PressStatus::Decommissioned;
    ::close(std::exchange(sock_, -1));
    state_ = PressState::Decommissioned;
    return PressStatus::Ok;
  }
  PressState state() const { return state_; }

private:
  PressStatus command(const std::string &line) {
    return ::send(sock_, line.data(), line.size(), 0) < 0 ? PressStatus::Fault
                                                           : PressStatus::Ok;
  }
  int sock_;
  PressState state_ = PressState::Ready;
};

enum class PanelState { Idle, Cooling };

class KilnPanel {
public:
  PressStatus fire(int c) {
    if (state_ == PanelState::Cooling)
      return PressStatus::Fault;
    last_ = c;
    return PressStatus::Ok;
  }
  void cool() { state_ = PanelState::Cooling; }

private:
  PanelState state_ = PanelState::Idle;
  int last_ = 0;
};

void faultedBatch(LiningPress &press, KilnPanel &kiln) {
  press.decommission();
  // CHECK: [[@LINE+1]]:9: warning: call to 'setTemperature' on 'press' after it was closed [errlint-use-after-close]
  press.setTemperature(20);
  kiln.cool();
  kiln.fire(600);
}

void checkedBatch(LiningPress &press) {
  press.decommission();
  if (press.state() != PressState::Decommissioned)
    press.setTemperature(20);
}
