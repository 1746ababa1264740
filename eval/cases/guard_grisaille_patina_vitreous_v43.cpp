// Stained-glass restoration: panels painted with grisaille or silver stain are
// fired in a two-chamber paint kiln. Each chamber has its own controller link
// (KilnLink: sendSegment() throws once the link is closed; operator bool and
// state() tell whether it is open). Panels wait on a TrayQueue that the
// restorer closes when the last tray of the day is loaded; take() throws on a
// closed queue. A chamber whose case temperature is too high is closed at once.
#include <cstddef>
#include <deque>
#include <stdexcept>
#include <string>
#include <utility>

#include <fcntl.h>
#include <unistd.h>

namespace restoration {

class KilnLink {
public:
  enum class State { Idle, Open, Closed };

  explicit KilnLink(std::string dev) : dev_(std::move(dev)) {}
  ~KilnLink() { close(); }
  KilnLink(const KilnLink &) = delete;
  KilnLink &operator=(const KilnLink &) = delete;

  void open() {
    fd_ = ::open(dev_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
    state_ = fd_ >= 0 ? State::Open : State::Closed;
  }
  void sendSegment(const std::string &segment) {
    if (state_ != State::Open)
      throw std::runtime_error("kiln link " + dev_ + " is not open");
    const std::string line = segment + "\r";
    if (::write(fd_, line.data(), line.size()) < 0)
      throw std::runtime_error("kiln link " + dev_ + " write failed");
  }
  void close() {
    if (state_ != State::Open)
      return;
    ::close(fd_);
    fd_ = -1;
    state_ = State::Closed;
  }
  State state() const { return state_; }
  explicit operator bool() const { return state_ == State::Open; }

private:
  std::string dev_;
  int fd_ = -1;
  State state_ = State::Idle;
};

class TrayQueue {
public:
  void load(std::string panel) {
    if (closed_)
      throw std::logic_error("tray queue closed");
    trays_.push_back(std::move(panel));
  }
  std::string take() {
    if (trays_.empty())
      throw std::logic_error(closed_ ? "tray queue closed" : "no tray loaded");
    std::string p = std::move(trays_.front());
    trays_.pop_front();
    return p;
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_ && trays_.empty(); }
  bool empty() const { return trays_.empty(); }

private:
  std::deque<std::string> trays_;
  bool closed_ = false;
};

void fireGrisaille(KilnLink &upper, double caseTempC) {
  if (upper.state() == KilnLink::State::Closed)
    upper.open();
  const bool linked = upper.state() == KilnLink::State::Open;
  if (caseTempC > 65.0)
    upper.close();
  if (linked)
    upper.sendSegment("RAMP 150/h TO 620"); // BUG: use-after-close
}

void fireSilverStain(KilnLink &lower, double caseTempC) {
  const bool overheated = caseTempC > 65.0;
  if (overheated)
    lower.close();
  if (!overheated)
    lower.sendSegment("RAMP 120/h TO 560"); // OK
}

void firePatinaRun(KilnLink &upper, KilnLink &lower, TrayQueue &trays,
                   std::size_t traysPerDay) {
  std::size_t fired = 0;
  while (!trays.closed()) {
    if (trays.empty())
      break;
    const std::string panel = trays.take(); // OK
    if (++fired == traysPerDay)
      trays.close();
    KilnLink &chamber = (fired % 2 == 1) ? upper : lower;
    if (!chamber)
      continue;
    chamber.sendSegment("PANEL " + panel); // OK
  }
}

void coolDown(KilnLink &upper, KilnLink &lower) {
  lower.close();
  if (upper)
    lower.sendSegment("VENT OPEN"); // BUG: use-after-close
  upper.close();
  upper.close();
}

} // namespace restoration
