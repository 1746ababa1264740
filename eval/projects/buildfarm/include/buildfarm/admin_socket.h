// The agent's admin endpoint (unix stream socket).
#pragma once
#include "buildfarm/admin_session.h"

#include <atomic>
#include <string>
#include <thread>

namespace buildfarm {

// start() binds and listens on the socket path and starts the accept
// thread, which serves one client at a time. stop() shuts the listener down
// and joins the accept thread; stop() twice is harmless; the destructor
// calls it.
class AdminSocket {
public:
  AdminSocket(std::string path, AdminHandler handler);
  ~AdminSocket();

  bool start();
  void stop();

private:
  void acceptLoop();

  std::string path_;
  AdminHandler handler_;
  int listenFd_ = -1;
  std::atomic<bool> running_{false};
  std::thread thread_;
};

} // namespace buildfarm
