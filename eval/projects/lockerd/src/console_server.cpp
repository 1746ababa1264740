// ConsoleServer: line-based operator sessions on the console port. Each
// complete line is run through ConsoleCommands and the reply written back;
// sessions that stay silent too long are closed and reaped on the next tick.
#include "console_server.h"

#include "console_commands.h"
#include "diag_log.h"

#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>

ConsoleServer::ConsoleServer(ConsoleCommands &commands, DiagLog &diag, std::size_t maxSessions)
    : commands_(commands), diag_(diag), maxSessions_(maxSessions),
      banner_("lockerd operator console - type 'help'\n> ") {}

Status ConsoleServer::listen(std::uint16_t port) {
  TcpSocket fresh;
  try {
    fresh = TcpSocket::listenOn(port, 8);
  } catch (const std::system_error &e) {
    return Status::ioError(e.what(), e.code().value());
  }
  listener_ = std::move(fresh);
  diag_.info("console: listening on port %u", static_cast<unsigned>(port));
  return Status::success();
}

std::vector<int> ConsoleServer::sessionFds() const {
  std::vector<int> fds;
  for (const auto &entry : sessions_)
    if (entry.second.socket.isOpen())
      fds.push_back(entry.first);
  return fds;
}

void ConsoleServer::rejectClient(TcpSocket client, const char *why) {
  (void)client.sendAll(std::string("console unavailable: ") + why + "\n");
  diag_.warn("console: rejected a connection (%s)", why);
}

void ConsoleServer::acceptPending() {
  if (!listener_.isOpen())
    return;
  for (;;) {
    TcpSocket client = listener_.accept();
    if (!client.isOpen())
      return;
    const int fd = client.nativeHandle();
    if (sessions_.size() >= maxSessions_) {
      rejectClient(std::move(client), "too many operator sessions");
      ::close(fd); // BUG: double-close
      continue;
    }
    ConsoleSession session;
    session.socket = std::move(client);
    session.lastInput = std::time(nullptr);
    Status greeted = session.socket.sendAll(banner_);
    if (greeted.failed()) {
      diag_.warn("console: greeting failed: %s", greeted.describe().c_str());
      continue;
    }
    sessions_.emplace(fd, std::move(session));
  }
}

void ConsoleServer::serviceSession(int fd) {
  auto it = sessions_.find(fd);
  if (it == sessions_.end())
    return;
  ConsoleSession &session = it->second;
  if (!session.socket.isOpen())
    return;

  char buf[1024];
  const long n = session.socket.receive(buf, sizeof buf); // OK
  if (n == 0) {
    endSession(fd, "operator disconnected");
    return;
  }
  if (n < 0) {
    if (errno == EAGAIN || errno == EWOULDBLOCK)
      return;
    endSession(fd, std::strerror(errno));
    return;
  }

  session.lastInput = std::time(nullptr);
  session.inbuf.append(buf, static_cast<std::size_t>(n));
  std::size_t pos;
  while ((pos = session.inbuf.find('\n')) != std::string::npos) {
    std::string line = session.inbuf.substr(0, pos);
    session.inbuf.erase(0, pos + 1);
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    ConsoleReply reply = commands_.execute(line);
    (void)session.socket.sendAll(reply.text);
    if (reply.hangUp) {
      session.socket.close();
      break;
    }
  }
  if (!session.socket.isOpen()) {
    endSession(fd, "operator quit");
    return;
  }
  (void)session.socket.sendAll("> "); // OK
}

void ConsoleServer::endSession(int fd, const std::string &why) {
  diag_.info("console: session on fd %d ended (%s)", fd, why.c_str());
  sessions_.erase(fd);
  const std::string bye = "session closed: " + why + "\n";
  ::send(fd, bye.data(), bye.size(), MSG_NOSIGNAL | MSG_DONTWAIT); // BUG: use-after-close
}

void ConsoleServer::closeIdle(std::time_t now, std::chrono::seconds limit) {
  std::size_t closed = 0;
  for (auto &entry : sessions_) {
    ConsoleSession &session = entry.second;
    if (!session.socket.isOpen() || now - session.lastInput <= limit.count())
      continue;
    (void)session.socket.sendAll("idle for too long, closing\n");
    session.socket.close();
    ++closed;
  }
  if (closed == 0)
    return;
  const std::string note = std::to_string(closed) + " idle console session(s) closed\n";
  for (auto &entry : sessions_)
    (void)entry.second.socket.sendAll(note); // BUG: use-after-close
}

void ConsoleServer::reapClosed() {
  for (auto it = sessions_.begin(); it != sessions_.end();) {
    if (it->second.socket.isOpen())
      ++it;
    else
      it = sessions_.erase(it);
  }
}

void ConsoleServer::stop() {
  for (auto &entry : sessions_) {
    ConsoleSession &session = entry.second;
    if (!session.socket.isOpen())
      continue;
    (void)session.socket.sendAll("lockerd is shutting down\n"); // OK
    session.socket.close();
  }
  sessions_.clear();
  listener_.close();
}
