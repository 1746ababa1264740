// A session table keeps connections by session id. Expiring a session closes
// the connection found by its key; posting to the same key afterwards is a
// use after close (bug). Posting to another literal key reaches a different
// element (correct), and so does a reference taken to another element.
#include "netconn.h"

#include <map>
#include <string>

class SessionTable {
public:
  void open(const std::string &id, const std::string &endpoint) {
    sessions_.emplace(id, net::Connection(endpoint));
  }

  void post(const std::string &id, const std::string &message) { sessions_.at(id).send(message); }

  void expire(const std::string &id) {
    sessions_.at(id).close();
    sessions_.at(id).send("SESSION-EXPIRED"); // BUG: use-after-close
  }

  void expireAdmin() {
    sessions_.at("admin").close();
    sessions_.at("monitor").send("admin session expired"); // OK
    net::Connection &ops = sessions_.at("ops");
    ops.send("admin session expired"); // OK
  }

private:
  std::map<std::string, net::Connection> sessions_;
};
