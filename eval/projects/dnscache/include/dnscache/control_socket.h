// Unix-domain admin socket.
#pragma once
#include <atomic>
#include <string>
#include <thread>

namespace dnscache {

class AdminCommands;

/// One client at a time, served on the control thread: each line is a
/// command, each reply ends with "\n.\n". start() binds and spawns the thread.
/// stop() wakes the thread through a pipe, joins it, then closes the listening
/// socket and removes the socket file; it is idempotent and the destructor
/// calls it. Descriptors are reset to -1 when closed.
class ControlSocket {
public:
  ControlSocket(std::string path, AdminCommands &commands);
  ~ControlSocket();
  ControlSocket(const ControlSocket &) = delete;
  ControlSocket &operator=(const ControlSocket &) = delete;

  bool start();
  void stop();
  const std::string &path() const { return path_; }

private:
  enum class ReadResult { Line, TooLong, Eof };
  void acceptLoop();
  void serveClient(int cfd);
  ReadResult readLine(int cfd, std::string &line);

  std::string path_;
  AdminCommands &commands_;
  int listenFd_ = -1;
  int wakeRead_ = -1;
  int wakeWrite_ = -1;
  std::atomic<bool> running_{false};
  std::thread thread_;
};

} // namespace dnscache
