// Satellite telemetry uploader driven by a small state machine.
// Negative case, the code is correct: UplinkSocket::send() throws once the
// socket is closed and close() twice throws, but sends happen only in the Open
// and Draining phases, the socket is closed only on the Draining -> Closed
// transition (the machine never leaves Closed, so that transition happens
// once), and the close itself also goes through std::call_once. stop() and
// the destructor both drive the machine to Closed; the second one finds it
// there and does nothing.
#include <deque>
#include <iostream>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>

class UplinkSocket {
public:
  explicit UplinkSocket(std::string station) : station_(std::move(station)) {}
  void open() { open_ = true; }
  void send(const std::string &frame);
  void close();

private:
  std::string station_;
  long sent_ = 0;
  bool open_ = false;
};

void UplinkSocket::send(const std::string &frame) {
  if (!open_)
    throw std::runtime_error("uplink to " + station_ + " closed");
  sent_ += static_cast<long>(frame.size());
}

void UplinkSocket::close() {
  if (!open_)
    throw std::logic_error("uplink to " + station_ + " closed twice");
  std::cout << "uplink " << station_ << " closed after " << sent_ << " bytes\n";
  open_ = false;
}

enum class Phase { Connecting, Open, Draining, Closed };

class Uploader {
public:
  explicit Uploader(const std::string &station) : sock_(station) {}
  ~Uploader() { stop(); }
  void enqueue(const std::string &sample) { queue_.push_back(sample); }
  void step();
  void stop();
  Phase phase() const { return phase_; }

private:
  void closeLink();
  UplinkSocket sock_;
  std::deque<std::string> queue_;
  std::once_flag closeOnce_;
  Phase phase_ = Phase::Connecting;
  bool stopRequested_ = false;
};

void Uploader::step() {
  switch (phase_) {
  case Phase::Connecting:
    sock_.open();
    phase_ = Phase::Open;
    break;
  case Phase::Open:
    if (!queue_.empty()) {
      sock_.send(queue_.front()); // OK: only reached in the Open phase
      queue_.pop_front();
    }
    if (stopRequested_)
      phase_ = Phase::Draining;
    break;
  case Phase::Draining:
    while (!queue_.empty()) {
      sock_.send(queue_.front()); // OK: the close happens after this loop
      queue_.pop_front();
    }
    closeLink();
    phase_ = Phase::Closed;
    break;
  case Phase::Closed:
    break;
  }
}

void Uploader::closeLink() {
  std::call_once(closeOnce_, [this] { sock_.close(); }); // OK: at most once
}

void Uploader::stop() {
  stopRequested_ = true;
  while (phase_ != Phase::Closed)
    step();
}

int main() {
  Uploader up("svalbard-gs2");
  up.enqueue("{\"batt\":87}");
  up.enqueue("{\"temp\":-12.5}");
  for (int tick = 0; tick < 3; ++tick)
    up.step();
  up.enqueue("{\"attitude\":[0.1,0.0,0.9]}");
  up.stop();
  up.step(); // OK: the Closed phase does nothing
  std::cout << "phase closed: " << (up.phase() == Phase::Closed) << "\n";
  return 0;
} // OK: ~Uploader() calls stop(), which finds the machine already Closed
