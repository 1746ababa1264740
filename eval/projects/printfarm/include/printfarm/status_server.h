// The control socket of the `farmctl` CLI: a UNIX stream socket, one request line per
// connection, answered by the Handler with zero or more lines. One client at a time, served
// on the server thread. "tail" streams the recent log; "quit" asks the daemon to stop.
// The server thread polls the listening socket with a short timeout; stop() clears
// running_, joins the thread and only then closes the socket. stop() is idempotent; the
// destructor calls it.
#pragma once
#include <atomic>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "printfarm/unique_fd.h"

namespace printfarm {

class StatusServer {
public:
  using Handler = std::function<std::vector<std::string>(const std::string &request)>;

  StatusServer(std::string socketPath, Handler handler);
  ~StatusServer();
  StatusServer(const StatusServer &) = delete;
  StatusServer &operator=(const StatusServer &) = delete;

  bool start();
  void stop();
  bool quitRequested() const { return quit_.load(); }

private:
  void run();
  void serveClient(int client);
  void streamLines(int fd, const std::vector<std::string> &lines);

  const std::string path_;
  Handler handler_;
  UniqueFd listen_;
  std::atomic<bool> running_{false};
  std::atomic<bool> quit_{false};
  std::thread thread_;
};

} // namespace printfarm
