// One client of the admin socket.
#pragma once
#include <functional>
#include <string>

namespace buildfarm {

struct AdminReply {
  std::string text;
  bool closeSession = false;
};
using AdminHandler = std::function<AdminReply(const std::string &command)>;

// Owns the client descriptor. serve() reads newline-terminated commands and
// writes one reply per command until the client hangs up or the handler
// asks to end the session. close() closes the descriptor and is idempotent;
// the destructor calls it. reply() needs an open descriptor.
class AdminSession {
public:
  AdminSession(int fd, AdminHandler handler);
  ~AdminSession();
  AdminSession(const AdminSession &) = delete;
  AdminSession &operator=(const AdminSession &) = delete;

  void serve();
  void close();

private:
  void reply(const std::string &text);

  int fd_;
  AdminHandler handler_;
  bool closed_ = false;
};

} // namespace buildfarm
