// Tower-clock restoration workshop: a master pendulum drives slave dials through a
// PendulumDrive<Transport> (a class template; impulse() in the Closed state throws "pendulum
// drive closed", and explicit operator bool says whether it is still usable), and the
// timegrapher's beat samples go through an ArborQueue<T> (push() after close() throws).
// drive_beats() handles the Stopping state with a close() and a `break` that only leaves
// the switch, so the loop sends the impulse on the drive it just closed; the mainspring
// bench's timegrapher callback keeps pushing into the queue after finish() closed it. The
// guarded impulses, the reopened drive and the drained queue are correct.
#include <deque>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

enum class DriveState { Idle, Running, Stopping, Closed };

template <typename Transport> class PendulumDrive {
public:
  explicit PendulumDrive(Transport t) : transport_(std::move(t)), state_(DriveState::Running) {}
  void impulse(int ms) {
    if (state_ == DriveState::Closed)
      throw std::logic_error("pendulum drive closed");
    transport_.pulse(ms);
  }
  void close() { state_ = DriveState::Closed; }
  void reopen(Transport t) {
    transport_ = std::move(t);
    state_ = DriveState::Running;
  }
  void request_stop() { state_ = DriveState::Stopping; }
  DriveState state() const { return state_; }
  explicit operator bool() const { return state_ != DriveState::Closed; }

private:
  Transport transport_;
  DriveState state_;
};

template <typename T> class ArborQueue {
public:
  void push(T v) {
    if (closed_)
      throw std::logic_error("arbor queue closed");
    items_.push_back(std::move(v));
  }
  std::optional<T> pop() {
    if (items_.empty())
      return std::nullopt;
    T v = std::move(items_.front());
    items_.pop_front();
    return v;
  }
  void close() { closed_ = true; }

private:
  std::deque<T> items_;
  bool closed_ = false;
};

struct DialLineTransport {
  int line = 0;
  void pulse(int) {}
};

template <typename Transport> void drive_beats(PendulumDrive<Transport> &drive, const std::vector<int> &beats) {
  for (int ms : beats) {
    if (ms <= 0) // a zero beat in the program means "stop after this swing"
      drive.request_stop();
    switch (drive.state()) {
    case DriveState::Stopping:
      drive.close();
      break;
    case DriveState::Closed:
      return;
    default:
      break;
    }
    drive.impulse(ms); // BUG: use-after-close
  }
}

template <typename Transport> void final_beat(PendulumDrive<Transport> &drive) {
  if (drive)
    drive.impulse(500); // OK: operator bool is false once the drive is closed
}

class MainspringBench {
public:
  std::function<void(double)> timegrapher_sink() {
    return [this](double rate) { beats_.push(rate); }; // SAME: grapher
  }
  std::vector<double> finish() {
    beats_.close();
    std::vector<double> out;
    while (auto b = beats_.pop()) // OK: popping drains what was pushed before close
      out.push_back(*b);
    return out;
  }

private:
  ArborQueue<double> beats_;
};

void restore_tower_clock(const std::vector<int> &beats, const std::vector<double> &rates,
                         std::optional<double> trailingRate) {
  PendulumDrive<DialLineTransport> drive(DialLineTransport{1});
  drive_beats(drive, beats);
  final_beat(drive);
  drive.close();
  drive.reopen(DialLineTransport{2});
  drive.impulse(250); // OK: reopened on the spare dial line

  MainspringBench bench;
  auto sink = bench.timegrapher_sink();
  for (double r : rates)
    sink(r); // OK: the bench has not finished yet
  std::vector<double> settled = bench.finish();
  if (trailingRate && settled.size() < 120)
    sink(*trailingRate); // BUG: use-after-close #grapher
}
