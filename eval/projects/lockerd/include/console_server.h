// Operator console over TCP: accepts a few operator sessions, reads command
// lines and writes the replies.
#pragma once
#include "status.h"
#include "tcp_socket.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <map>
#include <string>
#include <vector>

class ConsoleCommands;
class DiagLog;

struct ConsoleSession {
  TcpSocket socket;
  std::string inbuf;
  std::time_t lastInput = 0;
};

class ConsoleServer {
public:
  ConsoleServer(ConsoleCommands &commands, DiagLog &diag, std::size_t maxSessions);

  Status listen(std::uint16_t port);
  int listenFd() const { return listener_.nativeHandle(); }
  std::vector<int> sessionFds() const;

  void acceptPending();
  void serviceSession(int fd);
  void closeIdle(std::time_t now, std::chrono::seconds limit);
  void reapClosed();
  void stop();

private:
  void endSession(int fd, const std::string &why);
  void rejectClient(TcpSocket client, const char *why);

  ConsoleCommands &commands_;
  DiagLog &diag_;
  const std::size_t maxSessions_;
  const std::string banner_;
  TcpSocket listener_;
  std::map<int, ConsoleSession> sessions_;
};
