// PrinterSession: one printer's port, spool and state (see printer_session.h).
#include "printfarm/printer_session.h"

#include <cstdio>
#include <stdexcept>
#include <utility>

#include "printfarm/spool_archive.h"
#include "printfarm/tty_tools.h"

namespace printfarm {
namespace {

// Spools smaller than this hold nothing worth resuming from (header and a few moves).
constexpr std::size_t kMinUsefulSpool = 4096;

// Closes the spool when an abort unwinds, whatever happens to the port on the way.
struct SpoolCloser {
  JobSpool &spool;
  ~SpoolCloser() { spool.close(); } // SAME: abort_closer
};

} // namespace

const char *toString(PrinterState state) {
  switch (state) {
  case PrinterState::Disconnected:
    return "disconnected";
  case PrinterState::Handshaking:
    return "handshaking";
  case PrinterState::Idle:
    return "idle";
  case PrinterState::Printing:
    return "printing";
  case PrinterState::Paused:
    return "paused";
  case PrinterState::Error:
    return "error";
  case PrinterState::Closed:
    return "closed";
  }
  return "?";
}

PrinterSession::PrinterSession(std::string name, std::string device, std::string usbfsNode,
                               std::string spoolDir, std::string archiveDir, EventBus &bus)
    : name_(std::move(name)), device_(std::move(device)), usbfsNode_(std::move(usbfsNode)),
      archiveDir_(std::move(archiveDir)), bus_(bus), spool_(std::move(spoolDir), name_) {}

PrinterSession::~PrinterSession() {
  close(); // OK: close() is idempotent
}

bool PrinterSession::connect() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (state_ == PrinterState::Closed)
      return false;
    port_.emplace(device_);
    if (!port_->open()) {
      state_ = PrinterState::Disconnected;
      return false;
    }
    state_ = PrinterState::Handshaking;
    if (!handshakeOrClose(*port_, firmware_)) {
      state_ = PrinterState::Error;
      return false;
    }
    port_->write("M155 S2\n"); // OK: handshakeOrClose() closes only on failure, and that path returned
    state_ = PrinterState::Idle;
  }
  subscribeEvents();
  return true;
}

bool PrinterSession::reconnect() {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == PrinterState::Closed)
    return false;
  if (port_ && port_->isOpen())
    port_->close(); // OK: closed only while still open
  // The board re-enumerated after the drop-out: start from a fresh SerialPort.
  port_.emplace(device_);
  if (!port_->open()) {
    state_ = PrinterState::Disconnected;
    return false;
  }
  try {
    requireHandshake(*port_, firmware_);
  } catch (const HandshakeError &e) {
    std::fprintf(stderr, "[%s] reconnect failed: %s\n", name_.c_str(), e.what());
    port_->close(); // BUG: double-close
    state_ = PrinterState::Error;
    return false;
  }
  port_->write("M155 S2\n"); // OK: a new port, and the handshake that closes it on failure succeeded
  state_ = currentJob_.empty() ? PrinterState::Idle : PrinterState::Paused;
  return true;
}

void PrinterSession::sendGcode(const std::string &line) {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == PrinterState::Closed)
    throw std::runtime_error("printer session closed: " + name_);
  if (!port_)
    throw std::runtime_error("printer not connected: " + name_);
  writeLine(line);
}

void PrinterSession::writeLine(const std::string &line) {
  port_->write(line + "\n"); // SAME: stall_reset
}

void PrinterSession::emergencyStop() {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == PrinterState::Closed || !port_ || !port_->isOpen())
    return;
  try {
    writeLine("M112"); // OK: state and port checked under the session lock
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "[%s] M112 failed: %s\n", name_.c_str(), e.what());
  }
  state_ = PrinterState::Error;
}

bool PrinterSession::queryStatus() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!port_ || !port_->isOpen())
    return false;
  try {
    port_->write("M105\n"); // OK: guarded by isOpen() under the session lock
    const std::string reply = port_->readLine(1000);
    return reply.rfind("ok", 0) == 0;
  } catch (const std::runtime_error &) {
    return false;
  }
}

bool PrinterSession::beginJob(const PrintJob &job) {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ != PrinterState::Idle)
    return false;
  if (spool_.isOpen())
    spool_.close(); // OK: only a spool left open is closed
  if (!spool_.open(job.id))
    return false;
  spool_.append("; printfarm job " + job.id + " (" + job.material + ")\n"); // OK: open() above started a new spool
  currentJob_ = job.id;
  state_ = PrinterState::Printing;
  return true;
}

void PrinterSession::appendJobData(const std::string &data) {
  std::lock_guard<std::mutex> lock(mu_);
  spool_.append(data);
}

void PrinterSession::finishJob() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!spool_.isOpen())
    return;
  if (!archiveSpool(spool_, archiveDir_))
    std::fprintf(stderr, "[%s] could not archive %s\n", name_.c_str(), spool_.path().c_str());
  currentJob_.clear();
  state_ = PrinterState::Idle;
}

void PrinterSession::cancelJob() {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ != PrinterState::Printing && state_ != PrinterState::Paused)
    return;
  if (port_ && port_->isOpen()) {
    writeLine("M524"); // abort the SD print
    writeLine("M104 S0");
    writeLine("M140 S0");
  }
  // Cancelled jobs are kept for the post-mortem, next to the finished ones.
  spool_.close();
  archiveSpool(spool_, archiveDir_ + "/cancelled"); // BUG: double-close #archive_twice
  currentJob_.clear();
  state_ = PrinterState::Idle;
}

void PrinterSession::abortJob(const std::string &why) {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ != PrinterState::Printing && state_ != PrinterState::Paused)
    return;
  std::fprintf(stderr, "[%s] aborting job %s: %s\n", name_.c_str(), currentJob_.c_str(), why.c_str());
  state_ = PrinterState::Error;
  currentJob_.clear();
  if (!spool_.isOpen())
    return;
  SpoolCloser closer{spool_};
  if (spool_.bytesWritten() < kMinUsefulSpool) {
    // Nothing worth resuming from: drop the file rather than keep an empty spool around.
    spool_.close();
    std::remove(spool_.path().c_str());
  }
  if (port_ && port_->isOpen()) {
    writeLine("M104 S0");
    writeLine("M140 S0");
  }
} // BUG: double-close #abort_closer

void PrinterSession::closeSpool() {
  std::lock_guard<std::mutex> lock(mu_);
  if (spool_.isOpen())
    spool_.close();
}

void PrinterSession::recoverFromStall() {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == PrinterState::Closed || !port_ || !port_->isOpen())
    return;
  // A board that stopped answering is nearly always a hung CH340: reset it on the hub.
  if (!resetUsbDevice(*port_, usbfsNode_)) {
    state_ = PrinterState::Error;
    return;
  }
  writeLine("M999"); // BUG: use-after-close #stall_reset
  state_ = currentJob_.empty() ? PrinterState::Idle : PrinterState::Paused;
}

void PrinterSession::close() {
  unsubscribeEvents();
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == PrinterState::Closed)
    return;
  if (port_ && port_->isOpen())
    port_->close(); // OK: only an open port is closed
  if (spool_.isOpen())
    spool_.close(); // OK: only an open spool is closed
  state_ = PrinterState::Closed;
}

bool PrinterSession::isOpen() const {
  std::lock_guard<std::mutex> lock(mu_);
  return state_ != PrinterState::Closed && port_ && port_->isOpen();
}

PrinterState PrinterSession::state() const {
  std::lock_guard<std::mutex> lock(mu_);
  return state_;
}

std::string PrinterSession::currentJob() const {
  std::lock_guard<std::mutex> lock(mu_);
  return currentJob_;
}

void PrinterSession::subscribeEvents() {
  std::lock_guard<std::mutex> lock(subsMu_);
  if (!subs_.empty())
    return;
  std::weak_ptr<PrinterSession> weak = weak_from_this();
  subs_.push_back(bus_.subscribe("estop", [weak](const Event &) {
    if (std::shared_ptr<PrinterSession> self = weak.lock())
      self->emergencyStop();
  }));
}

void PrinterSession::unsubscribeEvents() {
  std::vector<EventBus::SubscriptionId> subs;
  {
    std::lock_guard<std::mutex> lock(subsMu_);
    subs.swap(subs_);
  }
  for (EventBus::SubscriptionId id : subs)
    bus_.unsubscribe(id);
}

} // namespace printfarm
