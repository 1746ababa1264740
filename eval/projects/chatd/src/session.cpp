#include "chatd/session.h"

#include <cstdio>
#include <exception>
#include <optional>
#include <stdexcept>
#include <utility>

namespace chatd {

Session::Session(std::string nick, Socket socket)
    : nick_(std::move(nick)), socket_(std::move(socket)) {}

Session::~Session() {
  close(); // OK: close() returns at once when state_ is already State::Closed
}

void Session::start() {
  if (state_ != State::Handshake)
    return;
  state_ = State::Active;
  writer_ = std::thread([this] { writerLoop(); });
}

void Session::send(const std::string &line) {
  if (state_ == State::Closed)
    throw std::runtime_error("session closed");
  outbox_.push(line + "\n");
}

std::string Session::readLine() { return socket_.receiveLine(); }

void Session::writerLoop() {
  try {
    while (std::optional<std::string> line = outbox_.pop())
      socket_.send(*line); // BUG: use-after-close #session_writer
  } catch (const std::exception &e) {
    std::fprintf(stderr, "chatd: writer for %s stopped: %s\n", nick_.c_str(),
                 e.what());
  }
}

void Session::close() {
  if (state_ == State::Closed)
    return;
  state_ = State::Closed;
  outbox_.close();
  socket_.close(); // SAME: session_writer
  if (writer_.joinable())
    writer_.join();
}

} // namespace chatd
