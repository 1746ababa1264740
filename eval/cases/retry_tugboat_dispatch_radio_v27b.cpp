// Dispatch radio of a harbour tugboat company. TugRadio::close() returns
// EAGAIN and leaves the link open while frames are still queued for the
// transmitter, returns 0 once the link is closed, and throws if the link was
// already closed. The job-completion sequence retries close() only while it
// answers EAGAIN; the storm lay-up retries in a loop that does not stop after
// a successful close.
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <deque>
#include <stdexcept>
#include <string>
#include <thread>

class TugRadio {
public:
  explicit TugRadio(std::string tug) : tug_(std::move(tug)) {}

  void transmit(const std::string &frame) {
    if (closed_)
      throw std::runtime_error("tug radio closed: " + tug_);
    txQueue_.push_back(frame);
  }

  // Sends one queued frame; called by the transmitter timer and by callers
  // that want to drain before closing.
  void pump() {
    if (closed_ || txQueue_.empty())
      return;
    std::printf("[%s] tx %s\n", tug_.c_str(), txQueue_.front().c_str());
    txQueue_.pop_front();
  }

  int close() {
    if (closed_)
      throw std::logic_error("tug radio " + tug_ + " closed twice");
    if (!txQueue_.empty())
      return EAGAIN;
    closed_ = true;
    return 0;
  }

  bool isClosed() const { return closed_; }

private:
  std::string tug_;
  std::deque<std::string> txQueue_;
  bool closed_ = false;
};

bool jobComplete(TugRadio &radio, int vesselNo) {
  radio.transmit("towline released from vessel " + std::to_string(vesselNo));
  radio.transmit("returning to berth");
  int rc = radio.close();
  int attempts = 0;
  while (rc == EAGAIN && attempts++ < 10) {
    radio.pump();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    rc = radio.close(); // OK
  }
  return rc == 0;
}

void stormLayUp(TugRadio &radio) {
  radio.transmit("storm lay-up, all tugs to inner basin");
  for (int attempt = 0; attempt < 3; ++attempt) {
    int rc = radio.close(); // BUG: double-close
    if (rc == EAGAIN) {
      radio.pump();
      continue;
    }
    std::printf("lay-up close attempt %d -> %d\n", attempt, rc);
  }
}

void crewChange(TugRadio &radio, const std::string &skipper) {
  radio.transmit("crew change, skipper " + skipper);
  for (;;) {
    int rc = radio.close(); // OK
    if (rc == 0)
      break;
    radio.pump();
  }
  if (!radio.isClosed())
    radio.transmit("crew change incomplete"); // OK
}

void radioCheck(const std::string &tug) {
  TugRadio radio(tug);
  radio.transmit("radio check");
  if (radio.close() == EAGAIN) {
    radio.pump();
    radio.close(); // OK
  }
}
