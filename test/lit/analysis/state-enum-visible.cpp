// A state accessor whose code is visible: a state equal to an enumerator
// other than the closed one (`Ready` beside `Closed`) is not closed. Nor is
// one whose name says the object is on its way there (`Draining`), in an
// `if` or a `switch` case: disconnect() leaves the state Closed, so that
// case runs only on the path that did not disconnect. A default that may
// see it Closed sends on what may have been closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>

class Device {
public:
  enum class State { Connecting, Ready, Draining, Closed };
  void transmit(const std::string &frame) {
    if (state_ == State::Closed)
      throw std::runtime_error("device session closed");
    last_ = frame;
  }
  void disconnect() { state_ = State::Closed; }
  State state() const { return state_; }

private:
  std::string last_;
  State state_ = State::Ready;
};

bool lowBattery();

void readyChecked(Device &d) {
  if (lowBattery())
    d.disconnect();
  if (d.state() != Device::State::Ready)
    return;
  d.transmit("POLL");
}

void readySwitch(Device &d) {
  if (lowBattery())
    d.disconnect();
  switch (d.state()) {
  case Device::State::Ready:
    d.transmit("POLL");
    break;
  case Device::State::Draining:
    d.transmit("POLL");
    break;
  default:
    // CHECK: state-enum-visible.cpp:[[@LINE+1]]:7: warning: call to 'transmit' on 'd' that may have been closed
    d.transmit("RESET");
    break;
  }
}

void drainingChecked(Device &d) {
  if (lowBattery())
    d.disconnect();
  // disconnect() leaves state_ Closed, which is not Draining: the send
  // runs only on the path that did not disconnect.
  if (d.state() == Device::State::Draining)
    d.transmit("POLL");
}
