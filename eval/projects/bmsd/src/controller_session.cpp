// ControllerSession: frame handling for one controller link. Incoming point
// frames are acknowledged and passed to the sink; commands are numbered and
// kept until the controller acknowledges them, so that they can be replayed
// after a reconnect.
#include "controller_session.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "diagnostics.h"
#include "format.h"

namespace bmsd {
namespace {
constexpr std::size_t kMaxInput = 256 * 1024;
constexpr std::size_t kWindowBytes = 32 * 1024;
constexpr auto kHeartbeatEvery = std::chrono::seconds(5);

bool supportedKind(const std::string &kind) {
  return kind == "hvac" || kind == "lighting" || kind == "access" ||
         kind == "elevator" || kind == "meter";
}
} // namespace

ControllerSession::ControllerSession(std::string id, Socket socket,
                                     Diagnostics &diag, PointSink sink)
    : id_(std::move(id)), socket_(std::move(socket)), diag_(diag),
      sink_(std::move(sink)) {}

ControllerSession::~ControllerSession() {
  std::lock_guard<std::mutex> lock(mu_);
  closeLocked("session destroyed"); // OK: closeLocked returns if already closed
}

ControllerSession::State ControllerSession::state() const {
  std::lock_guard<std::mutex> lock(mu_);
  return state_;
}

bool ControllerSession::isClosed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return state_ == State::Closed;
}

int ControllerSession::fd() const {
  std::lock_guard<std::mutex> lock(mu_);
  return socket_.fd();
}

ControllerSession::Clock::time_point ControllerSession::lastSeen() const {
  std::lock_guard<std::mutex> lock(mu_);
  return lastSeen_;
}

ControllerSession::Clock::time_point ControllerSession::closedAt() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closedAt_;
}

void ControllerSession::ensureOpenLocked(const char *op) const {
  if (state_ == State::Closed)
    throw std::runtime_error("controller session " + id_ + " is closed: cannot " + op);
}

void ControllerSession::closeLocked(const std::string &reason) {
  if (state_ == State::Closed)
    return;
  state_ = State::Closed;
  closedAt_ = Clock::now();
  socket_.close();
  diag_.info("controller %s: session closed (%s)", id_.c_str(), reason.c_str());
}

void ControllerSession::sendGoodbye(const std::string &reason) {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == State::Closed)
    return;
  try {
    socket_.sendAll(encodeFrame(Frame{FrameType::Goodbye, 0, reason})); // OK
  } catch (const std::exception &e) {
    diag_.warn("controller %s: goodbye not delivered: %s", id_.c_str(), e.what());
  }
}

void ControllerSession::close(const std::string &reason) {
  std::lock_guard<std::mutex> lock(mu_);
  closeLocked(reason);
}

void ControllerSession::start(const Hello &hello) {
  std::lock_guard<std::mutex> lock(mu_);
  ensureOpenLocked("start");
  if (!supportedKind(hello.kind))
    throw std::invalid_argument("unsupported controller kind '" + hello.kind + "'");
  if (hello.firmware.rfind("0.", 0) == 0)
    throw std::invalid_argument("firmware " + hello.firmware + " predates protocol 2");
  kind_ = hello.kind;
  firmware_ = hello.firmware;
  lastSeen_ = Clock::now();
}

void ControllerSession::sendWelcome(std::uint32_t resumeFrom) {
  std::lock_guard<std::mutex> lock(mu_);
  ensureOpenLocked("welcome");
  socket_.sendAll(encodeFrame(Frame{FrameType::Welcome, resumeFrom, "proto=2"}));
  state_ = State::Active;
}

Status ControllerSession::resume(std::uint32_t controllerLastAcked) {
  std::lock_guard<std::mutex> lock(mu_);
  ensureOpenLocked("resume");
  if (controllerLastAcked >= out_.nextSeq) {
    closeLocked("controller acknowledged seq " + std::to_string(controllerLastAcked) +
                " but the daemon is at " + std::to_string(out_.nextSeq));
    return Status::error(Status::Code::Rejected, "controller " + id_ + " is out of step");
  }
  for (auto it = out_.unacked.begin(); it != out_.unacked.end();) {
    if (it->first <= controllerLastAcked) {
      out_.sentAt.erase(it->first);
      it = out_.unacked.erase(it);
    } else {
      ++it;
    }
  }
  return Status::ok();
}

void ControllerSession::replayUnacked() {
  std::lock_guard<std::mutex> lock(mu_);
  ensureOpenLocked("replay");
  const Clock::time_point now = Clock::now();
  for (const auto &[seq, frame] : out_.unacked) {
    socket_.sendAll(frame);
    out_.sentAt[seq] = now;
  }
}

void ControllerSession::writePoint(const PointValue &point) {
  std::lock_guard<std::mutex> lock(mu_);
  ensureOpenLocked("write point");
  socket_.sendAll(encodeFrame(Frame{FrameType::Point, 0, encodePoint(point)}));
}

std::uint32_t ControllerSession::sendCommand(const Command &cmd) {
  std::lock_guard<std::mutex> lock(mu_);
  ensureOpenLocked("send command");
  const std::uint32_t seq = out_.nextSeq++;
  std::string frame = encodeFrame(Frame{FrameType::Command, seq, encodeCommand(cmd)});
  socket_.sendAll(frame);
  out_.unacked.emplace(seq, std::move(frame));
  out_.sentAt.emplace(seq, Clock::now());
  return seq;
}

void ControllerSession::sendHeartbeat(Clock::time_point now) {
  std::lock_guard<std::mutex> lock(mu_);
  ensureOpenLocked("send heartbeat");
  if (now - lastHeartbeat_ < kHeartbeatEvery)
    return;
  socket_.sendAll(encodeFrame(Frame{FrameType::Heartbeat, 0, {}}));
  lastHeartbeat_ = now;
}

void ControllerSession::pollInput() {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == State::Closed)
    return;
  char buf[8192];
  const ssize_t n = socket_.receiveSome(buf, sizeof buf); // OK
  if (n == 0) {
    closeLocked("controller closed the connection");
    return;
  }
  if (n < 0) {
    if (errno == EAGAIN || errno == EWOULDBLOCK)
      return;
    closeLocked(std::string("receive failed: ") + std::strerror(errno));
    return;
  }
  lastSeen_ = Clock::now();
  inbuf_.append(buf, static_cast<std::size_t>(n));
  if (inbuf_.size() > kMaxInput) {
    closeLocked("input buffer overflow");
    return;
  }
  bytesSinceWindow_ += static_cast<std::size_t>(n);

  std::vector<Frame> frames;
  try {
    frames = decodeFrames(inbuf_);
  } catch (const std::exception &e) {
    closeLocked(std::string("protocol error: ") + e.what());
    return;
  }
  handleFramesLocked(frames);

  if (state_ == State::Closed)
    return;
  if (bytesSinceWindow_ >= kWindowBytes) {
    const std::string update = encodeFrame(
        Frame{FrameType::WindowUpdate, 0, std::to_string(bytesSinceWindow_)});
    socket_.sendAll(update); // OK
    bytesSinceWindow_ = 0;
  }
}

void ControllerSession::handleFramesLocked(const std::vector<Frame> &frames) {
  for (const Frame &f : frames) {
    switch (f.type) {
    case FrameType::Point: {
      std::optional<PointValue> pv = decodePoint(id_, f.seq, f.body);
      if (pv)
        sink_(*pv);
      else
        diag_.warn("controller %s: malformed point frame %u", id_.c_str(), f.seq);
      break;
    }
    case FrameType::Ack:
      out_.unacked.erase(f.seq);
      out_.sentAt.erase(f.seq);
      continue;
    case FrameType::Heartbeat:
      break;
    case FrameType::Goodbye:
      closeLocked("controller said goodbye: " + f.body);
      continue;
    default:
      diag_.warn("controller %s: unexpected frame type %d", id_.c_str(),
                 static_cast<int>(f.type));
      continue;
    }
    socket_.sendAll(encodeFrame(Frame{FrameType::Ack, f.seq, {}})); // BUG: use-after-close
  }
}

std::size_t ControllerSession::unackedCount() const {
  std::lock_guard<std::mutex> lock(mu_);
  return out_.unacked.size();
}

ControllerSession::Clock::duration
ControllerSession::oldestUnackedAge(Clock::time_point now) const {
  std::lock_guard<std::mutex> lock(mu_);
  Clock::duration oldest{0};
  for (const auto &[seq, at] : out_.sentAt)
    if (now - at > oldest)
      oldest = now - at;
  return oldest;
}

ControllerSession::Outstanding ControllerSession::takeOutstanding() {
  std::lock_guard<std::mutex> lock(mu_);
  Outstanding taken = std::move(out_);
  out_ = Outstanding{};
  out_.nextSeq = taken.nextSeq;
  return taken;
}

void ControllerSession::adoptOutstanding(Outstanding outstanding) {
  std::lock_guard<std::mutex> lock(mu_);
  if (outstanding.nextSeq > out_.nextSeq)
    out_.nextSeq = outstanding.nextSeq;
  for (auto &[seq, frame] : outstanding.unacked)
    out_.unacked[seq] = std::move(frame);
  for (const auto &[seq, at] : outstanding.sentAt)
    out_.sentAt[seq] = at;
}

} // namespace bmsd
