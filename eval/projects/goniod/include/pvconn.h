// goniod — a line-oriented connection to an EPICS-style process-variable
// gateway ("PUT <pv> <value>" -> "OK", "GET <pv>" -> value) over TCP.
// put/get/request/post throw std::runtime_error once the connection is closed.
#pragma once
#include <mutex>
#include <string>

namespace goniod {

class PvConn {
public:
  PvConn(const std::string &host, int port);
  PvConn(int connected_fd, std::string peer);
  ~PvConn();
  PvConn(const PvConn &) = delete;
  PvConn &operator=(const PvConn &) = delete;

  void put(const std::string &pv, double value);
  void put(const std::string &pv, const std::string &value);
  double get(const std::string &pv);
  std::string request(const std::string &line);
  void post(const std::string &line);
  void close();
  bool alive() const;
  explicit operator bool() const { return alive(); }
  const std::string &peer() const { return peer_; }

private:
  void write_locked(const std::string &line);
  std::string read_line_locked();

  mutable std::mutex io_mu_;
  int fd_ = -1;
  std::string peer_;
  std::string rx_;
};

} // namespace goniod
