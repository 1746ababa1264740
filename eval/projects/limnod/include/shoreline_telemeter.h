// Radio telemeter from the raft to the shore station.
#pragma once
#include <string>
#include <vector>

/// close() first drains the frames still queued. When that drain is interrupted by
/// a signal it returns -1 with errno == EINTR and releases nothing: the telemeter is
/// still open and close() must be called again. On any other error the frames are
/// dropped, the socket is released and close() returns -1 with that errno. Closing a
/// closed telemeter is a no-op that returns 0.
class ShorelineTelemeter {
public:
  ShorelineTelemeter(std::string host, int port);
  ~ShorelineTelemeter();
  ShorelineTelemeter(const ShorelineTelemeter &) = delete;
  ShorelineTelemeter &operator=(const ShorelineTelemeter &) = delete;

  bool open();
  bool isOpen() const { return fd_ >= 0; }
  /// Throws std::runtime_error when the telemeter is closed or the radio write fails.
  void send(const std::string &frame);
  int close();
  const std::string &host() const { return host_; }

private:
  bool drainPending();
  std::string host_;
  int port_;
  int fd_ = -1;
  std::vector<std::string> pending_;
};

/// Closes the telemeter, calling close() again while it fails with EINTR.
void closeTelemeterRetrying(ShorelineTelemeter &telemeter);
