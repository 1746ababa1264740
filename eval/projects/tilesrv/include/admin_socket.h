// AdminSocket: a unix socket for operators ("stats", "evict", "compact",
// "reload", "quit"). One short blocking exchange per connection.
#pragma once

#include <functional>
#include <string>

#include "fd.h"

namespace tilesrv {

class AdminSocket {
public:
  using Handler = std::function<std::string(const std::string &command)>;

  AdminSocket(std::string path, Handler handler);
  ~AdminSocket();

  AdminSocket(const AdminSocket &) = delete;
  AdminSocket &operator=(const AdminSocket &) = delete;

  int fd() const { return listen_.get(); }
  bool isListening() const { return listen_.valid(); }
  bool quitRequested() const { return quitRequested_; }

  void serveOne();
  void stop();

private:
  const std::string path_;
  Handler handler_;
  Fd listen_;
  bool quitRequested_ = false;
};

} // namespace tilesrv
