// FeederLink: PLC link of one belt feeder. connect() opens the serial port,
// reconnect() drops it and retries with exponential backoff, close() retires
// the link for good. Telegrams need the link Up (Up implies an open port).
#include "feeder_link.h"

#include <algorithm>
#include <stdexcept>
#include <thread>

namespace {
const char kHello[] = "\x02HELLO\x03";
constexpr std::chrono::milliseconds kMaxBackoff{2000};

std::string frame(const std::string& telegram) { return "\x02" + telegram + "\x03"; }
}  // namespace

FeederLink::FeederLink(int beltId, std::string device, int maxAttempts)
    : beltId_(beltId),
      device_(std::move(device)),
      maxAttempts_(maxAttempts),
      port_(std::make_unique<SerialPort>(device_)) {}

FeederLink::~FeederLink() = default;

Status FeederLink::connect() {
  if (state_ == State::Closed) return Status::Error(StatusCode::Closed, "feeder link closed");
  if (state_ == State::Up) return Status::Ok();
  Status st = port_->open();
  if (!st.ok()) return st;
  state_ = State::Up;
  port_->write(kHello);
  return Status::Ok();
}

Status FeederLink::reconnect() {
  if (state_ == State::Closed) return Status::Error(StatusCode::Closed, "feeder link closed");
  state_ = State::Down;
  if (port_->isOpen()) port_->close(); // OK: guarded by isOpen()
  auto delay = backoff_;
  for (int attempt = 0; attempt < maxAttempts_; ++attempt) {
    if (port_->open().ok()) {
      state_ = State::Up;
      port_->write(kHello); // OK: the port was reopened on this path
      return Status::Ok();
    }
    std::this_thread::sleep_for(delay);
    delay = std::min(delay * 2, kMaxBackoff);
  }
  port_->close(); // BUG: double-close
  return Status::Error(StatusCode::IoError, "belt " + std::to_string(beltId_) + ": PLC unreachable");
}

void FeederLink::sendTelegram(const std::string& telegram) {
  if (state_ != State::Up) throw std::runtime_error("feeder link " + std::to_string(beltId_) + " not up");
  port_->write(frame(telegram));
}

std::string FeederLink::queryStatus() {
  sendTelegram("STAT?");
  return port_->read(64); // OK: sendTelegram() threw unless the link is Up
}

void FeederLink::close() {
  if (state_ == State::Closed) throw std::logic_error("feeder link " + std::to_string(beltId_) + " already closed");
  if (port_->isOpen()) port_->close(); // OK: after a failed reconnect the port is already down
  state_ = State::Closed;
}

bool FeederLink::isOpen() const { return state_ == State::Up; }

FeederLink::State FeederLink::state() const { return state_; }

int FeederLink::beltId() const { return beltId_; }
