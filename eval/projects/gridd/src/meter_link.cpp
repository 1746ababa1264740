// MeterLink: outbound frames go through the session connection, inbound ones
// are read line by line from the accepted socket.
#include "meter_link.h"

#include <stdexcept>
#include <utility>

#include "fd_io.h"
#include "frame_codec.h"

MeterLink::MeterLink(std::string id, std::string concentratorId, Kind kind, Fd socket,
                     net::Connection session)
    : id_(std::move(id)), concentratorId_(std::move(concentratorId)), kind_(kind),
      socket_(std::move(socket)), session_(std::move(session)) {}

MeterLink::~MeterLink() { close(); }

void MeterLink::ensureOpen(const char *op) const {
  if (state_ == State::Closed)
    throw std::runtime_error("meter link " + id_ + " is closed, cannot " + op);
}

void MeterLink::send(const std::string &frame) {
  std::lock_guard<std::mutex> lock(mu_);
  ensureOpen("send");
  session_.send(frame);
  session_.flush();
  ++framesOut_;
}

void MeterLink::command(MeterCommand cmd, std::uint32_t seq) {
  std::lock_guard<std::mutex> lock(mu_);
  ensureOpen(commandName(cmd));
  session_.send(frames::encodeCommand(id_, cmd, seq));
  session_.flush();
  ++framesOut_;
}

bool MeterLink::receive(std::string &frame) {
  std::lock_guard<std::mutex> lock(mu_);
  ensureOpen("receive");
  if (!readLine(socket_.get(), frame))
    return false;
  ++framesIn_;
  return true;
}

void MeterLink::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == State::Closed)
    return;
  state_ = State::Closed;
  session_.close();
  socket_.reset();
}

bool MeterLink::isOpen() const {
  std::lock_guard<std::mutex> lock(mu_);
  return state_ == State::Open;
}

void MeterLink::touch(std::int64_t now) {
  std::lock_guard<std::mutex> lock(mu_);
  lastSeen_ = now;
}

std::int64_t MeterLink::lastSeen() const {
  std::lock_guard<std::mutex> lock(mu_);
  return lastSeen_;
}

std::uint64_t MeterLink::framesIn() const {
  std::lock_guard<std::mutex> lock(mu_);
  return framesIn_;
}

std::uint64_t MeterLink::framesOut() const {
  std::lock_guard<std::mutex> lock(mu_);
  return framesOut_;
}

int MeterLink::socketFd() const {
  std::lock_guard<std::mutex> lock(mu_);
  return socket_.get();
}
