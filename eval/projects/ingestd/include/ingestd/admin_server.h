// Line-oriented admin socket on localhost: a client sends one command line
// ("stats", "health", "sessions", "compact", ...) and gets one reply, then
// the connection is closed. The listening socket is non-blocking and the
// accept thread polls it. start() binds and starts the accept thread and
// registers stop() as a shutdown step; stop() is idempotent.
#pragma once
#include "ingestd/unique_fd.h"

#include <atomic>
#include <functional>
#include <map>
#include <string>
#include <thread>

namespace ingestd {

class LogFile;
class ShutdownList;

class AdminServer {
public:
  using Handler = std::function<std::string(const std::string &args)>;

  AdminServer(int port, LogFile &log);
  ~AdminServer();
  AdminServer(const AdminServer &) = delete;
  AdminServer &operator=(const AdminServer &) = delete;

  void addCommand(std::string name, Handler handler);
  bool start(ShutdownList &shutdown);
  void stop();

private:
  void acceptLoop();
  void handleClient(int cfd);
  std::string dispatch(const std::string &line);

  int port_;
  LogFile &log_;
  std::map<std::string, Handler> commands_;
  UniqueFd listenFd_;
  std::thread thread_;
  std::atomic<bool> running_{false};
};

} // namespace ingestd
