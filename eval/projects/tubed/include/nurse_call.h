// NurseCallGateway: TCP client of the hospital's nurse-call server.
#pragma once

#include <mutex>
#include <string>

#include "status.h"

namespace tubed {

class NurseCallGateway {
 public:
  NurseCallGateway(std::string host, int port);
  ~NurseCallGateway();
  NurseCallGateway(const NurseCallGateway&) = delete;
  NurseCallGateway& operator=(const NurseCallGateway&) = delete;

  Status Open();
  // Code::Closed when the gateway is closed. A failed write closes the socket and
  // returns Code::IoError (the server drops clients that stall).
  Status Notify(const std::string& message);
  // Must run once per Open(): a second call throws std::logic_error.
  void Close();
  bool IsClosed() const;

 private:
  mutable std::mutex mu_;
  int fd_ = -1;
  bool closed_ = false;
  std::string host_;
  int port_;
};

}  // namespace tubed
