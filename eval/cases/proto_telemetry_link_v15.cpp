// Telemetry reporter of an edge device. Samples are encoded and sent to the
// collector over a TelemetryLink (defined below) whose protocol is a small
// state machine: Idle -> Open (open()) -> Closed (close()). The Reporter
// drives the link from several entry points: start(), report(), run(),
// stop() and its destructor.
#include <fcntl.h>
#include <unistd.h>

#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace edge {

// TelemetryLink: send() throws std::runtime_error("telemetry link closed")
// unless the link is Open, and std::runtime_error("telemetry write failed")
// on an I/O error. close() releases the descriptor and moves to Closed;
// close() on a link that is not Open throws std::logic_error.
class TelemetryLink {
public:
  enum class State { Idle, Open, Closed };
  explicit TelemetryLink(std::string Device) : Device(std::move(Device)) {}
  void open();
  void send(const std::string &Frame);
  void close();
  State state() const { return St; }

private:
  std::string Device;
  int Fd = -1;
  State St = State::Idle;
};

void TelemetryLink::open() {
  Fd = ::open(Device.c_str(), O_WRONLY | O_NOCTTY);
  if (Fd < 0)
    throw std::runtime_error("cannot open " + Device);
  St = State::Open;
}

void TelemetryLink::send(const std::string &Frame) {
  if (St != State::Open)
    throw std::runtime_error("telemetry link closed");
  if (::write(Fd, Frame.data(), Frame.size()) != static_cast<ssize_t>(Frame.size()))
    throw std::runtime_error("telemetry write failed");
}

void TelemetryLink::close() {
  if (St != State::Open)
    throw std::logic_error("close() on a telemetry link that is not open");
  ::close(Fd);
  Fd = -1;
  St = State::Closed;
}

struct Sample {
  std::string Sensor;
  double Value = 0;
};

class SampleSource {
public:
  virtual ~SampleSource() = default;
  virtual std::optional<Sample> next() = 0;
};

class Reporter {
public:
  explicit Reporter(const std::string &Device) : Link(Device) {}
  ~Reporter();
  void start() { Link.open(); }
  void report(const Sample &S);
  void run(SampleSource &Src);
  void stop();

private:
  static std::string encode(const Sample &S) { return S.Sensor + "=" + std::to_string(S.Value) + "\n"; }
  void flushPending();
  void onLinkError();

  TelemetryLink Link;
  std::deque<Sample> Pending;
  unsigned Errors = 0;
};

Reporter::~Reporter() {
  if (Link.state() == TelemetryLink::State::Open)
    Link.close(); // OK: only when still open
}

void Reporter::report(const Sample &S) {
  if (Link.state() != TelemetryLink::State::Open) {
    Pending.push_back(S);
    return;
  }
  Link.send(encode(S));
}

void Reporter::flushPending() {
  while (!Pending.empty()) {
    Link.send(encode(Pending.front())); // SAME: flush
    Pending.pop_front();
  }
}

void Reporter::onLinkError() {
  ++Errors;
  Link.close();
}

void Reporter::run(SampleSource &Src) {
  start();
  while (std::optional<Sample> S = Src.next()) {
    try {
      Link.send(encode(*S));
    } catch (const std::runtime_error &) {
      onLinkError();
      break;
    }
  }
  Link.close(); // BUG: double-close
}

void Reporter::stop() {
  if (Link.state() != TelemetryLink::State::Open)
    return;
  Link.send("bye\n");
  Link.close();
  flushPending(); // BUG: use-after-close #flush
}

} // namespace edge
