// Rural water utility: a borehole pump controller buffers flow readings and
// uploads them over a cellular PumpLink. The link is closed when it reports
// too many errors or when the well is shut in; the buffer is closed when the
// pump stops. Negative case: every use after a possible close sits behind a
// guard in the form the controller's authors wrote it (a stored good() query,
// an early return on the link's state, a loop on the buffer's closed()).
#include <cstddef>
#include <deque>
#include <stdexcept>
#include <string>

namespace borehole {

class PumpLink {
public:
  enum class State { Open, Degraded, Closed };

  void send(const std::string &frame) {
    if (state_ == State::Closed)
      throw std::runtime_error("pump link closed");
    if (frame.empty())
      ++errors_;
    if (errors_ > 2)
      state_ = State::Degraded;
  }
  bool good() const { return state_ == State::Open; }
  State state() const { return state_; }
  void close() { state_ = State::Closed; }

private:
  State state_ = State::Open;
  int errors_ = 0;
};

class ReadingBuffer {
public:
  void push(double litresPerMinute) {
    if (closed_)
      throw std::runtime_error("reading buffer closed");
    readings_.push_back(litresPerMinute);
  }
  double take() {
    if (closed_)
      throw std::runtime_error("reading buffer closed");
    double v = readings_.front();
    readings_.pop_front();
    if (readings_.empty() && stopping_)
      closed_ = true;
    return v;
  }
  void stopAfterDrain() {
    stopping_ = true;
    closed_ = readings_.empty();
  }
  bool closed() const { return closed_; }
  std::size_t pending() const { return readings_.size(); }

private:
  std::deque<double> readings_;
  bool stopping_ = false;
  bool closed_ = false;
};

std::string frameOf(double litresPerMinute) { return "flow=" + std::to_string(litresPerMinute); }

void uploadBacklog(ReadingBuffer &buffer, PumpLink &link) {
  while (!buffer.closed() && buffer.pending() > 0) {
    double v = buffer.take(); // OK: loop condition
    bool ok = link.good();
    if (!ok) {
      link.close();
      return;
    }
    link.send(frameOf(v)); // OK: stored query checked
  }
}

void heartbeat(PumpLink &link, double pressureBar) {
  if (link.state() == PumpLink::State::Closed)
    return;
  link.send("pressure=" + std::to_string(pressureBar)); // OK: early return
}

void shutIn(ReadingBuffer &buffer, PumpLink &link, double lastReading) {
  buffer.push(lastReading);
  buffer.stopAfterDrain();
  uploadBacklog(buffer, link);
  if (link.state() != PumpLink::State::Closed) {
    link.send("shut-in"); // OK: not closed on this branch
    link.close(); // OK
  }
  if (!buffer.closed())
    buffer.push(0.0); // OK: drained buffer is closed
}

} // namespace borehole
