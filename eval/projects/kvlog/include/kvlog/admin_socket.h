// Local admin endpoint on a Unix-domain socket: one command per connection, the
// reply is written back and the connection is closed. Commands run on the admin
// thread; "quit" is handled here and calls the quit callback. stop() is
// idempotent and the destructor calls it.
#pragma once
#include <atomic>
#include <functional>
#include <string>
#include <thread>

namespace kvlog {

class AdminSocket {
public:
  using CommandHandler = std::function<std::string(const std::string &command, int clientFd)>;

  AdminSocket(std::string path, CommandHandler handler, std::function<void()> onQuit);
  ~AdminSocket();

  bool start();
  void stop();

private:
  void serveLoop();
  void serveClient(int cfd);

  const std::string path_;
  CommandHandler handler_;
  std::function<void()> onQuit_;
  int listenFd_ = -1;
  int wakePipe_[2] = {-1, -1};
  std::thread thread_;
  bool started_ = false;
  std::atomic<bool> stopping_{false};
};

} // namespace kvlog
